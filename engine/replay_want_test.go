package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// TestReplayGivesTheReportedOfTwo checks that a replay reproduces the
// finding its report names when the same transaction shows another of the
// same kind first: the campaign reports a wrap at one line, then (that
// line known) another line's wrap in the same transaction of another
// contract, and Replay must give that second line, as a shrink does.
func TestReplayGivesTheReportedOfTwo(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "replay", "two_wraps_one_tx.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	lines := map[int]bool{}
	for _, f := range rep.Findings {
		lines[f.Line] = true
	}
	if !lines[14] || !lines[15] {
		t.Fatalf("findings %v, want SWC-101 at both 14 and 15", found(rep))
	}
	for _, f := range rep.Findings {
		tr, err := Replay(bs, rep.Setup, f)
		if err != nil {
			t.Fatal(err)
		}
		if !tr.Reproduced {
			got := "nothing"
			if tr.Finding != nil {
				got = fmt.Sprintf("%s@%d", tr.Finding.Kind, tr.Finding.Line)
			}
			t.Errorf("%s@%d in %s: replay gave %s", f.Kind, f.Line, f.Contract, got)
			continue
		}
		// The replayed finding's message names its calls, as the report's.
		if tr.Finding.Message != f.Message {
			t.Errorf("replay's message %q, the report's %q", tr.Finding.Message, f.Message)
		}
	}
}
