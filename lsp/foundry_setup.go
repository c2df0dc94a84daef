package lsp

import (
	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/solc"
)

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
