package chain

import (
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// TestAccessBloomNoFalseNegative draws write and read sets over a few
// accounts and slots (so that they often meet) and checks that whenever a
// write conflicts with a read (access.conflicts), the Bloom filters are
// not disjoint, and that stands agrees with the exact check in every case.
func TestAccessBloomNoFalseNegative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	kinds := []uint8{kSlot, kBalance, kNonce, kCode, kAccount, kAll}
	draw := func() access {
		var a access
		a.addr[19], a.addr[0] = byte(r.IntN(4)), byte(r.IntN(2))
		a.kind = kinds[r.IntN(len(kinds))]
		if a.kind == kSlot {
			a.slot = common.Hash{31: byte(r.IntN(4))}
		}
		return a
	}
	conflicts, disjointSeen := 0, 0
	for range 20000 {
		var acc accesses
		for range r.IntN(6) {
			w := draw()
			acc.write(w.addr, w.slot, w.kind)
		}
		e := &memoEntry{}
		for range 1 + r.IntN(4) {
			e.reads = append(e.reads, draw())
		}
		e.rb = readBloom(e.reads)
		exact := true
		for i := 0; i < acc.nw; i++ {
			for j := range e.reads {
				if acc.writes[i].conflicts(&e.reads[j]) {
					exact = false
				}
			}
		}
		if !exact {
			conflicts++
			if acc.writeBloom().disjoint(&e.rb) {
				t.Fatalf("writes %v and reads %v conflict, yet the filters are disjoint", acc.writes[:acc.nw], e.reads)
			}
		} else if acc.nw > 0 && acc.writeBloom().disjoint(&e.rb) {
			disjointSeen++
		}
		if got := acc.stands(e); got != exact {
			t.Fatalf("stands = %v, exact check %v", got, exact)
		}
	}
	if conflicts == 0 || disjointSeen == 0 {
		t.Fatalf("the draw never exercised both cases: %d conflicts, %d disjoint", conflicts, disjointSeen)
	}
}

// TestWriteBloomAfterRollback checks that writes noted after a
// transaction's were forgotten (the count rolled back) are summed up.
func TestWriteBloomAfterRollback(t *testing.T) {
	var acc accesses
	a, b := common.Address{19: 1}, common.Address{19: 2}
	acc.write(a, common.Hash{}, kBalance)
	acc.writeBloom()
	acc.nw = 0 // a failed transaction's writes forgotten
	acc.write(b, common.Hash{}, kBalance)
	e := &memoEntry{reads: []access{{addr: b, kind: kBalance}}}
	e.rb = readBloom(e.reads)
	if acc.stands(e) {
		t.Fatal("a read of b stands after a write of b")
	}
}
