package behaviour

import (
	"context"
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file replays one sequence on both builds for a person: what each
// call did before and now, then the getters that differ afterwards.

// Trace runs seq on the old and the new builds, deployed as Compare
// deploys them with seed, and renders each call's outcome on both,
// marking what differs; the last line says whether the sequence still
// shows a difference.
func Trace(ctx context.Context, old, new []*solc.Build, seq Sequence, seed uint64) (string, error) {
	r, err := prepare(ctx, old, new, Options{Seed: seed})
	if err != nil {
		return "", err
	}
	if len(r.m.pairs) == 0 {
		return "", fmt.Errorf("%w: the builds share no contract", ErrNoBuild)
	}
	for _, c := range seq {
		if r.before.addr(c.Contract) == ([20]byte{}) || r.after.addr(c.Contract) == ([20]byte{}) {
			return "", fmt.Errorf("contract %s is not deployed on both builds", c.Contract)
		}
	}
	ob, oa := r.both(seq)
	var b strings.Builder
	for i, c := range seq {
		m, _ := r.method(c)
		before, after := r.renderOutcome(c, m, ob.txs[i]), r.renderOutcome(c, m, oa.txs[i])
		fmt.Fprintf(&b, "[%d] %s.%s\n", i+1, c.Contract, r.renderCall(c))
		if aspect, bw, aw := r.txDiff(c, ob.txs[i], oa.txs[i]); aspect != "" {
			fmt.Fprintf(&b, "    before: %s\n    now:    %s   <- differs (%s: %s / %s)\n", before, after, aspect, bw, aw)
		} else {
			fmt.Fprintf(&b, "    both:   %s\n", before)
		}
	}
	d, differs := r.firstDiff(seq, ob, oa)
	switch {
	case differs && d.Step == len(seq):
		fmt.Fprintf(&b, "afterwards: %s\n", d.Message)
	case !differs:
		b.WriteString("no difference: both builds behave the same on these calls\n")
	}
	return b.String(), nil
}
