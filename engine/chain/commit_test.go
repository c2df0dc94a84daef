package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestSnapshotCostIndependentOfDeployed deploys few and many contracts
// (each with a storage slot) and counts the allocations of what copies
// state: a snapshot, and a two-transaction sequence after a reset (the
// second transaction copies the state it borrowed). go-ethereum's
// StateDB.Copy deep-copies every account the state holds, so both used to
// grow with the contracts deployed (a deployment search snapshotting
// once per contract was quadratic, and fuzzing a project of 1,000
// contracts copied 1,000 accounts per sequence); committing the deployed
// state makes a copy hold only what was touched since, and refreshing the
// working state of a committed snapshot every refreshCommitted resets
// keeps what earlier sequences read out of it (with the 256 resets of an
// uncommitted snapshot, 1,091 allocations per sequence here).
func TestSnapshotCostIndependentOfDeployed(t *testing.T) {
	// SSTORE(0, SLOAD(0)+1)
	rt := asm(vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	measure := func(n int) (snap, seq float64) {
		c, err := New(Config{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var addrs []common.Address
		for range n {
			addrs = append(addrs, deploy(t, c, initCode(0, rt)))
		}
		base := c.Snapshot()
		// Sequences of one transaction call every contract in turn, as
		// a campaign does: go-ethereum keeps what they read in the
		// working state that resets reuse.
		for _, a := range addrs {
			c.Reset(base)
			c.Call(Tx{From: c.Senders()[0], To: a})
		}
		first, second := Tx{From: c.Senders()[0], To: addrs[0]}, Tx{From: c.Senders()[1], To: addrs[n-1]}
		seq = testing.AllocsPerRun(20, func() {
			c.Reset(base)
			c.Call(first)
			c.Call(second)
		})
		snap = testing.AllocsPerRun(20, func() {
			c.Reset(base)
			c.Call(first)
			c.Snapshot()
		})
		return snap, seq
	}
	snapFew, seqFew := measure(4)
	snapMany, seqMany := measure(400)
	t.Logf("allocations per snapshot: %.0f with 4 contracts, %.0f with 400; per two-transaction sequence: %.0f, %.0f", snapFew, snapMany, seqFew, seqMany)
	// A few allocations of slack: the trie's structure differs.
	if snapMany > snapFew+16 {
		t.Errorf("a snapshot with 400 contracts deployed allocates %.0f objects, %.0f with 4: it copies every account deployed or read", snapMany, snapFew)
	}
	if seqMany > seqFew+16 {
		t.Errorf("a two-transaction sequence with 400 contracts deployed allocates %.0f objects, %.0f with 4: it copies every account deployed or read", seqMany, seqFew)
	}
}
