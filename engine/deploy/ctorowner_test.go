package deploy

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestCtorOwner checks that a constructor's address argument stored in a
// slot the runtime code compares with msg.sender gets the deployer, as a
// deployment script passes it, at every seed, and that one only stored
// (a fee recipient) is left as drawn.
func TestCtorOwner(t *testing.T) {
	for _, tt := range []struct {
		file      string
		owner     int // the owner's slot
		recipient int // a slot only stored, -1 if none
	}{
		{"ctor_owner.sol", 0, 1},
		{"ctor_owner_oz.sol", 0, -1},
	} {
		t.Run(tt.file, func(t *testing.T) {
			prog := compile(t, filepath.Join("testdata", tt.file))
			recipients := map[common.Address]bool{}
			for seed := uint64(1); seed <= 8; seed++ {
				ch, d := planAndDeploy(t, prog, seed)
				at := d.Addrs[len(d.Addrs)-1]
				owner := slotAddr(ch, at, tt.owner)
				if owner != chain.Deployer {
					t.Errorf("seed %d: owner %s, want the deployer", seed, owner.Hex())
				}
				if tt.recipient >= 0 {
					recipients[slotAddr(ch, at, tt.recipient)] = true
				}
			}
			if tt.recipient >= 0 && len(recipients) < 2 {
				t.Errorf("the recipient was %v at every seed: an argument never compared with msg.sender is drawn, not set", recipients)
			}
		})
	}
}

// slotAddr reads an address from slot k of a.
func slotAddr(ch *chain.Chain, a common.Address, k int) common.Address {
	var key common.Hash
	key[31] = byte(k)
	return common.BytesToAddress(ch.State().GetState(a, key).Bytes())
}
