package engine

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestReplayNegativeSenderIndex: a senderIndex out of range, a sender
// that is none of the replayed system's, or an attacker that is not the
// one at the sender's address, is an error of the replay, not a panic; a
// senderIndex that names another principal is the campaign's numbering
// (deployments number their principals differently), and the replay
// sends from the recorded address; a corpus merge does not copy a
// findings file with a senderIndex out of range.
func TestReplayNegativeSenderIndex(t *testing.T) {
	_, bs := exportProject(t)
	for _, idx := range []int{-1, -1 << 40, 1 << 40} {
		f, setup := seqFooFinding()
		f.Calls[1].SenderIndex = idx
		if _, err := Replay(bs, setup, f); !errors.Is(err, ErrReplay) {
			t.Errorf("senderIndex %d: err = %v, want ErrReplay", idx, err)
		}
	}
	for name, mutate := range map[string]func(*report.Call){
		"no sender of the system": func(c *report.Call) { c.Sender = "0x00000000000000000000000000000000000BaD00" },
		"attacker not at sender":  func(c *report.Call) { c.Attacker = "reentrant" },
		"attacker unnamed":        func(c *report.Call) { c.Sender = "0x0000000000000000000000000000000a77Ac0002" },
	} {
		f, setup := seqFooFinding()
		mutate(&f.Calls[1])
		if _, err := Replay(bs, setup, f); !errors.Is(err, ErrReplay) {
			t.Errorf("%s: err = %v, want ErrReplay", name, err)
		}
	}
	f, setup := seqFooFinding()
	f.Calls[1].SenderIndex = 7
	if tr, err := Replay(bs, setup, f); err != nil || tr.Finding == nil || tr.Finding.Kind != f.Kind {
		t.Errorf("senderIndex 7 naming another principal: %v, want the recorded sender's replay", err)
	}
	f, setup = seqFooFinding()
	if tr, err := Replay(bs, setup, f); err != nil || tr.Finding == nil || tr.Finding.Kind != f.Kind {
		t.Fatalf("the valid finding does not replay: %v", err)
	}

	f.Calls[0].SenderIndex = -1
	data, err := json.Marshal(map[string]any{"schema": "foresight.report/v1", "setup": setup, "findings": []report.Finding{f}})
	if err != nil {
		t.Fatal(err)
	}
	src, _, err := corpus.Open(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	path, _, err := src.AddFinding(f, data)
	if err != nil {
		t.Fatal(err)
	}
	dst, _, err := corpus.Open(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	if added, err := dst.CopyFinding(path); err == nil || added {
		t.Errorf("CopyFinding copied a finding with senderIndex -1 (added %v, err %v)", added, err)
	}
}

// reportJSON is a report of n findings of calls calls, each with args
// arguments.
func reportJSON(n, calls, args int) []byte {
	f, setup := seqFooFinding()
	c := f.Calls[2]
	c.Args = make([]string, args)
	for i := range c.Args {
		c.Args[i] = "1"
	}
	f.Calls = make([]report.Call, calls)
	for i := range f.Calls {
		f.Calls[i] = c
	}
	fs := make([]report.Finding, n)
	for i := range fs {
		fs[i] = f
	}
	data, err := json.Marshal(report.File{Schema: "foresight.report/v1", Setup: setup, Findings: fs})
	if err != nil {
		panic(err)
	}
	return data
}
