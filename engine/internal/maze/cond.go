package maze

import (
	"fmt"
	"math/rand/v2"
)

// condKind is the shape of one guard condition. Every shape is a
// comparison over the move's uint64 arguments (and msg.value), evaluated
// in Solidity's unchecked 64-bit arithmetic, so products and sums wrap
// around 2^64 exactly as Go's uint64 does.
type condKind int

const (
	kindLin    condKind = iota // a[A]*K1 + K2 == K3
	kindLin2                   // a[A]*K1 + a[B]*K2 == K3
	kindMul                    // a[A]*a[B] == K3
	kindMulOff                 // (a[A] + K1) * (a[B] ^ K2) == K3
	kindRange                  // a[A] - K1 < K2
	kindGt                     // a[A] > K1
	kindLt                     // a[A] < K1
	kindValue                  // msg.value == K3
	kindLin2C                  // a[A]*K1 + a[B]*K2 + K4 == K3
	kindXor                    // a[A] ^ K1 == K3
)

// Cond is one guard: a comparison that must hold for the move (or the
// dig) it guards to happen.
type Cond struct {
	Kind           condKind
	A, B           int
	K1, K2, K3, K4 uint64
}

// Holds evaluates the condition on arguments a and msg.value v as the EVM
// does.
func (c Cond) Holds(a *[NArgs]uint64, v uint64) bool {
	switch c.Kind {
	case kindLin:
		return a[c.A]*c.K1+c.K2 == c.K3
	case kindLin2:
		return a[c.A]*c.K1+a[c.B]*c.K2 == c.K3
	case kindMul:
		return a[c.A]*a[c.B] == c.K3
	case kindMulOff:
		return (a[c.A]+c.K1)*(a[c.B]^c.K2) == c.K3
	case kindRange:
		return a[c.A]-c.K1 < c.K2
	case kindGt:
		return a[c.A] > c.K1
	case kindLt:
		return a[c.A] < c.K1
	case kindLin2C:
		return a[c.A]*c.K1+a[c.B]*c.K2+c.K4 == c.K3
	case kindXor:
		return a[c.A]^c.K1 == c.K3
	case kindHash, kindBytes, kindLoop, kindCall:
		return c.lhs(a) == c.K3
	case kindSlot, kindTally, kindLabel, kindCode, kindRemote:
		return true // the witness's setup calls wrote the state
	default:
		return v == c.K3
	}
}

// Solidity renders the condition as a Solidity expression over a0..a7.
func (c Cond) Solidity() string {
	if s, ok := c.shapedSolidity(); ok {
		return s
	}
	if s, ok := c.stateSolidity(); ok {
		return s
	}
	switch c.Kind {
	case kindLin:
		if c.K1 == 1 {
			return fmt.Sprintf("a%d + %s == %s", c.A, lit(c.K2), lit(c.K3))
		}
		return fmt.Sprintf("a%d * %s + %s == %s", c.A, lit(c.K1), lit(c.K2), lit(c.K3))
	case kindLin2:
		return fmt.Sprintf("a%d * %s + a%d * %s == %s", c.A, lit(c.K1), c.B, lit(c.K2), lit(c.K3))
	case kindMul:
		return fmt.Sprintf("a%d * a%d == %s", c.A, c.B, lit(c.K3))
	case kindMulOff:
		return fmt.Sprintf("(a%d + %s) * (a%d ^ %s) == %s", c.A, lit(c.K1), c.B, lit(c.K2), lit(c.K3))
	case kindRange:
		return fmt.Sprintf("a%d - %s < %s", c.A, lit(c.K1), lit(c.K2))
	case kindGt:
		return fmt.Sprintf("a%d > %s", c.A, lit(c.K1))
	case kindLt:
		return fmt.Sprintf("a%d < %s", c.A, lit(c.K1))
	case kindLin2C:
		return fmt.Sprintf("a%d * %s + a%d * %s + %s == %s", c.A, lit(c.K1), c.B, lit(c.K2), lit(c.K4), lit(c.K3))
	case kindXor:
		return fmt.Sprintf("(a%d ^ %s) == %s", c.A, lit(c.K1), lit(c.K3))
	default:
		return fmt.Sprintf("msg.value == %d", c.K3)
	}
}

// lit writes small constants in decimal and the others in hex, as a person
// writing the contract would.
func lit(k uint64) string {
	if k < 1<<16 {
		return fmt.Sprint(k)
	}
	return fmt.Sprintf("0x%x", k)
}

