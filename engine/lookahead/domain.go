package lookahead

import "github.com/holiman/uint256"

// Value is an element of the constant-propagation lattice: Bottom (no value
// yet: unreachable) below every constant, every constant below Top (any
// value).
//
// Lattice laws (checked by tests): Join is commutative, associative and
// idempotent, Bottom is its identity and Top absorbs everything.
type Value struct {
	kind uint8
	c    uint256.Int
}

const (
	bottom uint8 = iota
	constant
	top
)

// Bottom, Top and Const build values.
var (
	Bottom = Value{kind: bottom}
	Top    = Value{kind: top}
)

// Const returns the constant c.
func Const(c uint256.Int) Value { return Value{kind: constant, c: c} }

// ConstU returns the constant n.
func ConstU(n uint64) Value { return Value{kind: constant, c: *uint256.NewInt(n)} }

// IsConst reports whether v is a known constant, and returns it.
func (v Value) IsConst() (*uint256.Int, bool) { return &v.c, v.kind == constant }

// IsTop reports whether v is Top.
func (v Value) IsTop() bool { return v.kind == top }

// Join returns the least upper bound of v and w.
func (v Value) Join(w Value) Value {
	switch {
	case v.kind == bottom:
		return w
	case w.kind == bottom:
		return v
	case v.kind == constant && w.kind == constant && v.c.Eq(&w.c):
		return v
	default:
		return Top
	}
}

// Leq reports v ⊑ w.
func (v Value) Leq(w Value) bool {
	return v.kind == bottom || w.kind == top || (v.kind == constant && w.kind == constant && v.c.Eq(&w.c))
}

// Equal reports whether v and w are the same element.
func (v Value) Equal(w Value) bool {
	return v.kind == w.kind && (v.kind != constant || v.c.Eq(&w.c))
}
