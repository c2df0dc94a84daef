package trace

import "github.com/holiman/uint256"

// hashedSlots stands for every slot above 2^64 in storage signatures.
var hashedSlots = uint256.Int{0, 0, 0, 1 << 63}

// Slot names a storage slot of one of the program's contracts.
type Slot struct {
	Code int32
	Key  uint256.Int
}

// Written returns the slot Writes names for a write of sl: hashed slots
// (mapping values, array elements) are one.
func Written(sl Slot) Slot {
	if sl.Key[1]|sl.Key[2]|sl.Key[3] != 0 {
		sl.Key = hashedSlots
	}
	return sl
}

// Writes returns the slots the current transaction wrote, each with the
// magnitude class of the last value written (the map is reused).
func (t *Tracer) Writes() map[Slot]uint16 { return t.writes }

// maxStored bounds Stored: a transaction that writes more is not one an
// oracle re-runs to compare (StoredAll says so).
const maxStored = 64

// Stored returns the slots the current transaction wrote (mapping and
// array slots too, unlike Writes), in order, up to maxStored.
func (t *Tracer) Stored() []Slot { return t.stored[:t.nStored] }

// Foreign reports whether the current transaction called code outside
// the program (other than a precompile): storage it wrote there is in
// neither Stored nor Writes.
func (t *Tracer) Foreign() bool { return t.foreign }

// StoredAll reports whether Stored holds every write of the transaction.
func (t *Tracer) StoredAll() bool { return t.nStored < maxStored }

// magnitude classes a value by bit length: exact up to 16 bits (counters,
// balances in tests), then 32-bit, address-sized, large, and all-ones-high
// (negative) values.
func magnitude(bitlen int) uint16 {
	switch {
	case bitlen <= 16:
		return uint16(bitlen)
	case bitlen <= 32:
		return 17
	case bitlen <= 160:
		return 18
	case bitlen < 256:
		return 19
	}
	return 20
}

// SlotTerm is one slot's contribution to a storage signature: slots with
// values of the same order of magnitude contribute the same term.
func SlotTerm(s Slot, bitlen uint16) uint64 {
	return mix(uint64(s.Code)<<32 ^ s.Key[0] ^ s.Key[1]*31 ^ s.Key[2]*37 ^ s.Key[3]*41 ^ uint64(bitlen)<<48)
}
