package oracle

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/holiman/uint256"
)

// TestTwins checks the plan's twins: the sale's one numeric argument (its
// rate) gets a twin per extreme, each a deployed contract, and replaying
// the plan on another chain puts them at the same addresses; a contract
// without runtime arithmetic gets none.
func TestTwins(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "vulns", "swc101_pos_twin04.sol"))
	sale, ok := prog.Lookup("TwinSale04")
	if !ok {
		t.Fatal("no contract TwinSale04")
	}
	plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	var rates []uint256.Int
	for _, tw := range plan.Twins {
		if tw.Contract != sale.Index {
			continue
		}
		var r uint256.Int
		r.SetBytes(tw.Args[:32])
		rates = append(rates, r)
	}
	if len(rates) != len(deploy.WrapExtremes) {
		t.Fatalf("sale twins with rates %v, want one per extreme", rates)
	}
	for i := range rates {
		if !rates[i].Eq(&deploy.WrapExtremes[i]) {
			t.Errorf("twin %d: rate %s, want %s", i, rates[i].Hex(), deploy.WrapExtremes[i].Hex())
		}
	}
	ch, err := chain.New(chain.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dep, err := deploy.Deploy(ch, prog, plan)
	if err != nil {
		t.Fatal(err)
	}
	for _, tw := range plan.Twins {
		code, ok, err := deploy.Link(prog.Contracts[tw.Contract], prog, dep.Addrs, allDone(len(dep.Addrs)))
		if err != nil || !ok {
			t.Fatalf("link: %v", err)
		}
		res := ch.Call(chain.Tx{From: chain.Deployer, Input: append(code, tw.Args...), Value: tw.Value})
		if res.Err != nil || res.Created != tw.Addr || res.Created == (common.Address{}) {
			t.Errorf("twin of %s: at %s (%v), planned at %s", prog.Contracts[tw.Contract].Name, res.Created, res.Err, tw.Addr)
		}
	}

	neg := compile(t, filepath.Join("..", "testdata", "vulns", "swc101_neg_ctor04.sol"))
	plan, err = deploy.PlanDeployment(chain.Config{}, neg, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Twins) != 0 {
		t.Errorf("twins of a contract without runtime arithmetic: %+v", plan.Twins)
	}
}

// TestTokenHeld checks that a vault reading the balance of a token it is
// passed, in a build without a token, holds Foresight's token, and that a
// contract reading no balance is not given it.
func TestTokenHeld(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "vulns", "swc101_pos_held04.sol"))
	vault, ok := prog.Lookup("HeldVault04")
	if !ok {
		t.Fatal("no contract HeldVault04")
	}
	plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Token == (common.Address{}) || len(plan.TokenHeld) != 1 || plan.TokenHeld[0] != vault.Index {
		t.Fatalf("token %s held by %v, want Foresight's token held by HeldVault04 (%d)", plan.Token, plan.TokenHeld, vault.Index)
	}
	if g := plan.Grants[vault.Index]; len(g) != 1 || g[0].To != plan.Token {
		t.Fatalf("vault's grants %+v, want one mint of the token", g)
	}

	other := compile(t, filepath.Join("..", "testdata", "vulns", "swc101_pos_time04.sol"))
	plan, err = deploy.PlanDeployment(chain.Config{}, other, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Token != (common.Address{}) || len(plan.TokenHeld) != 0 {
		t.Errorf("a contract reading no balance: token %s held by %v, want none", plan.Token, plan.TokenHeld)
	}
}
