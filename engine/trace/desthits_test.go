package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestDestHits: a loop's JUMPDEST in user code is counted once per round
// of the merged transactions (allocLoop runs calldataload(0) rounds),
// not for a transaction whose coverage is not merged (an oracle's
// re-run). TestTracedCallAllocs checks that counting allocates nothing.
func TestDestHits(t *testing.T) {
	user := make([]bool, len(allocLoop))
	for i := range user {
		user[i] = true
	}
	tr := New([]*Code{NewCode(allocLoop, user)})
	ch, err := chain.New(chain.Config{}, tr.Hooks())
	if err != nil {
		t.Fatal(err)
	}
	to := common.HexToAddress("0x100000")
	ch.SetOpHook(tr.Step)
	tr.Bind(to, 0)
	ch.Install(to, allocLoop, nil)
	snap := ch.Snapshot()
	seen := make([]uint8, tr.Edges())
	run := func(rounds byte, merge bool) {
		ch.Reset(snap)
		tr.BeginTx()
		if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: to, Input: common.LeftPadBytes([]byte{rounds}, 32)}); r.Err != nil {
			t.Fatal(r.Err)
		}
		if merge {
			tr.MergeCoverage(seen)
		}
	}
	for _, tt := range []struct {
		rounds byte
		merge  bool
		want   uint64
	}{{50, true, 50}, {7, false, 50}, {9, true, 59}} {
		run(tt.rounds, tt.merge)
		if got, ok := tr.DestHits(0, 3); !ok || got != tt.want {
			t.Errorf("after %d rounds (merged %v): DestHits = %d, %v; want %d", tt.rounds, tt.merge, got, ok, tt.want)
		}
	}
	if _, ok := tr.DestHits(0, 4); ok {
		t.Error("pc 4 (no JUMPDEST) counted")
	}
	if _, ok := tr.Edge(0, 3, false); ok {
		t.Error("the JUMPDEST at 3 read as a JUMPI's edge")
	}
	if e, ok := tr.Edge(0, 23, true); !ok || tr.EdgeHits(e) != 59-2 {
		t.Errorf("the loop's JUMPI: edge %d, %v, taken %d times; want 57", e, ok, tr.EdgeHits(e))
	}
}
