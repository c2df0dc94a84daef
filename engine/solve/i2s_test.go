package solve

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

var u64 = &abi.Type{T: abi.UintTy, Size: 64}

// eqEntry is the cost entry of an unsatisfied equality l == r.
func eqEntry(l, r uint64) txseq.CostEntry {
	var e txseq.CostEntry
	e.Opnd[0].SetUint64(l)
	e.Opnd[1].SetUint64(r)
	e.Resid.Sub(&e.Opnd[0], &e.Opnd[1])
	return e
}

// TestI2SCandidates checks that one input-to-state candidate satisfies
// each guard shape the transforms invert, in the argument's 64 bits, and
// that inequalities get none.
func TestI2SCandidates(t *testing.T) {
	const k, c = 0xea4cf85eea4d6cf0, 0xea4cf85eea4dc1c8
	for _, tt := range []struct {
		name string
		x    uint64
		f    func(x uint64) uint64 // the input-derived side
		c    uint64
	}{
		{"xor", 0x1234, func(x uint64) uint64 { return x ^ k }, c},
		{"offset", 7, func(x uint64) uint64 { return x + 58915 }, 0x1935b},
		{"offset wraps", 0xffffffffffffff00, func(x uint64) uint64 { return x + 0xa6700f56 }, 0xa67097b6},
		{"direct", 99, func(x uint64) uint64 { return x }, 0xdeadbeef},
	} {
		x := uint256.NewInt(tt.x)
		// Either side of the comparison may be the input's.
		for _, e := range []txseq.CostEntry{eqEntry(tt.f(tt.x), tt.c), eqEntry(tt.c, tt.f(tt.x))} {
			cands := i2sCandidates(nil, x, u64, &e, nil, nil)
			ok := false
			for _, w := range cands {
				if !w.IsUint64() {
					t.Errorf("%s: candidate %x wider than 64 bits", tt.name, &w)
				}
				ok = ok || tt.f(w.Uint64()) == tt.c
			}
			if !ok {
				t.Errorf("%s: no candidate in %x satisfies it", tt.name, cands)
			}
		}
	}
	// a < K failing: the residual is a cost, not the operands' difference.
	e := eqEntry(10, 5)
	e.Resid.SetUint64(6)
	if cands := i2sCandidates(nil, uint256.NewInt(10), u64, &e, nil, nil); len(cands) != 0 {
		t.Errorf("inequality: candidates %x, want none", cands)
	}
}

// TestModStep checks the modular secant step on guards linear modulo
// 2^64: from two points whose difference is odd it lands on the root,
// also where the factor is even (one of its roots), and it refuses an
// even difference.
func TestModStep(t *testing.T) {
	for _, tt := range []struct {
		name      string
		k1, k2, c uint64
		x0, x1    uint64
		ok        bool
	}{
		{"odd 64-bit factor", 0x4f84d2c4ac2f5ae1, 0x1234, 0x9b3829b31fe9865c, 5, 8, true},
		{"small factor", 3535, 0x642e857a, 0xcb515ac61a57f501, 1 << 40, 1<<40 + 1, true},
		{"even factor", 1742, 0, 1742 * 0x1234567, 3, 10, true},
		{"even difference", 3535, 0, 77, 4, 8, false},
	} {
		r := func(x uint64) *big.Int {
			return big.NewInt(0).Sub(new(big.Int).SetUint64(x*tt.k1+tt.k2), new(big.Int).SetUint64(tt.c))
		}
		x0, x1 := new(big.Int).SetUint64(tt.x0), new(big.Int).SetUint64(tt.x1)
		w, ok := modStep(u64, x0, r(tt.x0), x1, r(tt.x1))
		if ok != tt.ok {
			t.Errorf("%s: ok %v, want %v", tt.name, ok, tt.ok)
			continue
		}
		if ok && w.Uint64()*tt.k1+tt.k2 != tt.c {
			t.Errorf("%s: x = %#x gives %#x, want %#x", tt.name, w.Uint64(), w.Uint64()*tt.k1+tt.k2, tt.c)
		}
	}
}

// TestWrapTo checks the reduction to an argument's width.
func TestWrapTo(t *testing.T) {
	var big1 uint256.Int
	big1.SetAllOne()
	if w := wrapTo(u64, &big1); w.Uint64() != ^uint64(0) || !w.IsUint64() {
		t.Errorf("uint64: %x", &w)
	}
	i8 := &abi.Type{T: abi.IntTy, Size: 8}
	v := uint256.NewInt(0x1ff) // low byte 0xff: -1 as int8
	if w := wrapTo(i8, v); !w.Eq(&big1) {
		t.Errorf("int8: %x, want -1", &w)
	}
}

// TestI2SFilter checks that with the parent's point only the transform
// both points agree with is tried, and none on a guard that is neither.
func TestI2SFilter(t *testing.T) {
	const k, c = 0xea4cf85eea4d6cf0, 0xea4cf85eea4dc1c8
	x0, x1 := uint256.NewInt(0x1234), uint256.NewInt(0x99999)
	for _, tt := range []struct {
		name string
		f    func(x uint64) uint64
		want int
	}{
		{"xor", func(x uint64) uint64 { return x ^ k }, 1},
		{"offset", func(x uint64) uint64 { return x + k }, 1},
		{"square", func(x uint64) uint64 { return x*x + 10 }, 0},
	} {
		e0, e1 := eqEntry(tt.f(x0.Uint64()), c), eqEntry(tt.f(x1.Uint64()), c)
		cands := i2sCandidates(nil, x1, u64, &e1, x0, &e0.Opnd)
		if len(cands) != tt.want {
			t.Errorf("%s: %d candidates %x, want %d", tt.name, len(cands), cands, tt.want)
		}
		for _, w := range cands {
			if tt.f(w.Uint64()) != c {
				t.Errorf("%s: candidate %x misses", tt.name, &w)
			}
		}
	}
}
