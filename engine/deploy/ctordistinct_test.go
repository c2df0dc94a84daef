package deploy

import (
	"path/filepath"
	"testing"
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
		ch, d := planAndDeploy(t, prog, seed)
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
