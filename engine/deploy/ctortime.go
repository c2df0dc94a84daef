package deploy

import (
	"hash/fnv"
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// Constructors that take a time window (`require(_startTime >= now);
// require(_endTime >= _startTime);`, a crowdsale's opening and closing)
// accept the first random arguments, which put the window decades or
// 2^200 seconds ahead: the campaign's time steps never enter it, and the
// functions it guards never run. So an integer argument the constructor
// compared with the block's timestamp (or number), and the arguments
// compared with such an argument, are tried near the chain's clock first:
// ordered, a little ahead of it, and open for days, which the campaign's
// time steps (mutate.go's randomDelay) can enter and leave.

// Offsets of a time window, in seconds and in blocks: the opening is at
// most ctorOpenWithin ahead, each later bound ctorMinSpan to
// ctorMinSpan+ctorSpan after the one before.
const (
	ctorOpenWithin = 3600
	ctorMinSpan    = 86400
	ctorSpan       = 86400 * 30

	ctorOpenWithinBlocks = 100
	ctorMinSpanBlocks    = 100
	ctorSpanBlocks       = 7200
)

// clockArgs returns the integer arguments of in that the last run
// compared with the block's timestamp (clock 0) or number (clock 1),
// with those compared with them, in argument order; nil if none.
func (s *ctorSearch) clockArgs(in *ctorInput, ops []uint256.Int) ([]ctorTarget, int) {
	var ts []ctorTarget
	for _, t := range targets(in, false) {
		if v := calldata.At(in.args, t.path); !t.array && v != nil && v.Type.T == abi.UintTy {
			ts = append(ts, t)
		}
	}
	now := uint256.NewInt(s.ch.Block.Time)
	num := uint256.NewInt(s.ch.Block.Number)
	for clock, c := range []*uint256.Int{now, num} {
		in1 := make([]bool, len(ts))
		found := false
		for p := 0; p+1 < len(ops); p += 2 {
			a, b := &ops[p], &ops[p+1]
			for i, t := range ts {
				w := s.word(in, t)
				if (a.Eq(c) && b.Eq(&w)) || (b.Eq(c) && a.Eq(&w)) {
					in1[i], found = true, true
				}
			}
		}
		if !found {
			continue
		}
		// The arguments compared with a clock argument (an end after the
		// start) belong to the window too.
		for p := 0; p+1 < len(ops); p += 2 {
			ia, ib := s.holding(in, ts, &ops[p]), s.holding(in, ts, &ops[p+1])
			if ia >= 0 && ib >= 0 && ia != ib && (in1[ia] || in1[ib]) {
				in1[ia], in1[ib] = true, true
			}
		}
		var out []ctorTarget
		for i, t := range ts {
			if in1[i] {
				out = append(out, t)
			}
		}
		return out, clock
	}
	return nil, 0
}

// holding returns the index of the target of ts that holds w, or -1.
func (s *ctorSearch) holding(in *ctorInput, ts []ctorTarget, w *uint256.Int) int {
	for i, t := range ts {
		if h := s.word(in, t); h.Eq(w) {
			return i
		}
	}
	return -1
}

// nearClock returns in with the arguments ts set near the chain's clock:
// increasing in argument order, or decreasing if reverse.
func (s *ctorSearch) nearClock(in *ctorInput, ts []ctorTarget, clock int, reverse bool) *ctorInput {
	cand := in.clone()
	at, within, minSpan, span := s.ch.Block.Time, uint64(ctorOpenWithin), uint64(ctorMinSpan), uint64(ctorSpan)
	if clock == 1 {
		at, within, minSpan, span = s.ch.Block.Number, ctorOpenWithinBlocks, ctorMinSpanBlocks, ctorSpanBlocks
	}
	at += s.r.Uint64N(within)
	for k := range ts {
		t := ts[k]
		if reverse {
			t = ts[len(ts)-1-k]
		}
		if k > 0 {
			at += minSpan + s.r.Uint64N(span)
		}
		s.set(cand, t, *uint256.NewInt(at))
	}
	return cand
}

// clockRand returns the generator of contract ci's window, seeded from its
// first input (itself drawn from the campaign's seed).
func clockRand(ci int, in *ctorInput) *rand.Rand {
	h := fnv.New64a()
	h.Write(calldata.EncodeArgs(nil, in.args))
	return rand.New(rand.NewPCG(h.Sum64(), uint64(ci)))
}
