package solve

import (
	"math/rand/v2"
	"testing"
)

// admitted counts the chains Admit starts at target out of tries, each
// run once and ending as missed (or, with hit, reaching it).
func admitted(pr *Predictor, target int32, tries int, hit bool) int {
	n := 0
	for range tries {
		pr.Earn()
		if pr.Admit(&Prediction{Target: target}, 0, 0) == nil {
			continue
		}
		n++
		pr.Settle(hit, false)
		pr.EndChain()
	}
	return n
}

// TestYieldBackoff checks that a target whose chains always miss is
// predicted for geometrically less often, down to the floor, while
// another target keeps its full rate; that a chain that reaches it
// halves its back-off, and one that covers something new ends it.
func TestYieldBackoff(t *testing.T) {
	p := NewPredictor(rand.New(rand.NewPCG(1, 2)), nil, 0, 0, 4)
	pr := &p
	const dead, live = 7, 9
	// The first chains: every try for 2^missShift chains, then about
	// 1/2, 1/4, ... of the tries for as many chains each: well under
	// half of 64 tries start one (with no back-off all 64 would).
	first := admitted(pr, dead, 64, false)
	if first > 32 {
		t.Fatalf("a target that always misses started %d chains of 64 tries", first)
	}
	// At the floor: about one in 2^maxBackoff.
	const tries = 1 << 16
	floor := admitted(pr, dead, tries, false)
	want := tries >> maxBackoff
	if floor < want/2 || floor > 2*want {
		t.Fatalf("at the floor a missing target started %d chains of %d tries, want about %d", floor, tries, want)
	}
	if got := admitted(pr, live, 64, true); got != 64 {
		t.Fatalf("a target that is reached started %d chains of 64 tries", got)
	}
	// A chain that reaches the dead target halves its misses: from the
	// floor to 2^-5, so about 1/32 of the next tries start a chain
	// before the misses deepen again (2^-10 would give one in 1024).
	reach := func(hit, covered bool) {
		for pr.Admit(&Prediction{Target: dead}, 0, 0) == nil {
			pr.Earn()
		}
		pr.Settle(hit, covered)
		pr.EndChain()
	}
	reach(true, false)
	if got := admitted(pr, dead, 256, false); got < 2 {
		t.Fatalf("after a hit a missing target started %d chains of 256 tries, want at least 2", got)
	}
	admitted(pr, dead, tries, false) // back at the floor
	// A chain that covers something new restores it at once.
	reach(false, true)
	if got := admitted(pr, dead, 4, false); got != 4 {
		t.Fatalf("a target whose last chain covered something new started %d chains of 4 tries", got)
	}
	ys := pr.Yields()
	byTarget := map[int32]TargetYield{}
	for i, y := range ys {
		if i > 0 && y.Made > ys[i-1].Made {
			t.Fatalf("yields not most runs first: %+v", ys)
		}
		byTarget[y.Target] = y
	}
	if len(ys) != 2 || byTarget[live].Made != 64 || byTarget[live].Reached != 64 || byTarget[dead].Reached != 1 {
		t.Fatalf("yields %+v", ys)
	}
}

// TestYieldCredit checks that predicted runs are paid for by other
// executions: at most maxCredit run ahead of them, then one more per
// execution that pays.
func TestYieldCredit(t *testing.T) {
	p := NewPredictor(rand.New(rand.NewPCG(1, 2)), nil, 0, 0, 4)
	pr := &p
	run := func() int {
		n := 0
		for pr.Admit(&Prediction{Target: 1}, 0, 0) != nil {
			pr.Settle(true, false) // reached: the back-off stays off
			pr.EndChain()
			n++
		}
		return n
	}
	if n := run(); n != maxCredit {
		t.Fatalf("%d predicted runs ahead of other executions, want %d", n, maxCredit)
	}
	for range 3 {
		pr.Earn()
	}
	if n := run(); n != 3 {
		t.Fatalf("%d predicted runs after 3 other executions, want 3", n)
	}
}
