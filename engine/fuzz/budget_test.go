package fuzz

import (
	"math/rand/v2"
	"testing"
)

// TestContractPick: fresh sequences go to the contracts in proportion to
// their functions, a function that has not completed counting twice, and
// the weights follow completions at the next window.
func TestContractPick(t *testing.T) {
	// Contract 0 has one function, contract 1 nine; slot base+method+1.
	local := [][]callTarget{{{Contract: 0, Method: 0}}, make([]callTarget, 9)}
	for m := range local[1] {
		local[1][m] = callTarget{Contract: 1, Method: m}
	}
	stats := &funcStats{base: []int{0, 2}, done: make([]uint64, 12)}
	w := &worker{c: &campaign{targets: []int{0, 1}, local: local}, stats: stats, rng: rand.New(rand.NewPCG(1, 2))}
	count := func(n int) [2]int {
		var got [2]int
		for range n {
			got[w.pickContract()]++
		}
		return got
	}
	for _, tt := range []struct {
		name string
		done []int // slots that completed before the window
		want float64
	}{
		{"none completed", nil, 0.1},
		{"all completed", []int{1, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 0.1},
		{"only the big contract's", []int{3, 4, 5, 6, 7, 8, 9, 10, 11}, 2.0 / 11},
	} {
		clear(stats.done)
		for _, s := range tt.done {
			stats.done[s] = 1
		}
		w.pick.execs = shareWindow // the next pick weighs again
		got := count(shareWindow)
		share := float64(got[0]) / shareWindow
		if share < tt.want*0.8 || share > tt.want*1.25 {
			t.Errorf("%s: contract 0 got %d of %d fresh sequences (%.3f), want about %.3f", tt.name, got[0], shareWindow, share, tt.want)
		}
	}
}
