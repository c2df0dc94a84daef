package chain

import (
	"encoding/binary"

	"github.com/ethereum/go-ethereum/common"
)

// accessBloom sums up a set of accesses in three 64-bit Bloom filters, so
// that a write set and a probe's reads that cannot conflict are told
// apart with three ANDs instead of comparing every write with every read
// (addresses and slots of 20 and 32 bytes): after every transaction the
// campaign asks that of each remembered invariant, and most stand.
type accessBloom struct {
	acct  uint64 // (account, part) pairs for its balance, nonce and code
	store uint64 // accounts whose storage as a whole (a write) or a slot (a read) was
	slot  uint64 // (account, slot) pairs
}

// addWrite folds write w in.
func (b *accessBloom) addWrite(w *access) {
	b.acct |= acctBits(&w.addr, w.kind)
	if w.kind&kStorage != 0 {
		b.store |= addrBit(&w.addr)
	}
	if w.kind&kSlot != 0 {
		b.slot |= slotBit(&w.addr, &w.slot)
	}
}

// addRead folds read r in, matching addWrite's bits for the writes that
// conflict with it (access.conflicts).
func (b *accessBloom) addRead(r *access) {
	b.acct |= acctBits(&r.addr, r.kind)
	if r.kind&kSlot != 0 {
		b.store |= addrBit(&r.addr)
		b.slot |= slotBit(&r.addr, &r.slot)
	}
}

// disjoint reports that no write of w conflicts with a read of r (false
// may still be no conflict).
func (w *accessBloom) disjoint(r *accessBloom) bool {
	return w.acct&r.acct|w.store&r.store|w.slot&r.slot == 0
}

func foldAddr(a *common.Address) uint64 {
	return binary.LittleEndian.Uint64(a[0:]) ^ binary.LittleEndian.Uint64(a[8:]) ^ uint64(binary.LittleEndian.Uint32(a[16:]))
}

// bit picks one of 64 bits from the top of a multiplicative hash.
func bit(x uint64) uint64 { return 1 << ((x * 0x9e3779b97f4a7c15) >> 58) }

func addrBit(a *common.Address) uint64 { return bit(foldAddr(a)) }

// acctBits has a bit per part of the account that kind names: a
// transaction bumps its sender's nonce and a probe from the same sender
// reads its balance, which do not conflict.
func acctBits(a *common.Address, kind uint8) (b uint64) {
	if kind&kAccount == 0 {
		return 0
	}
	f := foldAddr(a)
	for _, k := range [...]uint8{kBalance, kNonce, kCode} {
		if kind&k != 0 {
			b |= bit(f + uint64(k)*0x632be59bd9b4e019)
		}
	}
	return b
}

func slotBit(a *common.Address, s *common.Hash) uint64 {
	return bit(foldAddr(a) ^ binary.LittleEndian.Uint64(s[0:]) ^ binary.LittleEndian.Uint64(s[8:])*3 ^
		binary.LittleEndian.Uint64(s[16:])*5 ^ binary.LittleEndian.Uint64(s[24:])*7)
}

// writeBloom returns the Bloom filter of the writes noted, folding in
// those noted since it was last asked. A write below a rolled-back count
// (write) starts it over; a roll-back alone leaves it a superset, which
// is safe.
func (a *accesses) writeBloom() *accessBloom {
	for ; a.nb < a.nw; a.nb++ {
		a.wb.addWrite(&a.writes[a.nb])
	}
	return &a.wb
}

// readBloom returns the Bloom filter of reads.
func readBloom(reads []access) (b accessBloom) {
	for i := range reads {
		b.addRead(&reads[i])
	}
	return b
}
