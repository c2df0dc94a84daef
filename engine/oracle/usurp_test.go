package oracle

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/finding"
)

// TestNoteOwners checks the words NoteOwners reads at deployment: the
// owner slot of swc105_pos_owner_taken.sol (slot 1, after the mapping),
// which holds the deployer, and nothing else; ownerPlace then finds a
// principal only once the slot holds that principal's address.
func TestNoteOwners(t *testing.T) {
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", "swc105_pos_owner_taken.sol"), finding.EtherLeak)
	m.NoteOwners()
	if len(m.owners) != 1 || m.owners[0].contract != 0 || m.owners[0].slot != common.BigToHash(common.Big1) || m.owners[0].shift != 0 {
		t.Fatalf("owner words %+v, want slot 1 of contract 0 at shift 0", m.owners)
	}
	o := &events{Machine: m}
	if _, ok := o.ownerPlace(0, 0); ok {
		t.Errorf("principal 0 holds the owner's place before any transaction")
	}
	var w common.Hash
	copy(w[12:], m.Principals[0][:])
	m.Chain.SetStorage(m.Dep.Addrs[0], m.owners[0].slot, w)
	if slot, ok := o.ownerPlace(0, 0); !ok || slot != "1" {
		t.Errorf("after principal 0 took slot 1: %q, %v", slot, ok)
	}
	if _, ok := o.ownerPlace(0, 1); ok {
		t.Errorf("principal 1 holds principal 0's place")
	}
}
