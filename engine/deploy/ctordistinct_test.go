package deploy

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
)

// TestCtorDistinctTokens: a constructor taking two tokens gets two
// different deployed tokens at every seed, each of the type its parameter
// names where one is deployed.
func TestCtorDistinctTokens(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "two_tokens.sol"))
	index := map[string]int{}
	for i, c := range prog.Contracts {
		index[c.Name] = i
	}
	for seed := uint64(1); seed <= 8; seed++ {
		plan, err := PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(seed, 0)), CtorBudget)
		if err != nil {
			t.Fatal(err)
		}
		ch, err := chain.New(chain.Config{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		d, err := Deploy(ch, prog, plan)
		if err != nil {
			t.Fatal(err)
		}
		ta, tb := d.Addrs[index["TokenA"]], d.Addrs[index["TokenB"]]
		for _, pool := range []string{"NamedPool", "InterfacePool"} {
			at := d.Addrs[index[pool]]
			a, b := slotAddr(ch, at, 0), slotAddr(ch, at, 1)
			if a == b {
				t.Errorf("seed %d: %s got one token twice, %s", seed, pool, a.Hex())
			}
			if pool == "NamedPool" && (a != ta || b != tb) {
				t.Errorf("seed %d: NamedPool got %s, %s; want TokenA %s, TokenB %s", seed, a.Hex(), b.Hex(), ta.Hex(), tb.Hex())
			}
		}
	}
}
