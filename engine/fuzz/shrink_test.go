package fuzz

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// TestShrinkIntegers checks that the shrinker reduces integer arguments to
// the smallest values that still reproduce a finding: an amount that only
// has to exceed 1000 becomes 1001, a negative delta that has to be below
// -50 becomes -51, a tag the failure does not depend on becomes 0, and a
// code that must be exact stays and is listed as not reducible.
func TestShrinkIntegers(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "shrink_ints.sol"))
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: 5000, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"withdraw": "1001", "check": "-51", "mark": "0", "unlock": "104373592874733"}
	seen := map[string]bool{}
	for _, f := range res.Findings {
		for _, tx := range f.Seq {
			if tx.Method < 0 {
				continue
			}
			name := prog.Contracts[tx.Contract].Methods[tx.Method].Name
			w, ok := want[name]
			if !ok || len(tx.Args) != 1 {
				continue
			}
			seen[name] = true
			if got := tx.Args[0].String(); got != w {
				t.Errorf("%s: shrunk argument %s, want %s", name, got, w)
			}
		}
		last := f.Seq[len(f.Seq)-1]
		name := prog.Contracts[last.Contract].Methods[last.Method].Name
		// A value found already minimal (say -51 from the dictionary) is
		// rightly not reducible too: only the exact code is asserted.
		kept := len(f.Unreduced) == 1 && f.Unreduced[0].Tx == len(f.Seq)-1 && f.Unreduced[0].Arg.String() == "0"
		if name == "unlock" && !kept {
			t.Errorf("%s: unreduced %+v, want its code", name, f.Unreduced)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no finding's sequence calls %s: %+v", name, res.Findings)
		}
	}
}

// TestShrinkLeaves checks the shrinker on other types than integers: an
// address becomes an account the campaign knows, bytes become the
// shortest run of zeros that fails, and a string its shortest failing
// prefix.
func TestShrinkLeaves(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "shrink_leaves.sol"))
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: 5000, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range res.Findings {
		last := f.Seq[len(f.Seq)-1]
		name := prog.Contracts[last.Contract].Methods[last.Method].Name
		seen[name] = true
		arg := last.Args[0]
		switch name {
		case "give":
			addr := common.Address(arg.Word.Bytes20())
			// Known: a principal other than its sender, or a deployed
			// contract (knownAddresses).
			known := deploy.PrincipalIndex(addr) >= 0 || slices.Contains(res.Deployment.Addrs, addr)
			if !known || deploy.PrincipalIndex(addr) == last.Sender {
				t.Errorf("give: shrunk to %s, want another account the campaign knows than its sender", addr)
			}
		case "tag":
			if !bytes.Equal(arg.Bytes, []byte{0, 0, 0}) {
				t.Errorf("tag: shrunk to %x, want 000000", arg.Bytes)
			}
		case "label":
			if len(arg.Bytes) != 2 {
				t.Errorf("label: shrunk to %q, want 2 bytes", arg.Bytes)
			}
		}
	}
	for _, name := range []string{"give", "tag", "label"} {
		if !seen[name] {
			t.Errorf("no finding ends in %s", name)
		}
	}
}
