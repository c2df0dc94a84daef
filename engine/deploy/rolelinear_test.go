package deploy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestRoleSearchLinear deploys files of 10 and of 40 contracts, each
// with an address constant of its own and one they all share, and
// compares the storage reads of the role search per contract: it probed
// every candidate in every contract's storage at every mapping root, so
// its work grew with the square of the project (on 1,000 one-function
// contracts `fuzz --timeout 10s` ran for 71 minutes in it, reaching 9.2
// GB). The first contract's constructor grants its constant a role,
// which the search must still find.
func TestRoleSearchLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 50 contracts")
	}
	perContract := func(n int) float64 {
		prog, granted := roleContracts(t, n)
		plan, err := PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 2)), 1000)
		if err != nil {
			t.Fatal(err)
		}
		ch, err := chain.New(chain.Config{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		reads := -1
		TestHookRoleReads = func(r int) { reads = r }
		defer func() { TestHookRoleReads = nil }()
		d, err := Deploy(ch, prog, plan)
		if err != nil {
			t.Fatal(err)
		}
		if reads < 0 {
			t.Fatal("the deployment made no role search")
		}
		if !slices.Equal(d.Roles, []common.Address{granted}) {
			t.Errorf("roles of %d contracts %v, want %s", n, d.Roles, granted)
		}
		return float64(reads) / float64(n)
	}
	few, many := perContract(10), perContract(40)
	t.Logf("role search: %.0f storage reads per contract of 10, %.0f of 40", few, many)
	if many > 1.25*few {
		t.Errorf("the role search reads %.0f slots per contract of 40, %.0f of 10: its work per contract grows with the project", many, few)
	}
}

// roleContracts compiles n contracts with a mapping keyed by address and
// an address constant each, plus one they share; the first grants its
// own constant a key in its constructor, which it returns.
func roleContracts(t *testing.T, n int) (*program.Program, common.Address) {
	t.Helper()
	addr := func(i int) common.Address {
		return common.BytesToAddress(crypto.Keccak256([]byte(fmt.Sprint("role", i))))
	}
	shared := common.HexToAddress("0x4242424242424242424242424242424242424242")
	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n")
	for i := range n {
		ctor := ""
		if i == 0 {
			ctor = "constructor() { m[K] = true; } "
		}
		fmt.Fprintf(&b, "contract C%d { mapping(address => bool) public m; address constant K = %s; address constant S = %s; %sfunction f(uint256 a) public { m[a == %d ? K : S] = true; } }\n",
			i, addr(i).Hex(), shared.Hex(), ctor, i*7+13)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Roles.sol"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := program.New(testbuild.CompileIn(t, dir, "Roles.sol"))
	if err != nil {
		t.Fatal(err)
	}
	return prog, addr(0)
}
