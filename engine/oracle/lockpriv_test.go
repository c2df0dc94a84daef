package oracle

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestOwnerLockAnyoneCould checks that a privileged transaction any
// player could have sent with the same effect (the owner joining a game,
// which fills the round a lone player would have quit) is not blamed for
// the player's failed withdrawal, while an owner-only call with the same
// effect on the player (abort) is.
func TestOwnerLockAnyoneCould(t *testing.T) {
	stake := *uint256.NewInt(1e15)
	for _, tt := range []struct {
		file, priv string
		want       bool
	}{
		{"ownerlock_neg_anyone_settles.sol", "join", false},
		{"ownerlock_pos_owner_aborts.sol", "join", false},
		{"ownerlock_pos_owner_aborts.sol", "abort", true},
	} {
		t.Run(tt.file+"/"+tt.priv, func(t *testing.T) {
			w, m, owner := lockOracle(t, tt.file)
			join := txseq.Tx{Method: m["join"], Sender: 0, Value: stake}
			quit := txseq.Tx{Method: m["quit"], Sender: 0}
			// quit paid its sender once: a withdrawal.
			if f := runLock(w, txseq.Sequence{join, quit}); f != nil {
				t.Fatalf("finding without the owner: %s", f.Detail)
			}
			priv := txseq.Tx{Method: m[tt.priv], Sender: owner}
			seq := txseq.Sequence{join, priv, quit}
			if tt.priv == "join" {
				// The owner joins first, so settle(0) pays it, not the
				// player: nothing the player or owner does undoes it.
				priv.Value = stake
				seq = txseq.Sequence{priv, join, quit}
			}
			f := runLock(w, seq)
			if !tt.want {
				if f != nil {
					t.Fatalf("the owner's %s, which any player may send, blamed: %s", tt.priv, f.Detail)
				}
				return
			}
			if f == nil || f.Kind != finding.OwnerLock {
				t.Fatalf("finding %+v, want an owner-lock at %s", f, tt.priv)
			}
			if fn, ok := w.Prog.Contracts[0].Function(tt.priv); !ok || fn.Location != f.Location {
				t.Errorf("reported at %+v, want %s's declaration", f.Location, tt.priv)
			}
		})
	}
}

// TestOwnerLockKeepsTime checks that the run without the privileged
// transaction keeps the time it took: the owner opening a draw twice,
// the first time blocks later, changes the block a blockhash draw runs
// in, and that alone is no lock (swc120_pos_owner_opens.sol).
func TestOwnerLockKeepsTime(t *testing.T) {
	w, m, owner := lockOracle(t, "swc120_pos_owner_opens.sol")
	stake := *uint256.NewInt(1e18)
	enter := txseq.Tx{Method: m["enter"], Sender: 0, Value: stake}
	start := txseq.Tx{Method: m["start"], Sender: owner}
	draw := txseq.Tx{Method: m["draw"], Sender: 0}
	paid := false
	for d := uint64(1); d <= 16; d++ {
		late := start
		late.Blocks, late.Seconds = d, 12*d
		// Draws in several blocks, so that one paid: a withdrawal.
		if f := runLock(w, txseq.Sequence{enter, late, draw}); f != nil {
			t.Fatalf("finding with one start: %s", f.Detail)
		}
		paid = paid || w.payers[lockMethod{0, m["draw"]}]
		if f := runLock(w, txseq.Sequence{late, start, enter, draw}); f != nil {
			t.Fatalf("start %d blocks later blamed for the draw's block: %s", d, f.Detail)
		}
	}
	if !paid {
		t.Fatal("no draw paid in 16 blocks: the test judged nothing")
	}
}
