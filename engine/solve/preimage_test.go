package solve

import (
	"encoding/binary"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestPreimageCandidates checks that an equality of a hash with the
// keccak of a known literal gives the literal read as the input (on
// either side), whose packed encoding hashes to that side, and that a
// hash of no known literal, or an inequality, gives none.
func TestPreimageCandidates(t *testing.T) {
	lit := []byte{0, 0, 0, 0, 0x22, 0x3b, 0x99, 0x22}
	pre := NewPreimages([][]byte{lit, []byte("open-sesame")})
	var known, other uint256.Int
	known.SetBytes32(crypto.Keccak256(lit))
	other.SetBytes32(crypto.Keccak256([]byte{1, 2, 3, 4, 5, 6, 7, 8}))
	x := uint256.NewInt(0x5eed)
	entry := func(l, r *uint256.Int) txseq.CostEntry {
		e := txseq.CostEntry{Opnd: [2]uint256.Int{*l, *r}}
		e.Resid.Sub(l, r)
		return e
	}
	var hx uint256.Int
	hx.SetBytes32(crypto.Keccak256(binary.BigEndian.AppendUint64(nil, x.Uint64())))
	for _, e := range []txseq.CostEntry{entry(&hx, &known), entry(&known, &hx)} {
		cands := preimageCands(nil, pre, u64, x, &e)
		if len(cands) != 1 || !cands[0].IsUint64() {
			t.Fatalf("candidates %x, want one of 64 bits", cands)
		}
		if got := crypto.Keccak256(binary.BigEndian.AppendUint64(nil, cands[0].Uint64())); !known.Eq(new(uint256.Int).SetBytes32(got)) {
			t.Errorf("candidate %x does not hash to the literal's keccak", &cands[0])
		}
	}
	if e := entry(&hx, &other); len(preimageCands(nil, pre, u64, x, &e)) != 0 {
		t.Error("a hash of no known literal: candidates, want none")
	}
	e := entry(&hx, &known)
	e.Resid.SetUint64(1) // a cost, not the operands' difference
	if len(preimageCands(nil, pre, u64, x, &e)) != 0 {
		t.Error("inequality: candidates, want none")
	}
}
