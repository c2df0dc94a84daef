package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// TestReplayShowsEvents: a replayed step lists the events its transaction
// emitted (the chain's state has no log hook, so the replay reads them
// from the state: oracle.Machine.TxLogs); before, a replay showed none.
func TestReplayShowsEvents(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "oracles", "assert_event_pos.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 5_000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Fatal("no finding to replay")
	}
	tr, err := Replay(bs, rep.Setup, rep.Findings[0])
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Steps[len(tr.Steps)-1]
	if len(last.Events) == 0 {
		t.Errorf("the last step lists no event:\n%s", FormatTrace(tr, bs))
	}
}
