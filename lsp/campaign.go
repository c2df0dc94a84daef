package lsp

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// A campaign is what a run fuzzes.
type campaign struct {
	contracts []string // engine.Options.Contracts: never empty
	focus     []string
	targets   []engine.Target
	// via names the contracts of other files the saved file is fuzzed
	// in (dependents.go): those deriving from it, or its proxy.
	via []string
}

// campaignFor restricts a campaign to code that is not test code
// (solc.Project.IsTestOrScript: the test and script folders, *.t.sol,
// *.s.sol): it is neither target nor focus, and a save that changed only
// such files, none of them with a Foundry setUp(), runs no campaign. why
// says why nothing is fuzzed, if so.
func campaignFor(proj *solc.Project, builds []*solc.Build, t trigger, changed []string, c campaign) (campaign, string) {
	only := ""
	if t.wholeFile {
		only = t.file
	}
	c.contracts = campaignContracts(proj, builds, only)
	if len(c.contracts) == 0 {
		if only != "" {
			return c, "no contract in " + filepath.Base(only) + " to fuzz"
		}
		return c, "no contract outside test files"
	}
	setUps := setUpFiles(proj, builds)
	if t.reason == "save" && len(changed) > 0 && !slices.ContainsFunc(changed, func(path string) bool { return !proj.IsTestOrScript(path) || setUps[path] }) {
		return c, "only test files changed"
	}
	allowed := map[string]bool{}
	for _, name := range c.contracts {
		allowed[name] = true
	}
	var focus []string
	for _, fn := range c.focus {
		if contract, _, ok := strings.Cut(fn, "."); !ok || allowed[contract] {
			focus = append(focus, fn)
		}
	}
	if t.focus != nil && len(focus) == 0 {
		return c, strings.Join(t.focus, ", ") + " is test code"
	}
	c.focus = focus
	c.targets = slices.DeleteFunc(slices.Clone(c.targets), func(tg engine.Target) bool { return proj.IsTestOrScript(tg.Path) })
	return c, ""
}

// campaignContracts lists the contracts a campaign may call: those defined
// in the builds' entry files (the engine's targets) outside test code, or
// only those of file when it is set.
func campaignContracts(proj *solc.Project, builds []*solc.Build, file string) []string {
	var names []string
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || u.Path == "" || proj.IsTestOrScript(u.Path) || file != "" && u.Path != file {
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
