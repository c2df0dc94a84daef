package calldata

import (
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// RecentWords is how many words a Recent holds of each kind.
const RecentWords = 32

// recentMinBits is the bit length an untyped word must pass to be kept:
// ids an earlier call made (a keccak-hashed subscription id) are this
// wide, while counters, amounts and addresses, which generation reaches
// anyway, are not. A narrower word whose ABI type is known is kept with
// its kind, for arguments of that kind.
const recentMinBits = 160

// A RecentKind is the ABI type class of a word an earlier transaction
// returned or logged, which decides the arguments it is offered to.
type RecentKind uint8

const (
	// RecentWide is a word of no known type (a log no ABI declares),
	// kept only if wider than an address, offered to numbers and bytesN.
	RecentWide    RecentKind = iota
	RecentUint               // uintN: an order id, a position, a stream id
	RecentInt                // intN
	RecentAddress            // a contract a factory created, an account
	RecentFixed              // bytesN, left-aligned: a pool id, a key
	recentKinds
)

// KindOf returns the kind of words of the elementary ABI type t, and
// false for types no word of which is worth passing back (bool, dynamic
// and composite types).
func KindOf(t *abi.Type) (RecentKind, bool) {
	switch t.T {
	case abi.UintTy:
		return RecentUint, true
	case abi.IntTy:
		return RecentInt, true
	case abi.AddressTy:
		return RecentAddress, true
	case abi.FixedBytesTy:
		return RecentFixed, true
	}
	return 0, false
}

// recentRing is a fixed ring of distinct words, oldest replaced first.
type recentRing struct {
	words  [RecentWords]uint256.Int
	n      int // words held
	next   int // where the next word goes once full
	newest int // the word added last
}

// Recent holds the words earlier transactions returned or logged, by
// kind, for later calls' arguments of that kind: an id createSubscription
// returned is the subId every other function checks, the pool a factory's
// create returned is the address its register takes. It is fixed rings
// (no allocation once made); the zero value is empty, and a nil *Recent
// is empty and may be read from.
type Recent struct {
	rings [recentKinds]recentRing
}

// Len returns the number of words in rc, of every kind.
func (rc *Recent) Len() int {
	if rc == nil {
		return 0
	}
	n := 0
	for k := range rc.rings {
		n += rc.rings[k].n
	}
	return n
}

// has reports whether rc holds a word of kind k.
func (rc *Recent) has(k RecentKind) bool {
	return rc != nil && rc.rings[k].n > 0
}

// holdsFor reports whether Pick has a word for an argument of type t.
func (rc *Recent) holdsFor(t *abi.Type) bool {
	if rc == nil {
		return false
	}
	typed, wide := rc.ringsFor(t)
	return typed.n > 0 || wide.n > 0
}

// Newest returns the word of kind k added last; rc must hold one.
func (rc *Recent) Newest(k RecentKind) uint256.Int {
	g := &rc.rings[k]
	return g.words[g.newest]
}

// empty is the ring ringsFor gives where a type takes no words.
var empty recentRing

// ringsFor returns the rings words for an argument of type t come from:
// its kind's, and the untyped wide words for a number or bytesN.
func (rc *Recent) ringsFor(t *abi.Type) (typed, wide *recentRing) {
	k, ok := KindOf(t)
	if !ok {
		return &empty, &empty
	}
	if k == RecentAddress {
		return &rc.rings[k], &empty
	}
	return &rc.rings[k], &rc.rings[RecentWide]
}

// Pick returns a word of rc for an argument of type t: one of t's kind
// or, for a number or bytesN, an untyped wide word; half the time the
// newest of its ring, which the last execution left (a worker mutates one
// entry several times in a row, so its prefix made that id again), else
// any. It reports false, drawing nothing from r, when rc holds no such
// word.
func (rc *Recent) Pick(r *rand.Rand, t *abi.Type) (uint256.Int, bool) {
	if rc == nil {
		return uint256.Int{}, false
	}
	typed, wide := rc.ringsFor(t)
	g := typed
	switch {
	case typed.n == 0 && wide.n == 0:
		return uint256.Int{}, false
	case typed.n == 0:
		g = wide
	case wide.n > 0 && r.IntN(4) != 0:
		// Wide words first: an id a call made is one every later call
		// must pass back, while small numbers generation reaches anyway.
		g = wide
	}
	if r.IntN(2) == 0 {
		return g.words[g.newest], true
	}
	return g.words[r.IntN(g.n)], true
}

// Add keeps w, of kind k, as the newest word of its kind if it is worth
// passing back (not zero; an untyped word only if wide enough: an id, a
// hash), and reports whether it is.
func (rc *Recent) Add(k RecentKind, w *uint256.Int) bool {
	if w.IsZero() || k >= recentKinds || k == RecentWide && w.BitLen() <= recentMinBits {
		return false
	}
	g := &rc.rings[k]
	for i := 0; i < g.n; i++ {
		if g.words[i] == *w {
			g.newest = i
			return true
		}
	}
	if g.n < RecentWords {
		g.words[g.n] = *w
		g.newest = g.n
		g.n++
		return true
	}
	g.words[g.next] = *w
	g.newest = g.next
	g.next = (g.next + 1) % RecentWords
	return true
}