// word draws an argument value of a mixed magnitude: fuzzers find small
// values, dictionary values and full 64-bit ones in different ways.
func word(r *rand.Rand) uint64 {
	switch r.IntN(4) {
	case 0:
		return r.Uint64N(1 << 16)
	case 1:
		return r.Uint64N(1 << 32)
	default:
		return r.Uint64()
	}
}

// multiplier draws a constant factor: mostly small (the product does not
// wrap for small arguments), sometimes a full odd 64-bit one (it always
// wraps; only arithmetic modulo 2^64 inverts it).
func multiplier(r *rand.Rand) uint64 {
	if r.IntN(8) == 0 {
		return r.Uint64() | 1
	}
	return 2 + r.Uint64N(1<<12)
}

// satisfiedHard draws a condition of the hard tier over the arguments in
// pool that the witness w (and msg.value v, when value is true)
// satisfies: besides the standard shapes, products of two arguments,
// which only factoring or a quadratic solve modulo 2^64 satisfies.
func satisfiedHard(r *rand.Rand, pool []int, w *[NArgs]uint64, v uint64, value bool) Cond {
	A := pool[r.IntN(len(pool))]
	B := pool[r.IntN(len(pool))]
	for B == A && len(pool) > 1 {
		B = pool[r.IntN(len(pool))]
	}
	var c Cond
	switch n := r.IntN(10); {
	case value:
		c = Cond{Kind: kindValue, K3: v}
	case n < 3:
		c = Cond{Kind: kindLin, A: A, K1: multiplier(r), K2: word(r)}
	case n < 5:
		c = Cond{Kind: kindLin2, A: A, B: B, K1: multiplier(r), K2: multiplier(r)}
	case n < 6:
		c = Cond{Kind: kindMul, A: A, B: B}
	case n < 7:
		c = Cond{Kind: kindMulOff, A: A, B: B, K1: word(r), K2: word(r)}
	case n < 8:
		d := 1 + r.Uint64N(1<<10)
		c = Cond{Kind: kindRange, A: A, K1: w[A] - r.Uint64N(d), K2: d}
	case n < 9 && w[A] > 0:
		c = Cond{Kind: kindGt, A: A, K1: w[A] - 1 - r.Uint64N(min(w[A], 1<<20))}
	case w[A] == ^uint64(0):
		c = Cond{Kind: kindGt, A: A, K1: w[A] - 1}
	default:
		c = Cond{Kind: kindLt, A: A, K1: w[A] + 1 + r.Uint64N(min(^w[A], 1<<20))}
	}
	// The equalities' right-hand side is what the witness makes of the
	// left-hand side.
	switch c.Kind {
	case kindLin:
		c.K3 = w[A]*c.K1 + c.K2
	case kindLin2:
		c.K3 = w[A]*c.K1 + w[B]*c.K2
	case kindMul:
		c.K3 = w[A] * w[B]
	case kindMulOff:
		c.K3 = (w[A] + c.K1) * (w[B] ^ c.K2)
	}
	return c
}

// unsatisfiable draws a condition, or a pair of nested ones, that no
// arguments satisfy, for a reason the comment of each case proves.
func unsatisfiable(r *rand.Rand, pool []int) []Cond {
	A := pool[r.IntN(len(pool))]
	B := pool[r.IntN(len(pool))]
	if r.IntN(2) == 0 {
		// Parity: both products are even modulo 2^64 (an even factor
		// stays even under wrap-around), so their sum is even and never
		// equals an odd constant.
		return []Cond{{Kind: kindLin2, A: A, B: B, K1: multiplier(r) &^ 1, K2: multiplier(r) &^ 1, K3: r.Uint64() | 1}}
	}
	// Contradiction: a[A] > K and, nested inside, a[A] < K - d (d >= 0).
	k := 1<<20 + r.Uint64N(1<<40)
	return []Cond{{Kind: kindGt, A: A, K1: k}, {Kind: kindLt, A: A, K1: k - r.Uint64N(1<<10)}}
}

// provablyUnsat reports whether conds hold a parity or contradiction
// pattern that unsatisfiable builds (the test's check of its proofs).
func provablyUnsat(conds []Cond) bool {
	for i, c := range conds {
		if c.Kind == kindLin2 && c.K1%2 == 0 && c.K2%2 == 0 && c.K3%2 == 1 {
			return true
		}
		for _, d := range conds[i+1:] {
			if c.Kind == kindGt && d.Kind == kindLt && c.A == d.A && d.K1 <= c.K1+1 {
				return true
			}
		}
	}
	return false
}
