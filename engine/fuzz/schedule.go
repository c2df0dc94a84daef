package fuzz

// A Schedule assigns energy: how many mutants to derive from an entry each
// time it is picked. Zero skips the entry this round.
type Schedule interface {
	Energy(e *Entry, s Stats) int
}

// AFLFast is the cut-off exponential (COE) power schedule of Böhme et al.,
// "Coverage-based Greybox Fuzzing as Markov Chain" (CCS'16): an entry whose
// path has been exercised more often than the mean gets no energy;
// otherwise its energy doubles with every selection, up to Max.
type AFLFast struct {
	Base int // energy of a fresh entry; default 16
	Max  int // cap; default 1024
}

// Energy implements Schedule.
func (a AFLFast) Energy(e *Entry, s Stats) int {
	base, max := a.Base, a.Max
	if base == 0 {
		base = 16
	}
	if max == 0 {
		max = 1024
	}
	if float64(s.Freq) > s.MeanFreq {
		if s.Open || s.Valued {
			// Closest to new coverage, or the best payout so far (value
			// feedback): worth mutating though its path runs often.
			return base
		}
		return 0
	}
	sel := e.Selected
	if sel > 20 {
		sel = 20
	}
	en := base << sel
	if en > max || en <= 0 {
		en = max
	}
	return en
}

// readsRarity reports whether a schedule reads Stats.RareLID and
// RareSplit: only then does the corpus count executions per lookahead
// identifier and split point without targets, and compute the rarity
// cutoffs on every pick.
func readsRarity(s Schedule) bool {
	_, ok := s.(Lookahead)
	return ok
}

// Lookahead is the power schedule of the lookahead paper (§IV-B): an entry
// whose lookahead identifier is rare, or whose no-target-ahead prefix holds
// a rare split point, gets min(2^selected, K) mutants; every other entry
// gets one.
type Lookahead struct {
	K int // default 1024
}

// Energy implements Schedule.
func (l Lookahead) Energy(e *Entry, s Stats) int {
	k := l.K
	if k == 0 {
		k = 1024
	}
	if !s.RareLID && !s.RareSplit {
		return 1
	}
	sel := min(e.Selected, 20)
	return min(1<<sel, k)
}
