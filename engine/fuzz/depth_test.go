package fuzz

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/oracle"
)

// TestDepthLadder needs a sequence of 14 transactions in one order
// (testdata/depth/Ladder.sol): entries whose last transaction opened new
// coverage grow at their end, one executed transaction per step, up to the
// default cap. With the old cap of 8 the bug cannot be reached at all.
func TestDepthLadder(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "depth", "Ladder.sol"))
	for _, tt := range []struct {
		maxLen int
		found  bool
	}{{0, true}, {8, false}} {
		res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: ladderExecs, MaxSeqLen: tt.maxLen}})
		if err != nil {
			t.Fatal(err)
		}
		if !tt.found {
			if len(res.Findings) != 0 {
				t.Errorf("max length %d: findings %v, want none", tt.maxLen, res.Findings)
			}
			continue
		}
		if len(res.Findings) != 1 || res.Findings[0].Kind != oracle.AssertFailure {
			t.Fatalf("findings %v, want one assert-failure", res.Findings)
		}
		f := res.Findings[0]
		if len(f.Seq) != 14 {
			t.Errorf("failing sequence has %d transactions, want 14 (shrunk)", len(f.Seq))
		}
		t.Logf("found after %d executions; %d executions, %d transactions in all", f.Execs, res.Execs, res.Txs)
	}
}

// ladderExecs is TestDepthLadder's budget.
const ladderExecs = 30_000
