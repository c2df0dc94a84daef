package lsp

import (
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
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

// campaignFor asks the planner what the direct campaign of cp calls and
// aims at in builds (session.Campaigns.AimFor, the rule 'foresight check'
// follows): "Fuzz this file" names its file, a command its functions, a
// save the files it changed. why says why nothing is fuzzed, if so.
func campaignFor(proj *solc.Project, builds []*solc.Build, cp session.Campaigns, t trigger, changed []string, c campaign) (campaign, string) {
	only := ""
	if t.wholeFile {
		only = t.file
	}
	if t.reason != "save" {
		changed = nil
	}
	a, why := cp.AimFor(proj, builds, session.Aim{Focus: c.focus, Targets: c.targets}, only, t.focus != nil, changed)
	c.contracts, c.focus, c.targets = a.Contracts, a.Focus, a.Targets
	return c, why
}
