package calldata

import (
	"slices"
	"testing"

	"github.com/holiman/uint256"
)

func TestDictionaryAddDedupEvict(t *testing.T) {
	d := NewDictionary(3)
	for i, x := range []uint64{5, 6, 5, 7} {
		added := d.Add(*uint256.NewInt(x))
		if added != (i != 2) {
			t.Fatalf("Add(%d) = %v", x, added)
		}
	}
	if d.Len() != 3 {
		t.Fatalf("Len = %d", d.Len())
	}
	d.Add(*uint256.NewInt(8)) // evicts 5, the oldest
	if d.Contains(*uint256.NewInt(5)) || !d.Contains(*uint256.NewInt(8)) || d.Len() != 3 {
		t.Fatal("oldest word not evicted")
	}
	d.Add(*uint256.NewInt(9)) // evicts 6
	if d.Contains(*uint256.NewInt(6)) || !d.Contains(*uint256.NewInt(7)) {
		t.Fatal("eviction order")
	}
	if !d.Add(*uint256.NewInt(5)) {
		t.Fatal("evicted word not re-addable")
	}
}

func TestDictionaryZeroAndNil(t *testing.T) {
	var nilDict *Dictionary
	r := newRand(50)
	if nilDict.Len() != 0 || nilDict.BlobLen() != 0 || nilDict.Pick(r) != (uint256.Int{}) || nilDict.PickBytes(r) != nil || nilDict.Contains(uint256.Int{}) {
		t.Error("nil dictionary not empty")
	}
	var d Dictionary
	d.Add(*uint256.NewInt(3))
	if d.Len() != 1 || d.Pick(r) != *uint256.NewInt(3) {
		t.Error("zero dictionary")
	}
}

func TestDictionaryNeighboursAndBoundaries(t *testing.T) {
	var d Dictionary
	d.AddWithNeighbours(*uint256.NewInt(100))
	var neg uint256.Int
	neg.Neg(uint256.NewInt(100))
	for _, w := range []uint256.Int{*uint256.NewInt(99), *uint256.NewInt(100), *uint256.NewInt(101), neg} {
		if !d.Contains(w) {
			t.Errorf("missing %s", w.Hex())
		}
	}

	var b Dictionary
	b.AddBoundaries()
	for _, s := range []string{"0", "1", "255", "256", "257", "127", "-128", "65535", "-1",
		"57896044618658097711785492504343953926634992332820282019728792003956564819967",
		"-57896044618658097711785492504343953926634992332820282019728792003956564819968",
		"340282366920938463463374607431768211456"} {
		if !b.Contains(decWord(s)) {
			t.Errorf("boundaries miss %s", s)
		}
	}
}

func TestDictionaryBytes(t *testing.T) {
	var d Dictionary
	if d.AddBytes(nil) || !d.AddBytes([]byte("abc")) || d.AddBytes([]byte("abc")) {
		t.Fatal("AddBytes dedup")
	}
	src := []byte("xyz")
	d.AddBytes(src)
	src[0] = 'Q'
	long := make([]byte, 2*MaxDictionaryBlobLen)
	d.AddBytes(long)
	r := newRand(51)
	for range 100 {
		b := d.PickBytes(r)
		if b[0] == 'Q' || len(b) > MaxDictionaryBlobLen {
			t.Fatalf("PickBytes = %q", b)
		}
	}
	for i := range MaxDictionaryBlobs + 10 {
		d.AddBytes([]byte{byte(i), byte(i >> 8), 1})
	}
	if d.BlobLen() != MaxDictionaryBlobs {
		t.Fatalf("BlobLen = %d", d.BlobLen())
	}
}

func TestDictionaryMerge(t *testing.T) {
	a, b := NewDictionary(4), NewDictionary(4)
	for i := range uint64(6) { // b keeps 2, 3, 4, 5 with 2 oldest
		b.Add(*uint256.NewInt(i))
	}
	b.AddBytes([]byte("s"))
	a.Add(*uint256.NewInt(100))
	a.Merge(b)
	// a had 100, then receives 2, 3, 4, 5: 100 is evicted.
	for _, x := range []uint64{2, 3, 4, 5} {
		if !a.Contains(*uint256.NewInt(x)) {
			t.Errorf("merge lost %d", x)
		}
	}
	if a.Contains(*uint256.NewInt(100)) || a.BlobLen() != 1 {
		t.Error("merge order or blobs")
	}
	a.Merge(a)
	a.Merge(nil)
}

func TestPushConstants(t *testing.T) {
	tests := []struct {
		name string
		code []byte
		want []uint64
	}{
		{"empty", nil, nil},
		{"push1", []byte{0x60, 0x2a, 0x60, 0x01, 0x60, 0x00, 0x60, 0x2a}, []uint64{0x2a}},
		{"push4 selector", []byte{0x63, 0xa9, 0x05, 0x9c, 0xbb, 0x14}, []uint64{0xa9059cbb}},
		{"push0 and others", []byte{0x5f, 0x01, 0x61, 0x01, 0x00}, []uint64{0x100}},
		{"immediate not an opcode", []byte{0x61, 0x60, 0x07, 0x60, 0x09}, []uint64{0x6007, 0x09}},
		{"truncated", []byte{0x62, 0x12}, []uint64{0x120000}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []uint64
			for _, w := range PushConstants(tt.code) {
				got = append(got, w.Uint64())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %x, want %x", got, tt.want)
			}
		})
	}
	code := append([]byte{0x7f}, make([]byte, 32)...)
	code[1] = 0xff
	got := PushConstants(code)
	if len(got) != 1 || got[0].BitLen() != 256 {
		t.Errorf("push32 = %v", got)
	}
}

func FuzzPushConstants(f *testing.F) {
	f.Add([]byte{0x60, 0x2a, 0x7f})
	f.Add([]byte{0x63, 0xa9, 0x05, 0x9c, 0xbb, 0x14, 0x60, 0x80, 0x60, 0x40, 0x52})
	f.Fuzz(func(t *testing.T, code []byte) {
		got := PushConstants(code)
		if len(got) > len(code) {
			t.Fatalf("%d constants from %d bytes", len(got), len(code))
		}
		seen := map[uint256.Int]bool{}
		for _, w := range got {
			if w.IsUint64() && w.Uint64() <= 1 || seen[w] {
				t.Fatalf("trivial or repeated %s", w.Hex())
			}
			seen[w] = true
		}
		var d Dictionary
		for _, w := range got {
			d.AddWithNeighbours(w)
		}
	})
}
