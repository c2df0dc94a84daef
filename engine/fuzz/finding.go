package fuzz

import (
	"github.com/foresight-sol/foresight/engine/finding"
	"time"
)

// The finding record lives in engine/finding, which the oracles share;
// these names keep the loop's API.
type (
	// Finding is finding.Finding.
	Finding = finding.Finding
	// Key is finding.Key.
	Key = finding.Key
	// Via is finding.Via.
	Via = finding.Via
	// Unreduced is finding.Unreduced.
	Unreduced = finding.Unreduced
)

// campaignOf is a worker's view of its campaign, for the oracles
// (oracle.Campaign).
type campaignOf struct {
	c *campaign
	w *worker
}

func (v campaignOf) Enabled(k finding.Kind) bool { return v.c.enabled(k) }

func (v campaignOf) Known(k Key) bool { return v.w.known(k) }

// Report records f, found by the worker without a sequence to shrink
// (the twins'), unless one with its key exists.
func (v campaignOf) Report(f *Finding) {
	f.Execs, f.Time, f.Worker = v.w.view(), time.Since(v.c.start), v.w.id
	if v.w.claim(f.Key(), false) {
		v.w.found(f)
	}
}
