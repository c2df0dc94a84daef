package calldata

import (
	"math/rand/v2"
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// Mutation limits: mutation does not grow values beyond them.
const (
	// MaxMutLen is the longest dynamic array InsertElem grows.
	MaxMutLen = 64
	// MaxMutBytes is the longest bytes or string InsertByte and
	// SpliceDictionary grow.
	MaxMutBytes = 1024
)

// MutationKind says how Mutate changed a value.
type MutationKind uint8

// Mutation kinds. The first group changes a scalar leaf, the second a bytes
// or string leaf, the third the length of a dynamic array.
const (
	AddDelta      MutationKind = iota + 1 // add 1..16 (to the number a bytesN holds)
	SubDelta                              // subtract 1..16
	FlipBit                               // flip one bit within the type's width
	SetBoundary                           // set to 0, 1, an extreme or a power of two ±1
	SetDictionary                         // set to a dictionary word, fitted to the type
	SetRandom                             // set to random bits of the type's width
	FlipBool                              // negate a bool
	SwapAddress                           // replace an address with another pool entry

	FlipByte         // change one byte
	InsertByte       // insert one random byte
	DeleteByte       // delete one byte
	SpliceDictionary // insert a dictionary string or word

	InsertElem // insert a new or duplicated element into a dynamic array
	RemoveElem // remove an element from a dynamic array
)

var mutationNames = [...]string{
	AddDelta:         "add",
	SubDelta:         "sub",
	FlipBit:          "flip-bit",
	SetBoundary:      "boundary",
	SetDictionary:    "dictionary",
	SetRandom:        "random",
	FlipBool:         "flip-bool",
	SwapAddress:      "swap-address",
	FlipByte:         "flip-byte",
	InsertByte:       "insert-byte",
	DeleteByte:       "delete-byte",
	SpliceDictionary: "splice",
	InsertElem:       "insert-elem",
	RemoveElem:       "remove-elem",
}

// String returns a short name of the kind.
func (k MutationKind) String() string {
	if int(k) < len(mutationNames) && mutationNames[k] != "" {
		return mutationNames[k]
	}
	return "none"
}

// Mutation describes the one change Mutate made.
type Mutation struct {
	// Path addresses the changed leaf, or the dynamic array whose length
	// changed.
	Path Path
	Kind MutationKind
	// Old and New are the words before and after the change when Scalar is
	// set, and the array lengths for InsertElem and RemoveElem.
	Old, New uint256.Int
	// Scalar is set when a scalar leaf changed. Integer leaves (see Signed
	// and Bits of At(args, Path).Type) are what input prediction fits.
	Scalar bool
}

// Mutate changes exactly one target of args in place and describes the
// change in *m, reusing m.Path's storage. A target is a scalar leaf, a bytes
// or string leaf, or the length of a dynamic array, chosen uniformly. The
// new value is valid for its type and differs from the old one. Mutate
// reports false, leaving args alone, if args has no target. It does not
// allocate when the target is a scalar and m.Path has room for the path.
func Mutate(r *rand.Rand, args []Value, env *Env, m *Mutation) bool {
	n := countTargets(args)
	if n == 0 {
		return false
	}
	k := r.IntN(n)
	m.Path = m.Path[:0]
	m.Kind = 0
	m.Old.Clear()
	m.New.Clear()
	m.Scalar = false
	v := findTarget(args, &k, &m.Path)
	switch {
	case isWord(v.Type):
		mutateWord(r, v, env, m)
	case v.Type.T == abi.SliceTy:
		mutateLen(r, v, env, m)
	default:
		mutateBytes(r, v, env, m)
	}
	return true
}

// isTarget reports whether Mutate may pick a value of type t.
func isTarget(t *abi.Type) bool {
	return t != nil && (isLeaf(t) || t.T == abi.SliceTy)
}

func countTargets(vals []Value) int {
	n := 0
	for i := range vals {
		if isTarget(vals[i].Type) {
			n++
		}
		if !isLeaf(vals[i].Type) {
			n += countTargets(vals[i].Elems)
		}
	}
	return n
}

// findTarget returns the target numbered *k in depth-first order and
// appends its path to *path.
func findTarget(vals []Value, k *int, path *Path) *Value {
	for i := range vals {
		v := &vals[i]
		*path = append(*path, i)
		if isTarget(v.Type) {
			if *k == 0 {
				return v
			}
			*k--
		}
		if !isLeaf(v.Type) {
			if t := findTarget(v.Elems, k, path); t != nil {
				return t
			}
		}
		*path = (*path)[:len(*path)-1]
	}
	return nil
}

// mutateWord changes the scalar v to a different valid word.
func mutateWord(r *rand.Rand, v *Value, env *Env, m *Mutation) {
	t := v.Type
	old := v.Word
	kind, w := FlipBit, old
	for range 4 {
		kind, w = wordMutation(r, t, old, env)
		w = normalize(t, w)
		if w != old {
			break
		}
	}
	if w == old {
		kind, w = FlipBit, flipBit(r, t, old)
	}
	v.Word = w
	m.Kind, m.Old, m.New, m.Scalar = kind, old, w, true
}

// wordMutation proposes a new word for a scalar of type t; the caller
// normalizes it.
func wordMutation(r *rand.Rand, t *abi.Type, old uint256.Int, env *Env) (MutationKind, uint256.Int) {
	switch t.T {
	case abi.BoolTy:
		var w uint256.Int
		w.SetUint64(old.Uint64() ^ 1)
		return FlipBool, w
	case abi.AddressTy:
		if a, ok := env.token(r); ok {
			return SwapAddress, addressWord(a)
		}
		if env.recent().has(RecentAddress) && r.IntN(8) == 0 {
			// The contract an earlier call created and returned or
			// logged last.
			return SwapAddress, env.recent().Newest(RecentAddress)
		}
		if pool := env.addresses(); len(pool) > 0 && r.IntN(4) != 0 {
			return SwapAddress, addressWord(pool[r.IntN(len(pool))])
		}
	}
	num := toNumber(t, old)
	switch r.IntN(8) {
	case 0, 1:
		num.AddUint64(&num, 1+uint64(r.IntN(16)))
		return AddDelta, fromNumber(t, num)
	case 2, 3:
		num.SubUint64(&num, 1+uint64(r.IntN(16)))
		return SubDelta, fromNumber(t, num)
	case 4:
		return FlipBit, flipBit(r, t, old)
	case 5:
		return SetBoundary, fromNumber(t, boundary(r, t))
	case 6:
		if d := env.dict(); d.Len() > 0 {
			w := d.Pick(r)
			if leftAligned(t) && r.IntN(2) == 0 {
				return SetDictionary, w
			}
			return SetDictionary, fromNumber(t, w)
		}
	case 7:
		// A word an earlier transaction returned or logged (an id to
		// pass back), as it is: a dictionary word of this run.
		if rc := env.recent(); rc.holdsFor(t) && r.IntN(2) == 0 {
			w, _ := rc.Pick(r, t)
			if leftAligned(t) {
				return SetDictionary, w
			}
			return SetDictionary, fromNumber(t, w)
		}
	}
	return SetRandom, fromNumber(t, randomWord(r))
}

// flipBit flips one bit of old within t's width, then normalizes, so the
// result always differs from a valid old.
func flipBit(r *rand.Rand, t *abi.Type, old uint256.Int) uint256.Int {
	n := max(Bits(t), 1)
	k := r.IntN(n)
	if leftAligned(t) {
		k += 256 - n
	}
	var b uint256.Int
	b.SetOne()
	b.Lsh(&b, uint(k))
	old.Xor(&old, &b)
	return normalize(t, old)
}

// mutateBytes changes the contents of a bytes or string value.
func mutateBytes(r *rand.Rand, v *Value, env *Env, m *Mutation) {
	b := v.Bytes
	str := v.Type != nil && v.Type.T == abi.StringTy
	var kind MutationKind
	switch {
	case len(b) == 0:
		kind = [...]MutationKind{InsertByte, SpliceDictionary}[r.IntN(2)]
	case len(b) >= MaxMutBytes:
		kind = [...]MutationKind{FlipByte, DeleteByte}[r.IntN(2)]
	default:
		kind = [...]MutationKind{FlipByte, FlipByte, InsertByte, DeleteByte, SpliceDictionary}[r.IntN(5)]
	}
	switch kind {
	case FlipByte:
		i := r.IntN(len(b))
		if str {
			c := printable(r)
			if c == b[i] {
				c = ' ' + (c-' '+1)%('~'-' '+1)
			}
			b[i] = c
		} else {
			b[i] ^= byte(1 + r.IntN(255))
		}
	case InsertByte:
		c := byte(r.Uint32())
		if str {
			c = printable(r)
		}
		b = slices.Insert(b, r.IntN(len(b)+1), c)
	case DeleteByte:
		i := r.IntN(len(b))
		b = slices.Delete(b, i, i+1)
	case SpliceDictionary:
		var word [32]byte
		src := env.dict().PickBytes(r)
		if src == nil || r.IntN(2) == 0 {
			if d := env.dict(); d.Len() > 0 {
				w := d.Pick(r)
				word = w.Bytes32()
				src = word[32-max(w.ByteLen(), 1):]
			} else if src == nil {
				w := randomWord(r)
				word = w.Bytes32()
				src = word[:4]
			}
		}
		src = src[:min(len(src), MaxMutBytes-len(b))]
		b = slices.Insert(b, r.IntN(len(b)+1), src...)
	}
	v.Bytes = b
	m.Kind = kind
}

// mutateLen inserts an element into or removes one from a dynamic array.
func mutateLen(r *rand.Rand, v *Value, env *Env, m *Mutation) {
	n := len(v.Elems)
	m.Old.SetUint64(uint64(n))
	if n > 0 && (n >= MaxMutLen || r.IntN(2) == 0) {
		// slices.Delete zeroes the freed slot, so it shares no storage
		// with the element that moved down.
		i := r.IntN(n)
		v.Elems = slices.Delete(v.Elems, i, i+1)
		m.Kind = RemoveElem
	} else {
		var e Value
		if n > 0 && r.IntN(4) == 0 {
			copyValue(&e, &v.Elems[r.IntN(n)])
		} else {
			generate(r, v.Type.Elem, env, 1, &e)
		}
		v.Elems = slices.Insert(v.Elems, r.IntN(n+1), e)
		m.Kind = InsertElem
	}
	m.New.SetUint64(uint64(len(v.Elems)))
}
