package session

import (
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file is what a replay on edited code makes of a stored finding
// (the editor's findings across edits; edits.go moves and drops them):
// which findings are replayed, and the state each is left in.

// FindingState is what the last replay made of a stored finding: the
// zero value before any (a campaign's finding), else engine.StillFailing
// or engine.Stale (fixed ones leave the list).
type FindingState struct {
	Status engine.Status
	Reason string // why it is stale
}

// Label prefixes a finding's message with its state, as "(mock) " does.
func (st FindingState) Label() string {
	switch st.Status {
	case engine.StillFailing:
		return "(still failing after the edit) "
	case engine.Stale:
		return "(stale: " + st.Reason + ") "
	}
	return ""
}

// Replayable reports whether a stored finding is replayed on the new
// code: not when its kind is switched off (oracles), nor without its
// set-up (found: whether one was recorded) or builds, nor when it was
// made on a fork (a replay would need the fork again).
func Replayable(f report.Finding, oracles map[string]bool, setup report.Setup, found bool, builds []*solc.Build) bool {
	if on, set := oracles[f.Kind]; set && !on {
		return false
	}
	return found && setup.Fork == nil && len(builds) > 0
}

// Rechecked is a replayed finding's next state, and whether it stays:
// a fixed one leaves, a still failing one stays at the place it failed,
// a stale one stays, faded, unless it was stale already.
func Rechecked(prev FindingState, v engine.Verdict) (FindingState, bool) {
	switch v.Status {
	case engine.StillFailing:
		return FindingState{Status: engine.StillFailing}, true
	case engine.Stale:
		if prev.Status == engine.Stale {
			return prev, false // stale twice: gone
		}
		return FindingState{Status: engine.Stale, Reason: v.Reason}, true
	}
	return prev, false
}
