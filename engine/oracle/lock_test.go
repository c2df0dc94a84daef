package oracle

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// lockOracle deploys the only contract of a testdata/vulns fixture and
// returns the owner-lock oracle on it, the index of each method by name
// and the deployer's principal index (the owner).
func lockOracle(t *testing.T, file string) (*lock, map[string]int, int) {
	t.Helper()
	path := filepath.Join("..", "testdata", "vulns", file)
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join("testdata", file)
	}
	m := testMachine(t, path, finding.OwnerLock)
	methods := map[string]int{}
	for i, meth := range m.Prog.Contracts[0].Methods {
		methods[meth.RawName] = i
	}
	owner := m.principalIndex(chain.Deployer)
	if owner < 0 || !m.isPrivileged(owner) {
		t.Fatalf("%s: the deployer is not a privileged sender", file)
	}
	return &lock{Machine: m, worse: &worse{Machine: m}}, methods, owner
}

// runLock runs seq on the deployed state as the loop does (the history
// notes who was paid), then the owner-lock check.
func runLock(o *lock, seq txseq.Sequence) *finding.Finding {
	o.Chain.Reset(o.Base)
	var hist []TxInfo
	for i := range seq {
		o.RunTx(&seq[i], 0)
		hist = append(hist, TxInfo{Sender: seq[i].Sender, Value: seq[i].Value})
		o.notePaid(hist)
	}
	return o.checkLock(seq, hist, nil)
}

// word is a one-word argument of method m.
func word(w *lock, m int, x *uint256.Int) []calldata.Value {
	return []calldata.Value{{Type: &w.Prog.Contracts[0].Methods[m].Inputs[0].Type, Word: *x}}
}

var lockDetail = regexp.MustCompile(`^0x0+10000 paid \w+ 1000000000000000000 wei; transaction 2, sent by the privileged 0x[0-9a-fA-F]{40}, called (\w+)\(.*\); after it, withdraw by 0x0+10000 \(transaction \d\) (reverts|pays it nothing).*, where without transaction 2 it pays (\d+) wei`)

// TestOwnerLock checks the owner-lock oracle on each positive fixture
// (a finding at the privileged function, with its evidence) and on the
// safe twins (none), with the sequence that shows the lock: a deposit,
// the owner's call, the withdrawal. A withdrawal that never paid before
// is not judged.
func TestOwnerLock(t *testing.T) {
	oneEther := uint256.NewInt(1_000_000_000_000_000_000)
	max := new(uint256.Int).SetAllOne()
	for _, tt := range []struct {
		file, deposit, priv string
		arg                 func(w *lock) *uint256.Int // nil: no argument
		renounce            bool                       // the owner renounces ownership after priv
		want                string                     // reverts, pays it nothing, or "" for none
	}{
		{"ownerlock_pos_pause.sol", "deposit", "pause", nil, false, "reverts"},
		{"ownerlock_neg_pause.sol", "deposit", "pause", nil, false, ""},
		{"ownerlock_pos_fee.sol", "deposit", "fixFee", func(*lock) *uint256.Int { return uint256.NewInt(10000) }, false, "pays it nothing"},
		{"ownerlock_neg_fee_capped.sol", "deposit", "setFee", func(*lock) *uint256.Int { return uint256.NewInt(500) }, false, ""},
		{"ownerlock_pos_lock_max.sol", "save", "extendLock", func(*lock) *uint256.Int { return max }, false, "reverts"},
		{"ownerlock_neg_lock_bounded.sol", "save", "extendLock", func(w *lock) *uint256.Int { return uint256.NewInt(w.Chain.Block.Time + 30*24*3600) }, false, ""},
		{"ownerlock_neg_owner_withdraw.sol", "deposit", "withdrawFees", nil, false, ""},
		{"ownerlock_neg_blocklist.sol", "deposit", "block", func(w *lock) *uint256.Int {
			var a uint256.Int
			return a.SetBytes20(w.Principals[0].Bytes())
		}, false, ""},
		{"ownerlock_renounce.sol", "deposit", "pause", nil, true, "reverts"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			w, m, owner := lockOracle(t, tt.file)
			dep := txseq.Tx{Method: m[tt.deposit], Sender: 0, Value: *oneEther}
			withdraw := txseq.Tx{Method: m["withdraw"], Sender: 0}
			priv := txseq.Tx{Method: m[tt.priv], Sender: owner}
			if tt.arg != nil {
				priv.Args = word(w, priv.Method, tt.arg(w))
			}
			locked := txseq.Sequence{dep, priv, withdraw}
			if tt.renounce {
				locked = txseq.Sequence{dep, priv, {Method: m["renounceOwnership"], Sender: owner}, withdraw}
			}
			if f := runLock(w, locked); f != nil {
				t.Fatalf("judged before the withdrawal ever paid: %s", f.Detail)
			}
			if f := runLock(w, txseq.Sequence{dep, withdraw}); f != nil {
				t.Fatalf("finding without the owner's call: %s", f.Detail)
			}
			if tt.renounce {
				// Paused, and the owner may still unpause: no lock.
				if f := runLock(w, txseq.Sequence{dep, priv, withdraw}); f != nil {
					t.Fatalf("finding while the owner can unpause: %s", f.Detail)
				}
			}
			f := runLock(w, locked)
			if tt.want == "" {
				if f != nil {
					t.Fatalf("unexpected finding: %s", f.Detail)
				}
				return
			}
			if f == nil || f.Kind != finding.OwnerLock || !f.Located {
				t.Fatalf("finding %+v, want a located owner-lock", f)
			}
			if fn, ok := w.Prog.Contracts[0].Function(tt.priv); !ok || fn.Location != f.Location {
				t.Errorf("reported at %+v, want %s's declaration", f.Location, tt.priv)
			}
			sub := lockDetail.FindStringSubmatch(f.Detail)
			if sub == nil {
				t.Fatalf("detail %q", f.Detail)
			}
			if sub[1] != tt.priv || sub[2] != tt.want || sub[3] == "0" {
				t.Errorf("detail %q: want %s, %s, and a payout without it", f.Detail, tt.priv, tt.want)
			}
		})
	}
}
