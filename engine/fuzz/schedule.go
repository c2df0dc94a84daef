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
