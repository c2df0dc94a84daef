package calldata

import (
	"math/rand/v2"

	"github.com/holiman/uint256"
)

// RecentWords is how many words a Recent holds.
const RecentWords = 32

// recentMinBits is the bit length a word must pass to be kept: ids an
// earlier call made (a keccak-hashed subscription id) are this wide, while
// counters, amounts and addresses, which generation reaches anyway, are
// not.
const recentMinBits = 160

// Recent holds the words earlier transactions returned or logged, for
// later calls' arguments: an id createSubscription returned is the subId
// every other function checks. It is a fixed ring (no allocation once
// made), oldest replaced first; the zero value is empty, and a nil
// *Recent is empty and may be read from.
type Recent struct {
	words  [RecentWords]uint256.Int
	n      int // words held
	next   int // where the next word goes once full
	newest int // the word added last
}

// Len returns the number of words in rc.
func (rc *Recent) Len() int {
	if rc == nil {
		return 0
	}
	return rc.n
}

// Pick returns a word of rc: half the time the newest, which the last
// execution left (a worker mutates one entry several times in a row, so
// its prefix made that id again), else any; rc must not be empty.
func (rc *Recent) Pick(r *rand.Rand) uint256.Int {
	if r.IntN(2) == 0 {
		return rc.words[rc.newest]
	}
	return rc.words[r.IntN(rc.n)]
}

// Add keeps w if it is wide enough (an id, a hash), as the newest word,
// and reports whether it is.
func (rc *Recent) Add(w *uint256.Int) bool {
	if w.BitLen() <= recentMinBits {
		return false
	}
	for i := 0; i < rc.n; i++ {
		if rc.words[i] == *w {
			rc.newest = i
			return true
		}
	}
	if rc.n < RecentWords {
		rc.words[rc.n] = *w
		rc.newest = rc.n
		rc.n++
		return true
	}
	rc.words[rc.next] = *w
	rc.newest = rc.next
	rc.next = (rc.next + 1) % RecentWords
	return true
}
