package calldata

import (
	"math/rand/v2"

	"github.com/holiman/uint256"
)

// Dictionary limits.
const (
	// DefaultDictionaryWords is the word capacity of a Dictionary made by
	// NewDictionary(0) or used as a zero value.
	DefaultDictionaryWords = 4096
	// MaxDictionaryBlobs is the number of byte strings a Dictionary keeps.
	MaxDictionaryBlobs = 256
	// MaxDictionaryBlobLen is the length byte strings are truncated to.
	MaxDictionaryBlobLen = 256
)

// Dictionary is a bounded, deduplicated set of interesting 256-bit words
// and byte strings. When full it replaces its oldest entry, so its contents
// depend only on the order of additions. The zero value is an empty
// dictionary of DefaultDictionaryWords words; a nil *Dictionary is empty and
// may be read from.
//
// A Dictionary is not safe for concurrent use: each worker owns one, and
// workers share discoveries through Merge.
type Dictionary struct {
	max   int
	words []uint256.Int
	index map[uint256.Int]struct{}
	next  int // oldest word once full

	blobs     [][]byte
	blobIndex map[string]struct{}
	nextBlob  int
}

// NewDictionary returns an empty dictionary that holds at most maxWords
// words (DefaultDictionaryWords if maxWords <= 0).
func NewDictionary(maxWords int) *Dictionary {
	return &Dictionary{max: maxWords}
}

func (d *Dictionary) capacity() int {
	if d.max <= 0 {
		return DefaultDictionaryWords
	}
	return d.max
}

// Len returns the number of words in d.
func (d *Dictionary) Len() int {
	if d == nil {
		return 0
	}
	return len(d.words)
}

// BlobLen returns the number of byte strings in d.
func (d *Dictionary) BlobLen() int {
	if d == nil {
		return 0
	}
	return len(d.blobs)
}

// Contains reports whether w is in d.
func (d *Dictionary) Contains(w uint256.Int) bool {
	if d == nil {
		return false
	}
	_, ok := d.index[w]
	return ok
}

// Add inserts w and reports whether it was new. When d is full, the oldest
// word is dropped.
func (d *Dictionary) Add(w uint256.Int) bool {
	if d.index == nil {
		d.index = make(map[uint256.Int]struct{})
	}
	if _, ok := d.index[w]; ok {
		return false
	}
	d.index[w] = struct{}{}
	if len(d.words) < d.capacity() {
		d.words = append(d.words, w)
		return true
	}
	delete(d.index, d.words[d.next])
	d.words[d.next] = w
	d.next = (d.next + 1) % len(d.words)
	return true
}

// AddWithNeighbours inserts w, w+1, w-1 and -w (two's complement): the
// values that make a comparison against w go either way.
func (d *Dictionary) AddWithNeighbours(w uint256.Int) {
	var x uint256.Int
	d.Add(w)
	d.Add(*x.AddUint64(&w, 1))
	d.Add(*x.SubUint64(&w, 1))
	d.Add(*x.Neg(&w))
}

// AddBoundaries inserts 0, 1, and for every width n in 8, 16, ..., 256 the
// words 2^n-1, 2^n, 2^n+1 and the two's complement minimum and maximum of
// intN.
func (d *Dictionary) AddBoundaries() {
	var one uint256.Int
	one.SetOne()
	d.Add(uint256.Int{})
	d.Add(one)
	for n := 8; n <= 256; n += 8 {
		m := lowMask(n)
		d.Add(m) // 2^n-1
		if n < 256 {
			var p, q uint256.Int
			p.Lsh(&one, uint(n))
			d.Add(p)
			d.Add(*q.AddUint64(&p, 1))
		}
		hi := lowMask(n - 1)
		lo := hi
		lo.Not(&lo)
		d.Add(hi)
		d.Add(lo)
	}
}

// AddBytes inserts a copy of b (truncated to MaxDictionaryBlobLen bytes) and
// reports whether it was new. Empty strings are ignored. When the byte
// strings are full, the oldest is dropped.
func (d *Dictionary) AddBytes(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if len(b) > MaxDictionaryBlobLen {
		b = b[:MaxDictionaryBlobLen]
	}
	if d.blobIndex == nil {
		d.blobIndex = make(map[string]struct{})
	}
	if _, ok := d.blobIndex[string(b)]; ok {
		return false
	}
	c := string(b)
	d.blobIndex[c] = struct{}{}
	if len(d.blobs) < MaxDictionaryBlobs {
		d.blobs = append(d.blobs, []byte(c))
		return true
	}
	delete(d.blobIndex, string(d.blobs[d.nextBlob]))
	d.blobs[d.nextBlob] = []byte(c)
	d.nextBlob = (d.nextBlob + 1) % len(d.blobs)
	return true
}

// Pick returns a uniformly chosen word, or zero if d is empty.
func (d *Dictionary) Pick(r *rand.Rand) uint256.Int {
	if d.Len() == 0 {
		return uint256.Int{}
	}
	return d.words[r.IntN(len(d.words))]
}

// PickBytes returns a uniformly chosen byte string, or nil if there is
// none. The result is shared with d and must not be modified.
func (d *Dictionary) PickBytes(r *rand.Rand) []byte {
	if d.BlobLen() == 0 {
		return nil
	}
	return d.blobs[r.IntN(len(d.blobs))]
}

// Merge adds the words and byte strings of other to d, oldest first.
func (d *Dictionary) Merge(other *Dictionary) {
	if other == nil || other == d {
		return
	}
	for i := range other.words {
		d.Add(other.words[(other.next+i)%len(other.words)])
	}
	for i := range other.blobs {
		d.AddBytes(other.blobs[(other.nextBlob+i)%len(other.blobs)])
	}
}

// PushConstants returns the distinct immediates of the PUSH1..PUSH32
// instructions in EVM bytecode, in order of first appearance, leaving out 0
// and 1. A PUSH cut off by the end of the code is padded with zero bytes on
// the right, as the EVM does.
func PushConstants(code []byte) []uint256.Int {
	var (
		out  []uint256.Int
		seen = make(map[uint256.Int]struct{})
	)
	for pc := 0; pc < len(code); pc++ {
		op := code[pc]
		if op < 0x60 || op > 0x7f {
			continue
		}
		n := int(op) - 0x5f
		var buf [32]byte
		copy(buf[32-n:], code[pc+1:min(pc+1+n, len(code))])
		pc += n

		var w uint256.Int
		w.SetBytes32(buf[:])
		if w.IsUint64() && w.Uint64() <= 1 {
			continue
		}
		if _, ok := seen[w]; ok {
			continue
		}
		seen[w] = struct{}{}
		out = append(out, w)
	}
	return out
}
