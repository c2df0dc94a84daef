package session

import (
	"slices"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/solc"
)

// SuitesFor returns the invariant suites of proj whose imports reach one
// of files that is not test code (harness.Find; overlay's texts win over
// the disk) or, when none does, the first test file with a setUp() that
// reaches them (a set-up without invariants, as forge's unit tests
// have), less those among files themselves: a test file that is fuzzed
// directly already starts from its own set-up.
func SuitesFor(proj *solc.Project, files []string, overlay solc.Overlay) []string {
	found := harness.Find(proj, files, overlay)
	paths := harness.Suites(found)
	if len(paths) == 0 && len(found) > 0 {
		paths = []string{found[0].Path}
	}
	var out []string
	for _, p := range paths {
		if !slices.Contains(files, p) {
			out = append(out, p)
		}
	}
	return out
}

// Split gives the direct campaign its share of opts's budget (executions
// and time) when n invariant suites (files) run beside it, and returns
// the options of each suite: the same seed and settings, an equal share,
// none of the direct campaign's contracts, corpus, targets or hooks
// (forge's sequences, ForgeSeeds, which are by test contract, go to
// both). The
// direct campaign takes the remainder, so a fixed seed and execution
// budget repeat the whole run. A suite's share is divided among its test
// contracts (RunSuites): n counts files, which the plan knows before any
// compile, so the direct campaign can start before the suites are
// compiled (RunStaged) with the budget it has when they are.
func Split(opts *engine.Options, n int) engine.Options {
	h := engine.Options{Settings: opts.Settings, Oracles: opts.Oracles, Fork: opts.Fork, SetUpForks: opts.SetUpForks, ForgeSeeds: opts.ForgeSeeds}
	if n == 0 {
		return h
	}
	parts := uint64(n) + 1
	h.Execs = opts.Execs / parts
	opts.Execs -= h.Execs * uint64(n)
	h.Duration = opts.Duration / time.Duration(parts)
	opts.Duration -= h.Duration * time.Duration(n)
	return h
}

// share is the budget of the i-th of k test contracts of a suite whose
// share is opts's: equal parts, the first taking the remainder.
func share(opts engine.Options, k, i int) engine.Options {
	if k <= 1 {
		return opts
	}
	execs, dur := opts.Execs/uint64(k), opts.Duration/time.Duration(k)
	if i == 0 {
		execs += opts.Execs - execs*uint64(k)
		dur += opts.Duration - dur*time.Duration(k)
	}
	opts.Execs, opts.Duration = execs, dur
	return opts
}

// A Mode is why a run fuzzes, which decides what its files are.
type Mode int

const (
	// Named: the files were named on the command line (check, fuzz):
	// each is fuzzed directly, a test file from its own set-up.
	Named Mode = iota
	// Save: the files are the editor's open files and one was saved: an
	// open test file with a setUp() gets a campaign of its own, as an
	// unopened invariant suite does, and the other files are fuzzed
	// directly (so an open test never turns the direct campaign into a
	// set-up campaign that skips what its set-up does not call); with no
	// file outside test code open, as Named.
	Save
	// Command: "Fuzz this function" or "Fuzz this file": only what it
	// names, directly, without a suite.
	Command
)

// Campaigns is the plan of a run: the files of the direct campaign and
// the invariant suites, each fuzzed alone, beside it.
type Campaigns struct {
	Direct []string
	Suites []string
	// TestCode says the direct campaign fuzzes the test code of Direct
	// (a test file from its own set-up), as when it is named on the
	// command line: in mode Named, or when no file of Direct is outside
	// test code (a save of an open test alone; a command whose files are
	// all tests, though lsp refuses "Fuzz this file" on a test first).
	TestCode bool
}

// For plans the campaigns of files (absolute paths) of proj in mode;
// overlay's texts (open buffers) win over the disk.
func For(proj *solc.Project, files []string, overlay solc.Overlay, mode Mode) Campaigns {
	c := Campaigns{Direct: files}
	if mode == Command {
		c.TestCode = allTestCode(proj, files)
		return c
	}
	if mode == Save && !allTestCode(proj, files) {
		c.Direct = nil
		for _, f := range files {
			if proj.IsTestOrScript(f) && harness.HasSetUp(textOf(f, overlay)) {
				c.Suites = append(c.Suites, f)
				continue
			}
			c.Direct = append(c.Direct, f)
		}
	}
	c.TestCode = mode == Named || allTestCode(proj, c.Direct)
	c.Suites = append(c.Suites, SuitesFor(proj, c.Direct, overlay)...)
	slices.Sort(c.Suites)
	c.Suites = slices.Compact(c.Suites)
	return c
}

// allTestCode reports whether no file of files is outside test code.
func allTestCode(proj *solc.Project, files []string) bool {
	return !slices.ContainsFunc(files, func(f string) bool { return !proj.IsTestOrScript(f) })
}

// textOf is an open buffer's text, else the file's (harness.ReadSmall).
func textOf(path string, overlay solc.Overlay) []byte {
	if text, ok := overlay[path]; ok {
		return text
	}
	return harness.ReadSmall(path)
}

// ForEditor is For for an editor's run of the open files in mode m: a
// save or a command (Save, Command) plans the open files; Named plans
// file as if named alone on the command line ("Fuzz this file" on a
// test, fuzzed from its own set-up). It also returns the files the
// direct campaign's full compile holds: the open files less the suites,
// whose compile (a test with forge-std: seconds with solc-js) runs
// beside the direct campaign (RunStaged), which starts once the saved
// file's own code is compiled.
func ForEditor(proj *solc.Project, m Mode, file string, files []string, overlay solc.Overlay) (Campaigns, []string) {
	if m == Named {
		return For(proj, []string{file}, overlay, Named), files
	}
	cp := For(proj, files, overlay, m)
	return cp, slices.DeleteFunc(slices.Clone(files), func(f string) bool { return slices.Contains(cp.Suites, f) })
}
