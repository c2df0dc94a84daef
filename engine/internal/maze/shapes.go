package maze

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/crypto"
)

// Guard shapes of Params.Shapes, unlike the tiers' comparisons of
// arithmetic on the arguments: what optimized real code guards with, and
// what costs a fuzzer's tracer differently per transaction (issue 71).
const (
	kindHash  condKind = iota + 100 // uint8(keccak256(a[A])) == K3
	kindBytes                       // keccak256(a[A]) == keccak256(bytes8 K3): a bytes compare
	kindLoop                        // spread(a[A], a[B]) == K3: a loop of a[A] % 8 rounds
	kindCall                        // h.mix(a[A], K1) == K3: a call to a second contract
)

// mixFactor is Helper.mix's odd multiplier (invertible modulo 2^64).
const mixFactor = 0x9e3779b97f4a7c15

// shaped draws one condition of the shapes above, or a product of two
// arguments, that the witness w satisfies.
func shaped(r *rand.Rand, pool []int, w *[NArgs]uint64) Cond {
	A := pool[r.IntN(len(pool))]
	B := pool[r.IntN(len(pool))]
	for B == A && len(pool) > 1 {
		B = pool[r.IntN(len(pool))]
	}
	c := Cond{A: A, B: B}
	switch r.IntN(5) {
	case 0:
		c.Kind = kindHash
	case 1:
		c.Kind = kindBytes
	case 2:
		c.Kind = kindLoop
	case 3:
		c.Kind, c.K1 = kindCall, word(r)
	default:
		c.Kind = kindMul
	}
	c.K3 = c.lhs(w)
	return c
}

// lhs evaluates a shaped condition's left-hand side on arguments a.
func (c Cond) lhs(a *[NArgs]uint64) uint64 {
	switch c.Kind {
	case kindHash:
		return uint64(hash64(a[c.A])[31])
	case kindBytes:
		return a[c.A]
	case kindLoop:
		return spread(a[c.A], a[c.B])
	case kindCall:
		return (a[c.A] ^ c.K1) * mixFactor
	default:
		return a[c.A] * a[c.B]
	}
}

// hash64 is keccak256(abi.encodePacked(uint64 x)).
func hash64(x uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], x)
	return crypto.Keccak256(b[:])
}

// spread is the rendered contract's _spread: the sum of x + i over
// n % 8 rounds, in wrapping 64-bit arithmetic.
func spread(n, x uint64) (s uint64) {
	for i := uint64(0); i < n%8; i++ {
		s += x + i
	}
	return s
}

// shapedSolidity renders a shaped condition (ok false for the tiers').
func (c Cond) shapedSolidity() (string, bool) {
	switch c.Kind {
	case kindHash:
		return fmt.Sprintf("uint8(uint256(keccak256(abi.encodePacked(a%d)))) == %d", c.A, c.K3), true
	case kindBytes:
		return fmt.Sprintf(`keccak256(abi.encodePacked(a%d)) == keccak256(hex"%016x")`, c.A, c.K3), true
	case kindLoop:
		return fmt.Sprintf("_spread(a%d, a%d) == %s", c.A, c.B, lit(c.K3)), true
	case kindCall:
		return fmt.Sprintf("h.mix(a%d, %s) == %s", c.A, lit(c.K1), lit(c.K3)), true
	}
	return "", false
}

// shapesState is the main contract's state and helpers for the shapes.
var shapesState = []string{
	"",
	"function _spread(uint64 n, uint64 x) internal pure returns (uint64 s) {",
	"    unchecked {",
	"        for (uint64 i = 0; i < n % 8; i++) {",
	"            s += x + i;",
	"        }",
	"    }",
	"}",
}

// helperContract is the second contract kindCall calls, but its
// closing brace (kindRemote adds its state before it).
var helperContract = []string{
	"",
	"// Called by the maze's guards: a condition whose value another",
	"// contract computes.",
	"contract Helper {",
	"    function mix(uint64 x, uint64 k) external pure returns (uint64) {",
	"        unchecked {",
	fmt.Sprintf("            return (x ^ k) * 0x%x;", uint64(mixFactor)),
	"        }",
	"    }",
}
