package solve

import (
	"math/big"
	"math/bits"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Windows. Class: range guards on inputs (require(lo <= x && x < hi), x
// - K < W) next to the equalities a linear rule solves: elimination and
// the step along one direction pick a point of the equalities' lattice
// modulo 2^n without looking at them, and move x by a 64-bit quotient
// out of its range. An inequality one operand of which moved exactly as
// one input did (the other operand staying put) bounds that input: x -
// s < w modulo 2^n, the side the base took for a guard and the other
// side for the target. Three ways to see it: a probe that moved the
// input (track), the base's comparison whose side is the input itself
// (directBounds), and, when no probe reached the comparison, the guess
// that its side is the input plus the base's offset (offsetBounds), as
// input-to-state guesses for an equality. Every way ends in
// shiftedBound. Pure arithmetic, no run.

// argBound says argument k must satisfy (x - start) mod 2^bits < size.
type argBound struct {
	k           int
	idx         int32
	start, size uint256.Int
	// direct is 1 + the side of the base's comparison that equalled the
	// argument for a bound directBounds guessed, 0 for a measured one.
	direct int
}

// mask reduces x modulo 2^bits.
func mask(x *uint256.Int, bits uint) *uint256.Int {
	if bits < 256 {
		var m uint256.Int
		m.Lsh(uint256.NewInt(1), bits).SubUint64(&m, 1)
		x.And(x, &m)
	}
	return x
}

// inBound reports whether x lies in b.
func (b *argBound) holds(x *uint256.Int, bits uint) bool {
	var d uint256.Int
	d.Sub(x, &b.start)
	return mask(&d, bits).Lt(&b.size)
}

// sideBound returns the range of side that takes the desired edge of a
// comparison of side with the fixed word lim, side0 the base's value:
// the relation the base holds for a guard (target false) and the other
// one for the target. ok is false when side0 == lim (either relation may
// be meant) or lim does not fit in bits.
func sideBound(side0, lim *uint256.Int, bits uint, target bool) (start, size uint256.Int, ok bool) {
	if side0.Eq(lim) || (bits < 256 && lim.BitLen() > int(bits)) {
		return start, size, false
	}
	below := side0.Lt(lim) != target
	var top uint256.Int // 2^bits, or 0 for 2^256
	if bits < 256 {
		top.Lsh(uint256.NewInt(1), bits)
	}
	switch {
	case below:
		size = *lim
	case target:
		start = *lim
		size.Sub(&top, lim)
	default:
		start.AddUint64(lim, 1)
		size.Sub(&top, &start)
	}
	return start, size, !size.IsZero()
}

// modWord returns e modulo 2^bits as a word.
func modWord(e *big.Int, bits uint) uint256.Int {
	if e == nil {
		return uint256.Int{}
	}
	var w uint256.Int
	x := new(big.Int).Mod(e, new(big.Int).Lsh(big.NewInt(1), bits))
	w.SetFromBig(x)
	return w
}

// trailingZeros is the 2-adic valuation of a non-zero word.
func trailingZeros(x *uint256.Int) uint {
	for i, w := range x {
		if w != 0 {
			return uint(i*64 + bits.TrailingZeros64(w))
		}
	}
	return 256
}

// keepComparisons copies the base's inequality comparisons at the
// solve's guards and target (entries at the edge the base did not take).
func (j *joint) keepComparisons(costs []txseq.CostEntry) {
	for k := range costs {
		e := &costs[k]
		if e.Idx == j.target {
			var d uint256.Int
			if d.Sub(&e.Opnd[0], &e.Opnd[1]).Eq(&e.Resid) {
				continue // an equality target: no range
			}
			j.cmps = append(j.cmps, *e)
			continue
		}
		for _, g := range j.eqs[:len(j.eqs)-1] {
			if g == e.Idx^1 {
				j.cmps = append(j.cmps, *e)
				break
			}
		}
	}
}

// track learns bounds from a probe along dir whose run's costs are last:
// a kept comparison one of whose operands moved exactly as one moved
// argument did while the other stayed.
func (j *joint) track(last []txseq.CostEntry, dir []*big.Int) {
	j.refuteDirect(last, dir)
	for c := range j.cmps {
		b := &j.cmps[c]
		for k := range last {
			if last[k].Idx == b.Idx {
				j.trackOne(b, &last[k], dir)
				break
			}
		}
	}
}

func (j *joint) trackOne(b, e *txseq.CostEntry, dir []*big.Int) {
	for s := range 2 {
		if !e.Opnd[1-s].Eq(&b.Opnd[1-s]) {
			continue
		}
		var d uint256.Int
		d.Sub(&e.Opnd[s], &b.Opnd[s])
		mask(&d, j.bits)
		if d.IsZero() {
			continue
		}
		arg := -1
		for k, vk := range dir {
			if vk == nil || vk.Sign() == 0 {
				continue
			}
			if w := modWord(vk, j.bits); w.Eq(&d) {
				if arg >= 0 {
					return // two arguments moved alike: ambiguous
				}
				arg = k
			}
		}
		if arg < 0 || j.hasBound(arg, b.Idx) {
			continue
		}
		side0 := b.Opnd[s]
		start, size, ok := shiftedBound(mask(&side0, j.bits), &b.Opnd[1-s], &j.args[arg].x0, j.bits, b.Idx == j.target)
		if !ok {
			continue
		}
		j.bounds = append(j.bounds, argBound{k: arg, idx: b.Idx, start: start, size: size})
	}
}

// shiftedBound returns the window of an input at x0 whose comparison
// side is the input plus a constant (side0 - x0 at the base) and whose
// other side is the fixed word lim: sideBound's range of the side,
// shifted back by that constant. Every way of learning a window ends
// here; a side that is the input itself is the constant zero.
func shiftedBound(side0, lim, x0 *uint256.Int, bits uint, target bool) (start, size uint256.Int, ok bool) {
	start, size, ok = sideBound(side0, lim, bits, target)
	if !ok {
		return start, size, false
	}
	var off uint256.Int
	off.Sub(side0, x0)
	start.Sub(&start, &off)
	return *mask(&start, bits), size, true
}

func (j *joint) hasBound(k int, idx int32) bool {
	for i := range j.bounds {
		if j.bounds[i].k == k && j.bounds[i].idx == idx {
			return true
		}
	}
	return false
}

// respects reports whether seq's arguments keep every known bound.
func (j *joint) respects(seq txseq.Sequence) bool {
	if len(j.bounds) == 0 {
		return true
	}
	for path, v := range calldata.Leaves(seq[j.tx].Args) {
		for i := range j.bounds {
			b := &j.bounds[i]
			if samePath(path, j.args[b.k].path) {
				x := v.Word
				if !b.holds(mask(&x, j.bits), j.bits) {
					return false
				}
			}
		}
	}
	return true
}

// boundsHold reports whether the arguments moved by t*dx + u*dy (words
// modulo 2^bits, dy nil for none) keep every bound.
func (j *joint) boundsHold(dx, dy []uint256.Int, t, u *uint256.Int) bool {
	for i := range j.bounds {
		b := &j.bounds[i]
		x := j.args[b.k].x0
		var m uint256.Int
		x.Add(&x, m.Mul(&dx[b.k], t))
		if dy != nil {
			x.Add(&x, m.Mul(&dy[b.k], u))
		}
		if !b.holds(mask(&x, j.bits), j.bits) {
			return false
		}
	}
	return true
}

// dirWords returns direction v's moves as words modulo 2^bits.
func (j *joint) dirWords(v []*big.Int) []uint256.Int {
	w := make([]uint256.Int, len(v))
	for k, vk := range v {
		w[k] = modWord(vk, j.bits)
	}
	return w
}

// directBounds learns, before any probe, the bounds of the base's
// comparisons one of whose operands is an argument's own value (a0 <
// 0x425f2523) and the other no argument's: the probes learn a bound only
// from a run that reaches the comparison, and a range target sits below
// an equality every unit probe breaks (a0 < 0x425f2523 under
// a7*755 + a0*3453 == K), so its bound was never seen.
func (j *joint) directBounds() {
	for c := range j.cmps {
		e := &j.cmps[c]
		var d uint256.Int
		if d.Sub(&e.Opnd[0], &e.Opnd[1]).Eq(&e.Resid) {
			continue // an equality (the dispatch on a state variable): no range
		}
		for s := range 2 {
			side, lim := e.Opnd[s], e.Opnd[1-s]
			mask(&side, j.bits)
			arg := -1
			for k := range j.args {
				if j.args[k].x0.Eq(&side) || j.args[k].x0.Eq(&lim) {
					if arg >= 0 || !j.args[k].x0.Eq(&side) {
						arg = -2 // ambiguous, or the limit is an argument
						break
					}
					arg = k
				}
			}
			if arg < 0 || j.hasBound(arg, e.Idx) {
				continue
			}
			if start, size, ok := shiftedBound(&side, &lim, &j.args[arg].x0, j.bits, e.Idx == j.target); ok {
				j.bounds = append(j.bounds, argBound{k: arg, idx: e.Idx, start: start, size: size, direct: s + 1})
			}
		}
	}
}

// refuteDirect drops the bounds directBounds guessed that a probe along
// dir refutes: it moved the argument, and the run's comparison at the
// bound's edge kept the side the argument was taken for. Only the value
// matched there (a4 = 4 beside the ABI decoder's 4 < 260 bounded a4 below
// 260, so no solution of OffsetRange.sol's equality was in reach).
func (j *joint) refuteDirect(last []txseq.CostEntry, dir []*big.Int) {
	kept := j.bounds[:0]
	for _, b := range j.bounds {
		if b.direct > 0 && j.moves(dir, b.k) && j.sideStayed(last, b.idx, b.direct-1) {
			continue
		}
		kept = append(kept, b)
	}
	j.bounds = kept
}

// sideStayed reports whether the run's costs last hold comparison idx
// with side s as the base's.
func (j *joint) sideStayed(last []txseq.CostEntry, idx int32, s int) bool {
	for c := range j.cmps {
		if b := &j.cmps[c]; b.Idx == idx {
			for k := range last {
				if last[k].Idx == idx {
					x, y := last[k].Opnd[s], b.Opnd[s]
					return mask(&x, j.bits).Eq(mask(&y, j.bits))
				}
			}
			return false
		}
	}
	return false
}

// offsetBounds returns, for each numeric argument whose probe broke an
// equality guard below the target and so never evaluated the target, the
// window the base's failing target comparison puts on it if its first
// operand is that argument plus a constant; the other operand the limit.
// Nil if the target is an equality, or its bound on some argument is
// known already.
func (j *joint) offsetBounds() []argBound {
	target := len(j.eqs) - 1
	for i := range j.bounds {
		if j.bounds[i].idx == j.eqs[target] {
			return nil
		}
	}
	var cmp *uint256.Int
	var lim uint256.Int
	for c := range j.cmps {
		if e := &j.cmps[c]; e.Idx == j.target {
			side := e.Opnd[0]
			cmp, lim = mask(&side, j.bits), e.Opnd[1]
			break
		}
	}
	if cmp == nil {
		return nil
	}
	if _, _, ok := sideBound(cmp, &lim, j.bits, true); !ok {
		return nil
	}
	var out []argBound
	for x := range j.args {
		if x >= len(j.effects) {
			break
		}
		ex := j.effects[x]
		if ex == nil || ex[target] != nil || j.ineqs[x] {
			continue
		}
		if lv := j.breakLevel(ex); lv >= target || ex[lv] == nil || ex[lv].Sign() == 0 {
			continue
		}
		start, size, _ := shiftedBound(cmp, &lim, &j.args[x].x0, j.bits, true)
		out = append(out, argBound{k: x, idx: j.eqs[target], start: start, size: size})
	}
	return out
}

// samePath reports whether a and b address the same leaf.
func samePath(a, b calldata.Path) bool {
	if b == nil || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
