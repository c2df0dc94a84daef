package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// TestGuards: a campaign's report names each condition inputs reached and
// none passed, with its line, text and the best input's distance: far
// for a hash, at most 3 for 3v == 1000 (v = 333 misses by 1).
func TestGuards(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "guards", "Gate.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 5000, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	byLine := map[int]Guard{}
	for _, g := range rep.Guards {
		if filepath.Base(g.File) != "Gate.sol" {
			t.Errorf("guard in %s: %+v", g.File, g)
		}
		byLine[g.Line] = g
	}
	hash, ok := byLine[14]
	if !ok || hash.Text != `require(uint256(keccak256(abi.encode(key))) < 1000, "wrong key")` || hash.Bits < 200 || hash.FuncFirst != 13 || hash.FuncLast != 16 {
		t.Errorf("line 14's guard = %+v (ok %v), want the hash's require, over 200 bits off, in lines 13-16", hash, ok)
	}
	near, ok := byLine[19]
	if !ok || near.Text != "require(v * 3 == 1000)" || near.Bits < 1 || near.Bits > 2 {
		t.Errorf("line 19's guard = %+v (ok %v), want 3v == 1000 missed by 1 to 3", near, ok)
	}
	if near.Distance() != "the best input missed it by 1" && near.Distance() != "the best input missed it by 2 to 3" {
		t.Errorf("distance = %q", near.Distance())
	}
	if len(byLine) != 2 {
		t.Errorf("guards = %+v, want the two requires only", rep.Guards)
	}
}
