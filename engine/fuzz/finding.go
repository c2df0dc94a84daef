package fuzz

import (
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
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

// locate sets f's location from its contract and PC, or, when site is
// valid (the PC is in a dependency or a library), moves f to the user's
// call there and keeps the PC's location in f.Via.
func (c *campaign) locate(f *Finding, site trace.Site) {
	ct := c.prog.Contracts[f.Contract]
	f.Location, f.Located = ct.Locate(f.PC, false)
	if !site.Valid || !f.Located || int(site.Code) >= len(c.prog.Contracts) {
		return
	}
	loc, ok := c.prog.Contracts[site.Code].Locate(site.PC, false)
	if !ok {
		return
	}
	f.Via = []Via{{Contract: f.Contract, PC: f.PC, Location: f.Location}}
	f.Contract, f.PC, f.Location = int(site.Code), site.PC, loc
}
