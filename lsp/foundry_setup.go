package lsp

import (
	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/solc"
)

// setUpHarness returns the Foundry test file a run compiles beside its
// files so that its campaign starts from that test's setUp() (as forge's
// invariant runner does) even when the test is not open: the first of
// harness.Find, the rule the command line shares (invariant suites
// first, then by path). It returns "" when an open test file has a
// setUp() (the engine picks it), when none fits, or when the folder
// cannot be read.
func setUpHarness(proj *solc.Project, files []string, overlay solc.Overlay) string {
	for _, f := range files {
		if !proj.IsTestOrScript(f) {
			continue
		}
		text, open := overlay[f]
		if !open {
			text = harness.ReadSmall(f)
		}
		if harness.HasSetUp(text) {
			return ""
		}
	}
	if fs := harness.Find(proj, files, overlay); len(fs) > 0 {
		return fs[0].Path
	}
	return ""
}

// setUpFiles lists the root files of builds that are test code with a
// setUp(): a change to one changes what a set-up campaign does.
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
