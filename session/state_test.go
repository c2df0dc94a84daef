package session

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// TestStateRuns: a project's state takes each compile of the latest run
// (the texts absorbed, the findings moved, the files changed since the
// last full compile) and nothing of a run a newer one superseded; a
// run's streamed finding is placed by the texts that run compiled, moved
// to the text now, or dropped when the edit touched its function, and a
// run that never fully compiled places nothing once superseded. Each
// step runs one of the runs (begun in order) on testdata/carry's
// Vault.sol edited by text.
func TestStateRuns(t *testing.T) {
	const assertAt = "totalDeposits -= amount;" // in withdraw, line 40 of the original
	comment := [2]string{"contract Vault {", "// moved\ncontract Vault {"}
	body := [2]string{"        require(ok, \"vault: send\");\n", ""}
	steps := []struct {
		name  string
		run   int         // which run: a run begins when first named
		stage Stage       // -1: record a finding of assertAt in the run's text
		edit  [][2]string // of the original Vault.sol: the text compiled, or the finding's
		// Want: superseded; the files changed (since the last full
		// compile) and edited (findings moved); the line of the
		// finding on the text now (0: none), and whether the step's
		// finding was recorded.
		superseded      bool
		changed, edited int
		line            int
		recorded        bool
	}{
		{name: "first full compile", run: 1, stage: StageDirect},
		{name: "finding of run 1", run: 1, stage: -1, line: 40, recorded: true},
		{name: "run 2 begins, run 1's analysis is superseded", run: 2, stage: StageAnalysis, edit: [][2]string{comment}, edited: 1, line: 41},
		{name: "run 1 compiles nothing more", run: 1, stage: StageAnalysis, edit: [][2]string{comment, comment}, superseded: true, line: 41},
		{name: "run 1's finding moves to the text now", run: 1, stage: -1, line: 41, recorded: true},
		{name: "run 2's finding is placed as found", run: 2, stage: -1, edit: [][2]string{comment}, line: 41, recorded: true},
		{name: "run 2's full compile changed the file", run: 2, stage: StageDirect, edit: [][2]string{comment}, changed: 1, line: 41},
		{name: "run 3's edit of withdraw drops the finding", run: 3, stage: StageAnalysis, edit: [][2]string{comment, body}, edited: 1},
		{name: "run 1's finding in the edited function is dropped", run: 1, stage: -1},
		{name: "run 2's too", run: 2, stage: -1, edit: [][2]string{comment}},
		{name: "run 3 places on the text now", run: 3, stage: -1, edit: [][2]string{comment, body}, line: 41, recorded: true},
		{name: "run 4 begins", run: 4, stage: StageAnalysis, edit: [][2]string{comment, body}, line: 41},
		{name: "run 3, not fully compiled, places nothing", run: 3, stage: -1, edit: [][2]string{comment, body}, line: 41},
	}
	vault, tc, proj := carryProject(t)
	original, err := os.ReadFile(vault)
	if err != nil {
		t.Fatal(err)
	}
	state := NewState()
	runs := map[int]*Gen{}
	ids := 0
	for _, step := range steps {
		g := runs[step.run]
		if g == nil {
			g = state.Begin()
			runs[step.run] = g
		}
		text := original
		for _, e := range step.edit {
			text = bytes.Replace(text, []byte(e[0]), []byte(e[1]), 1)
		}
		if step.stage < 0 {
			at := bytes.Index(text, []byte(assertAt))
			f := report.Finding{Kind: "assert", Path: vault, Start: at, End: at + len(assertAt), Line: bytes.Count(text[:at], []byte("\n")) + 1, Column: 9}
			nf, _ := g.Record(f, vault, false, func() string { ids++; return fmt.Sprintf("f%d", ids) })
			if (nf != nil) != step.recorded {
				t.Errorf("%s: recorded %v, want %v", step.name, nf != nil, step.recorded)
			}
		} else {
			mode := solc.Full
			if step.stage == StageAnalysis {
				mode = solc.Diagnostics
			}
			builds, err := tc.Compile(context.Background(), proj, solc.Request{Files: []string{vault}, Overlay: solc.Overlay{vault: text}, Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			st := g.apply(step.stage, builds)
			if st.Superseded != step.superseded || len(st.Changed) != step.changed || len(st.Moved) != step.edited {
				t.Errorf("%s: superseded %v, changed %v, edited %d; want %v, %d, %d", step.name, st.Superseded, st.Changed, len(st.Moved), step.superseded, step.changed, step.edited)
			}
			if now := state.Text(vault); !step.superseded && !bytes.Equal(now.Content(), text) {
				t.Errorf("%s: the state's text is not the compiled one", step.name)
			}
		}
		line := 0
		if fs := state.In(vault); len(fs) == 1 && fs[0].Text == state.Text(vault) {
			line = fs[0].Found.Line
		} else if len(fs) > 1 {
			t.Errorf("%s: %d findings, want one at most", step.name, len(fs))
		}
		if line != step.line {
			t.Errorf("%s: the finding is at line %d of the text now, want %d", step.name, line, step.line)
		}
	}
	if !slices.Equal([]bool{runs[1].Current(), runs[4].Current()}, []bool{false, true}) {
		t.Error("only the run begun last is current")
	}
}

// TestStateRecheckSuperseded: a run's replay of the stored findings is
// applied to the record only while the run is the latest. The finding's
// set-up contract is not in the build, so its replay says stale.
func TestStateRecheckSuperseded(t *testing.T) {
	vault, tc, proj := carryProject(t)
	builds, err := tc.Compile(context.Background(), proj, solc.Request{Files: []string{vault}, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	state := NewState()
	older := state.Begin()
	if st := older.apply(StageDirect, builds); st.Superseded || !st.Clean {
		t.Fatalf("the first compile: %+v", st)
	}
	state.SetUp(1, report.Setup{SetUp: "Gone"})
	f := report.Finding{Kind: "assert-failure", Contract: "Vault", Path: vault, Start: 0, End: 1, Line: 1, Column: 1, Seed: 1}
	if nf, _ := older.Record(f, vault, false, func() string { return "f1" }); nf == nil {
		t.Fatal("the finding was not recorded")
	}
	newer := state.Begin()
	for _, c := range []struct {
		name  string
		run   *Gen
		paths int
		state engine.Status
	}{
		{name: "superseded", run: older, paths: 0, state: ""},
		{name: "latest", run: newer, paths: 1, state: engine.Stale},
	} {
		r, ok := c.run.recheck(context.Background(), nil, true, false)
		fs := state.In(vault)
		if !ok || len(r.Failed) > 0 || len(r.Paths) != c.paths || len(fs) != 1 || fs[0].State.Status != c.state {
			t.Errorf("%s run's replay: ok %v, failed %v, paths %v, findings %d; want %d paths and the finding in state %v", c.name, ok, r.Failed, r.Paths, len(fs), c.paths, c.state)
		} else if c.state == engine.Stale && fs[0].State.Reason != "set-up contract Gone is gone" {
			t.Errorf("stale because %q", fs[0].State.Reason)
		}
	}
}

// TestStateNotes: the notes of what a campaign did not fuzz are placed on
// the compiled text they were made on (and left out when it changed),
// move with an edit, are dropped when it touches them, and a superseded
// run sets none.
func TestStateNotes(t *testing.T) {
	vault, tc, proj := carryProject(t)
	original, err := os.ReadFile(vault)
	if err != nil {
		t.Fatal(err)
	}
	const name = "contract Base {"
	comment := [2]string{name, "// moved\n" + name}
	steps := []struct {
		what  string
		edit  [2]string // of the original: compiled by a new run, or noted (set)
		set   bool      // note Base on the text edit gives, by the latest run
		stale bool      // by the run before it
		// Want: the note's offset in the text now (-1: none).
		at int
	}{
		{what: "a note on the compiled text", set: true, at: bytes.Index(original, []byte(name))},
		{what: "none on another text", set: true, edit: comment, at: -1},
		{what: "a note again", set: true, at: bytes.Index(original, []byte(name))},
		{what: "moved by an edit above it", edit: comment, at: bytes.Index(original, []byte(name)) + len("// moved\n")},
		{what: "none from a superseded run", set: true, stale: true, at: bytes.Index(original, []byte(name)) + len("// moved\n")},
		{what: "dropped by an edit of its line", edit: [2]string{name, "contract Base { // edited"}, at: -1},
	}
	state := NewState()
	runs := []*Gen{state.Begin()}
	compile := func(text []byte) {
		builds, err := tc.Compile(context.Background(), proj, solc.Request{Files: []string{vault}, Overlay: solc.Overlay{vault: text}, Mode: solc.Full})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, state.Begin())
		runs[len(runs)-1].apply(StageDirect, builds)
	}
	compile(original)
	for _, step := range steps {
		text := original
		if step.edit[0] != "" {
			text = bytes.Replace(original, []byte(step.edit[0]), []byte(step.edit[1]), 1)
		}
		if step.set {
			g := runs[len(runs)-1]
			if step.stale {
				g = runs[len(runs)-2]
			}
			at := bytes.Index(text, []byte(name))
			sk := Status{Name: "Base", Why: NoFunctions, Reason: "no functions", Path: vault, Content: text, Start: at, End: at + len(name)}
			if _, ok := g.SetNotes([]Status{sk}); ok == step.stale {
				t.Errorf("%s: set %v", step.what, ok)
			}
		} else {
			compile(text)
		}
		at := -1
		if ns := state.Notes(vault); len(ns) == 1 && ns[0].Text == state.Text(vault) {
			at = ns[0].Start
		}
		if at != step.at {
			t.Errorf("%s: the note is at %d, want %d", step.what, at, step.at)
		}
	}
}

// carryProject loads testdata/carry, the state tests' project, with a
// solc-js toolchain closed when the test ends; vault is its Vault.sol.
func carryProject(t *testing.T) (vault string, tc *solc.Toolchain, proj *solc.Project) {
	t.Helper()
	root := filepath.Join(fixtures.RepoRoot(), "session", "testdata", "carry")
	tc = solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	t.Cleanup(func() { tc.Close() })
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "src", "Vault.sol"), tc, proj
}
