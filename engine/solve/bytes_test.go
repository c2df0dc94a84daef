package solve

import (
	"bytes"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// leftByte is b as a bytes1 word, as b[i] of a bytes input compares.
func leftByte(b byte) uint256.Int {
	var w [32]byte
	w[0] = b
	return *new(uint256.Int).SetBytes32(w[:])
}

// TestBytesCandidates checks the bytes input-to-state candidates of a
// byte loop's first mismatch: the code's constant that agrees with the
// input up to it first, then the input with the compared byte mended; a
// later call (from past the mended position) finds only bytes further
// in; and a compare of wider pieces gives none.
func TestBytesCandidates(t *testing.T) {
	k := uint256.NewInt(0x5eed5eed12345678)
	kb := k.Bytes()
	pr := &Predictor{Known: NewKnown(nil, []uint256.Int{*k, *uint256.NewInt(0x1122334455667788)})}
	in := []byte{0x5e, 0xed, 0x00, 0x11, 0x12, 0x34, 0x56, 0x78}
	// b[2] (0x00) != k[2] (0x5e).
	e := txseq.CostEntry{Opnd: [2]uint256.Int{leftByte(0x00), leftByte(0x5e)}}
	e.Resid.Sub(&e.Opnd[0], &e.Opnd[1])
	cands := pr.bytesCands(nil, []txseq.CostEntry{e}, in, 0)
	if len(cands) < 2 || !bytes.Equal(cands[0].b, kb) || cands[0].pos != -1 {
		t.Fatalf("candidates %x, want the constant %x first", cands, kb)
	}
	if want := []byte{0x5e, 0xed, 0x5e, 0x11, 0x12, 0x34, 0x56, 0x78}; !bytes.Equal(cands[1].b, want) || cands[1].pos != 2 {
		t.Errorf("mended input %x at %d, want %x at 2", cands[1].b, cands[1].pos, want)
	}
	if c := pr.bytesCands(nil, []txseq.CostEntry{e}, in, 3); len(c) != 0 {
		t.Errorf("from position 3: candidates %x, want none (the bytes compared are at 2)", c)
	}
	// A bytes4 piece compared as a word (a selector) is not this rule's.
	var l, r [32]byte
	copy(l[:], []byte{0x12, 0x34, 0x56, 0x78})
	copy(r[:], []byte{0xde, 0xad, 0xbe, 0xef})
	w := txseq.CostEntry{Opnd: [2]uint256.Int{*new(uint256.Int).SetBytes32(l[:]), *new(uint256.Int).SetBytes32(r[:])}}
	w.Resid.Sub(&w.Opnd[0], &w.Opnd[1])
	if c := pr.bytesCands(nil, []txseq.CostEntry{w}, in, 0); len(c) != 0 {
		t.Errorf("bytes4 piece: candidates %x, want none", c)
	}
}
