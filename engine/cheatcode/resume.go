package cheatcode

import (
	"fmt"
	"maps"
	"slices"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file lets a set-up's outcome seed other chains: a campaign that
// ran a test contract's setUp() once keeps the Setup, and a later one on
// the same bytecode starts its chains from it instead of running setUp()
// again (engine/fuzz/setupcache.go).

// Reusable reports whether another chain may start from what s left
// (Resume): setUp() read nothing from outside the chain (no file, the
// project root, no fork) and left no cheatcode armed (a prank, a
// recording), so its chain's state and block are all it built besides
// the labels and etched code the Setup carries.
func (s *Setup) Reusable() bool {
	c := s.Cheats
	return c != nil && !c.outside && len(c.forks) == 0 && c.pranked == nil && !c.recording &&
		c.expected == nil && len(c.inter) == 0 && len(c.creates) == 0
}

// Resume puts the state s left (its Snapshot, taken on its own chain) on
// ch, a fresh chain cheats is attached to as for SetUp, and returns the
// set-up as SetUp would have on ch. p must have the contracts of the
// program s was made with, in the same order (the same bytecode: the
// caller keys what it keeps by it); s is left untouched, so several
// chains may resume from it one after another.
func Resume(ch *chain.Chain, cheats *Cheats, p *program.Program, s *Setup) (*Setup, error) {
	tc, ok := p.Lookup(s.Test.Name)
	if !ok {
		return nil, fmt.Errorf("%w: no compiled contract %q", ErrSetUp, s.Test.Name)
	}
	if !s.Reusable() {
		return nil, fmt.Errorf("%w: %s's set-up cannot be resumed", ErrSetUp, s.Test.Name)
	}
	if cheats.Code == nil {
		cheats.Code = artifactCode(p)
	}
	if cheats.Files == nil {
		cheats.Files = filesOf(tc)
	}
	ch.Reset(s.Snapshot)
	cheats.test = s.Test.Address
	cheats.labels = maps.Clone(s.Cheats.labels)
	cheats.etched = slices.Clone(s.Cheats.etched)
	r := *s
	r.Chain, r.Cheats, r.Labels = ch, cheats, cheats.Labels()
	r.Test = rebind(p, s.Test)
	r.Deployed = make([]Deployed, len(s.Deployed))
	for i, d := range s.Deployed {
		r.Deployed[i] = rebind(p, d)
	}
	r.Invariants = invariantsOf(tc)
	r.Snapshot = ch.Snapshot()
	return &r, nil
}

// rebind names d's contract in p, which has the contracts of d's
// program in the same order.
func rebind(p *program.Program, d Deployed) Deployed {
	if d.Contract != nil && d.Contract.Index < len(p.Contracts) {
		d.Contract = p.Contracts[d.Contract.Index]
	}
	return d
}
