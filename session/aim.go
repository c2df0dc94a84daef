package session

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/solc"
)

// An Aim is what the direct campaign calls (engine.Options.Contracts,
// never empty) and what it is about (Focus: "Contract.function"; Targets:
// lines to reach).
type Aim struct {
	Contracts []string
	Focus     []string
	Targets   []engine.Target
}

// AimFor restricts a to what the direct campaign of c fuzzes in builds
// (its compile, with the files that depend on c.Direct's): the contracts
// of their requested files outside test code or, when c fuzzes test code
// directly (TestCode), test code too, as 'foresight check test/X.t.sol'
// fuzzes X.t.sol from its own set-up; only those of only ("Fuzz this
// file") when it is set. Focus and targets in
// test code are dropped: what a set-up deploys is what is fuzzed.
// forced says a command named the functions of a.Focus; changed are the
// files a save changed (nil for any other run): a save that changed only
// test files none of which has a set-up, with no test code fuzzed
// directly, fuzzes nothing. why says why nothing is fuzzed, if so.
func (c Campaigns) AimFor(proj *solc.Project, builds []*solc.Build, a Aim, only string, forced bool, changed []string) (Aim, string) {
	tests := c.TestCode
	a.Contracts = contractsOf(proj, builds, only, tests)
	if len(a.Contracts) == 0 {
		if only != "" {
			return a, "no contract in " + filepath.Base(only) + " to fuzz"
		}
		return a, "no contract outside test files"
	}
	setUps := setUpFiles(proj, builds)
	if !tests && len(changed) > 0 && !slices.ContainsFunc(changed, func(path string) bool { return !proj.IsTestOrScript(path) || setUps[path] }) {
		return a, "only test files changed"
	}
	code := map[string]bool{} // contracts outside test code
	for _, name := range contractsOf(proj, builds, only, false) {
		code[name] = true
	}
	var focus []string
	for _, fn := range a.Focus {
		if contract, _, ok := strings.Cut(fn, "."); !ok || code[contract] {
			focus = append(focus, fn)
		}
	}
	if forced && len(focus) == 0 && len(a.Focus) > 0 {
		return a, strings.Join(a.Focus, ", ") + " is test code"
	}
	a.Focus = focus
	a.Targets = slices.DeleteFunc(slices.Clone(a.Targets), func(tg engine.Target) bool { return proj.IsTestOrScript(tg.Path) })
	return a, ""
}

// contractsOf lists the contracts defined in the builds' requested files
// (the engine's targets), test code only with tests, only those of file
// when it is set.
func contractsOf(proj *solc.Project, builds []*solc.Build, file string, tests bool) []string {
	var names []string
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || u.Path == "" || !tests && proj.IsTestOrScript(u.Path) || file != "" && u.Path != file {
				continue
			}
			for name := range b.Output.Contracts[unit] {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// setUpFiles lists the requested files of builds that are test code with
// a setUp(): a change to one changes what a set-up campaign does.
func setUpFiles(proj *solc.Project, builds []*solc.Build) map[string]bool {
	out := map[string]bool{}
	for _, b := range builds {
		for _, unit := range b.Roots {
			if u := b.Units[unit]; u != nil && proj.IsTestOrScript(u.Path) && harness.HasSetUp(u.Content) {
				out[u.Path] = true
			}
		}
	}
	return out
}
