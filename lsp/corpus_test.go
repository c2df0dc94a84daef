package lsp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
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

// savedInputs loads a project's corpus directory as a campaign would.
func savedInputs(t *testing.T, root string) *corpus.Loaded {
	t.Helper()
	d, _, err := corpus.Open(filepath.Join(root, ".foresight", "corpus"), root)
	if err != nil {
		t.Fatal(err)
	}
	l, err := d.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// awaitLogged waits for a window/logMessage containing text.
func (f *fakeClient) awaitLogged(text string) {
	f.t.Helper()
	f.Await("a message "+strconv.Quote(text), func() bool {
		for _, m := range f.logged {
			if strings.Contains(m.Message, text) {
				return true
			}
		}
		return false
	})
}

// TestCorpusPersists follows a project's corpus across campaigns and
// restarts: a cancelled campaign writes it (git-ignored, one file per
// input), a new server seeds its campaign with it, a campaign that stops
// before it ran every saved input loses none, and a corrupt file is
// skipped with a warning and left in place.
func TestCorpusPersists(t *testing.T) {
	// SequenceFoo's corpus grows to hundreds of inputs (TwoObjectives' stays
	// at one path).
	path := copyShared(t, "SequenceFoo.sol")
	root := filepath.Dir(path)
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
	saved := savedInputs(t, root).Inputs
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
	grown := savedInputs(t, root).Inputs
	if len(grown) <= len(saved) {
		t.Fatalf("corpus after a finished campaign: %d inputs; want more than %d", len(grown), len(saved))
	}

	// A campaign whose budget ends before it ran every saved input keeps
	// those it did not run.
	g.configure(with(settings, "fuzzExecs", 5))
	g.save(path)
	g.awaitRunEnd(2)
	if after := savedInputs(t, root).Inputs; len(after) < len(grown) {
		t.Errorf("corpus after a 5-execution campaign: %d inputs; want at least %d", len(after), len(grown))
	}
	g.shutdown()

	// A corrupt file: a warning, the other inputs still seed the campaign,
	// and the file stays (nothing is lost).
	corrupt := filepath.Join(root, ".foresight", "corpus", "inputs", "SequenceFoo-corrupt.json")
	if err := os.WriteFile(corrupt, []byte(`{"format": "foresight.input/v1", "calls": `), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newFake(t, fakeOptions{settings: settings})
	h.open(path)
	if msg := h.awaitFuzzingReport(); !strings.HasPrefix(msg, "fuzzing all functions (") {
		t.Errorf("campaign with a corrupt input file: %q, want the other saved inputs", msg)
	}
	h.awaitLogged("skipped the corpus file SequenceFoo-corrupt.json")
	h.awaitRunEnd(1)
	h.shutdown()
	if _, err := os.Stat(corrupt); err != nil {
		t.Errorf("the corrupt file was lost: %v", err)
	}
}

// TestCorpusMigratesAndDropsStale: a corpus of the older per-contract
// format seeds the campaign and becomes one file per input; inputs of a
// function that no longer exists or whose parameters changed are deleted
// with a count shown, and the rest kept.
func TestCorpusMigratesAndDropsStale(t *testing.T) {
	path := copyShared(t, "SequenceFoo.sol")
	root := filepath.Dir(path)
	call := func(fn, args string) corpus.Input {
		return corpus.Input{Calls: []corpus.InputCall{{Contract: "SequenceFoo", Function: fn, Args: args, Sender: 0}}}
	}
	old := []corpus.Input{
		call("setY(int256)", "0x000000000000000000000000000000000000000000000000000000000000002a"),
		call("incX()", "0x"),
		call("gone()", "0x"), // removed
		call("setY(uint8)", "0x0000000000000000000000000000000000000000000000000000000000000001"), // parameter changed
	}
	oldFile := filepath.Join(root, ".foresight", "corpus", "SequenceFoo.json")
	if err := corpus.SaveInputs(oldFile, old); err != nil {
		t.Fatal(err)
	}
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 2000, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1}})
	f.open(path)
	if msg := f.awaitFuzzingReport(); msg != "fuzzing all functions (4 saved inputs)" {
		t.Errorf("campaign on a converted corpus: %q, want its 4 inputs", msg)
	}
	f.awaitRunEnd(1)
	f.awaitLogged("dropped 2 stale inputs")
	f.shutdown()
	if _, err := os.Stat(oldFile); !os.IsNotExist(err) {
		t.Errorf("the older file is still there: %v", err)
	}
	fns := map[string]bool{}
	for _, in := range savedInputs(t, root).Inputs {
		for _, c := range in.Calls {
			fns[c.Function] = true
		}
	}
	if fns["gone()"] || fns["setY(uint8)"] || !fns["setY(int256)"] || !fns["incX()"] {
		t.Errorf("functions called by the saved inputs: %v; want the stale ones gone, the rest kept", fns)
	}
}

// TestCorpusStaysInWorkspace: a .foresight directory that is a symlink out
// of the workspace gets no corpus (a warning instead), and a dangling
// .foresight/.gitignore symlink does not create its target.
func TestCorpusStaysInWorkspace(t *testing.T) {
	settings := map[string]any{"fuzzExecs": 500, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1}
	outside := t.TempDir()
	path := copyShared(t, "SequenceFoo.sol")
	if err := os.Symlink(outside, filepath.Join(filepath.Dir(path), ".foresight")); err != nil {
		t.Fatal(err)
	}
	f := newFake(t, fakeOptions{settings: settings})
	f.open(path)
	f.awaitRunEnd(1)
	f.Await("a warning about the corpus outside the workspace", func() bool {
		for _, m := range append(append([]protocol.ShowMessageParams(nil), f.shown...), showOf(f.logged)...) {
			if m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "outside the workspace") {
				return true
			}
		}
		return false
	})
	f.shutdown()
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("written outside the workspace: %v", entries)
	}

	path = copyShared(t, "SequenceFoo.sol")
	target := filepath.Join(outside, "created-by-gitignore")
	os.Mkdir(filepath.Join(filepath.Dir(path), ".foresight"), 0o755)
	if err := os.Symlink(target, filepath.Join(filepath.Dir(path), ".foresight", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	g := newFake(t, fakeOptions{settings: settings})
	g.open(path)
	g.awaitRunEnd(1)
	g.shutdown()
	if _, err := os.Lstat(target); !os.IsNotExist(err) {
		t.Errorf("the dangling .gitignore symlink's target was created: %v", err)
	}
	if l := savedInputs(t, filepath.Dir(path)); len(l.Inputs) == 0 {
		t.Error("no corpus saved next to the dangling .gitignore symlink")
	}
}

func showOf(logged []protocol.LogMessageParams) []protocol.ShowMessageParams {
	out := make([]protocol.ShowMessageParams, len(logged))
	for i, m := range logged {
		out[i] = protocol.ShowMessageParams(m)
	}
	return out
}
