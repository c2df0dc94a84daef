package lsp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"go.lsp.dev/protocol"
)

// awaitFuzzingReport waits for a progress report that starts fuzzing and
// returns its message.
func (f *fakeClient) awaitFuzzingReport() string {
	f.t.Helper()
	var msg string
	f.Await("a campaign's start", func() bool {
		for _, tok := range f.tokens {
			for _, e := range f.progress[tok] {
				if e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing") && !strings.Contains(e.Message, "execs") {
					msg = e.Message
					return true
				}
			}
		}
		return false
	})
	return msg
}

// TestCorpusPersists follows a project's corpus across campaigns and
// restarts: a cancelled campaign writes it (git-ignored), a new server
// seeds its campaign with it, a campaign that stops before it ran every
// saved input loses none, and a corrupt file is skipped with a warning and
// then replaced.
func TestCorpusPersists(t *testing.T) {
	// SequenceFoo's corpus grows to hundreds of inputs (TwoObjectives' stays
	// at one path).
	path := copyShared(t, "SequenceFoo.sol")
	root := filepath.Dir(path)
	file := filepath.Join(root, ".foresight", "corpus", "SequenceFoo.json")
	settings := map[string]any{"fuzzExecs": 10_000, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1}

	// A campaign without a budget, cancelled by shutdown once it ran.
	f := newFake(t, fakeOptions{settings: with(settings, "fuzzExecs", 0, "fuzzBudgetSeconds", 600)})
	f.open(path)
	if msg := f.awaitFuzzingReport(); msg != "fuzzing all functions" {
		t.Errorf("first campaign: %q, want no saved inputs", msg)
	}
	f.Await("executions", func() bool {
		for _, e := range f.progress[f.tokens[0]] {
			if strings.Contains(e.Message, " execs") {
				return true
			}
		}
		return false
	})
	f.shutdown()
	saved, err := engine.LoadInputs(file)
	if err != nil {
		t.Fatalf("corpus after a cancelled campaign: %v", err)
	}
	if len(saved) == 0 {
		t.Fatal("the campaign saved an empty corpus")
	}
	for _, in := range saved {
		if len(in.Calls) == 0 || in.Calls[0].Contract != "SequenceFoo" {
			t.Fatalf("saved input %+v: want calls to SequenceFoo", in)
		}
	}
	ignore, err := os.ReadFile(filepath.Join(root, ".foresight", ".gitignore"))
	if err != nil || string(ignore) != "*\n" {
		t.Errorf(".foresight/.gitignore = %q, %v; want \"*\\n\"", ignore, err)
	}

	// A new server seeds its first campaign with the corpus.
	g := newFake(t, fakeOptions{settings: settings})
	g.open(path)
	want := "fuzzing all functions (" + strconv.Itoa(len(saved)) + " saved inputs)"
	if msg := g.awaitFuzzingReport(); msg != want {
		t.Errorf("campaign after a restart: %q, want %q", msg, want)
	}
	g.awaitRunEnd(1)
	if !strings.Contains(g.logs.String(), `"seedsUsed": `+strconv.Itoa(len(saved))) {
		t.Errorf("the engine did not use the %d saved inputs; server log:\n%s", len(saved), g.logs.String())
	}
	grown, err := engine.LoadInputs(file)
	if err != nil || len(grown) <= len(saved) {
		t.Fatalf("corpus after a finished campaign: %d inputs, %v; want more than %d", len(grown), err, len(saved))
	}

	// A campaign whose budget ends before it ran every saved input keeps
	// those it did not run.
	g.configure(with(settings, "fuzzExecs", 5))
	g.save(path)
	g.awaitRunEnd(2)
	if after, err := engine.LoadInputs(file); err != nil || len(after) < len(grown) {
		t.Errorf("corpus after a 5-execution campaign: %d inputs, %v; want at least %d", len(after), err, len(grown))
	}
	g.shutdown()

	// A corrupt file: a warning, a campaign from scratch, then a valid file.
	if err := os.WriteFile(file, []byte(`{"format": "foresight.corpus/v1", "inputs": [{"calls": `), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newFake(t, fakeOptions{settings: settings})
	h.open(path)
	if msg := h.awaitFuzzingReport(); msg != "fuzzing all functions" {
		t.Errorf("campaign with a corrupt corpus: %q, want no saved inputs", msg)
	}
	h.Await("a warning about the corrupt file", func() bool {
		for _, m := range h.logged {
			if m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "corrupt corpus file "+file) {
				return true
			}
		}
		return false
	})
	h.awaitRunEnd(1)
	h.shutdown()
	if _, err := engine.LoadInputs(file); err != nil {
		t.Errorf("the corrupt file was not replaced: %v", err)
	}
}
