package maze

import "math/rand/v2"

// Tier is how hard a maze's guards are to satisfy.
type Tier string

const (
	// Standard guards are linear in the arguments with constant
	// coefficients (wrapping around 2^64), xor and offset forms, ranges,
	// comparisons and msg.value prices: what a fuzzer that predicts
	// inputs from comparison operands can invert. It is the default.
	Standard Tier = "standard"
	// Hard adds products of two arguments, (a+K)*(b^K2) == C and
	// a*b == C, which need factoring or a quadratic solve modulo 2^64.
	Hard Tier = "hard"
	// Easy guards only compare an argument with a bound that about half
	// of all values pass: a maze of this tier measures how deep sequences
	// grow, apart from solving conditions.
	Easy Tier = "easy"
)

// satisfied draws a condition of tier t over the arguments in pool that
// the witness w (and msg.value v, when value is true) satisfies.
func satisfied(t Tier, r *rand.Rand, pool []int, w *[NArgs]uint64, v uint64, value bool) Cond {
	switch t {
	case Hard:
		return satisfiedHard(r, pool, w, v, value)
	case Easy:
		return satisfiedEasy(r, pool, w)
	}
	return satisfiedStandard(r, pool, w, v, value)
}

// satisfiedStandard draws a standard-tier condition (no product of two
// arguments) that the witness satisfies.
func satisfiedStandard(r *rand.Rand, pool []int, w *[NArgs]uint64, v uint64, value bool) Cond {
	A := pool[r.IntN(len(pool))]
	B := pool[r.IntN(len(pool))]
	for B == A && len(pool) > 1 {
		B = pool[r.IntN(len(pool))]
	}
	var c Cond
	switch n := r.IntN(10); {
	case value:
		return Cond{Kind: kindValue, K3: v}
	case n < 2:
		c = Cond{Kind: kindLin, A: A, K1: multiplier(r), K2: word(r)}
		c.K3 = w[A]*c.K1 + c.K2
	case n < 4:
		c = Cond{Kind: kindLin2, A: A, B: B, K1: multiplier(r), K2: multiplier(r)}
		c.K3 = w[A]*c.K1 + w[B]*c.K2
	case n < 5:
		c = Cond{Kind: kindLin2C, A: A, B: B, K1: multiplier(r), K2: multiplier(r), K4: word(r)}
		c.K3 = w[A]*c.K1 + w[B]*c.K2 + c.K4
	case n < 6:
		c = Cond{Kind: kindXor, A: A, K1: word(r)}
		c.K3 = w[A] ^ c.K1
	case n < 7:
		// An offset: a + K == C, the linear form with factor 1.
		c = Cond{Kind: kindLin, A: A, K1: 1, K2: word(r)}
		c.K3 = w[A] + c.K2
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
	return c
}

// satisfiedEasy draws an easy-tier condition: argument A below a bound
// that half to three quarters of all values pass. The witness's value is
// lowered below it, which keeps the exit's earlier (all such) conditions.
func satisfiedEasy(r *rand.Rand, pool []int, w *[NArgs]uint64) Cond {
	A := pool[r.IntN(len(pool))]
	w[A] &= 1<<62 - 1
	return Cond{Kind: kindLt, A: A, K1: 1<<63 + r.Uint64N(1<<62)}
}
