package solve

import (
	"math/rand/v2"
	"testing"
)

// admitted counts the chains Admit starts at target out of tries, each
// one run that reaches the target when hit says so.
func admitted(pr *Predictor, target int32, tries int, hit func(i int) bool) int {
	n := 0
	for i := range tries {
		pr.Earn()
		if pr.Admit(&Prediction{Target: target}, 0, 0) == nil {
			continue
		}
		n++
		pr.Settle(hit(i), false)
		pr.EndChain()
	}
	return n
}

func never(int) bool  { return false }
func always(int) bool { return true }

// TestYieldBackoff checks that a target whose predicted runs never reach
// it is predicted for less and less often; that one
// reached one run in ten (a healthy yield: a maze's next cell) keeps its
// full rate, which session 23's rule (chains missed in a row, halved by
// a hit) cut to between a half and a quarter; that a target whose runs
// reach it again regains its rate; and that new coverage restores every
// target at once.
func TestYieldBackoff(t *testing.T) {
	p := NewPredictor(rand.New(rand.NewPCG(1, 2)), nil, 0, 0, 4)
	pr := &p
	const dead, live, sparse = 7, 9, 11
	first := admitted(pr, dead, 256, never)
	if first > 128 {
		t.Fatalf("a target that always misses started %d chains of 256 tries", first)
	}
	// Falling off: once its runs number thousands, about one try in
	// runs/2^healthyShift starts a chain.
	admitted(pr, dead, 1<<20, never)
	const tries = 1 << 18
	later := admitted(pr, dead, tries, never)
	if want := tries >> 7; later > want {
		t.Fatalf("a missing target started %d chains of %d tries, want at most %d", later, tries, want)
	}
	if got := admitted(pr, live, 256, always); got != 256 {
		t.Fatalf("a target that is always reached started %d chains of 256 tries", got)
	}
	if got := admitted(pr, sparse, 4096, func(i int) bool { return i%10 == 0 }); got < 4096*9/10 {
		t.Fatalf("a target reached one run in ten started %d chains of 4096 tries, want nearly all", got)
	}
	// Reached again: its rate returns within a window.
	admitted(pr, dead, 1<<16, always)
	if got := admitted(pr, dead, 256, always); got != 256 {
		t.Fatalf("a target reached again started %d chains of 256 tries", got)
	}
	admitted(pr, dead, 1<<18, never) // back at the floor
	pr.Covered()
	if got := admitted(pr, dead, 4, never); got != 4 {
		t.Fatalf("after new coverage a missing target started %d chains of 4 tries", got)
	}
	ys := pr.Yields()
	for i, y := range ys {
		if i > 0 && y.Made > ys[i-1].Made {
			t.Fatalf("yields not most runs first: %+v", ys)
		}
	}
	if len(ys) != 3 {
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
