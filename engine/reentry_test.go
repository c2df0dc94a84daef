package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// TestReentryRecheckedOverSeeds fuzzes the batch withdrawal twins at
// several seeds: withdrawMultiple over a checks-effects-interactions
// withdraw, whose stream token may re-enter it. The re-entry reads the
// stream's first slot (token and depleted flag) before the outer frame
// writes the flag in its next iteration, but that iteration loads and
// checks the slot afresh first, so nothing is stale and no seed may
// report SWC-107 (seed 6 did at 20,000 executions, once a campaign used
// the stream's own token as the attacker). The positive twin, which books
// the withdrawal after the transfer, must still be found at every seed,
// and so must a debit after the call whose only new load of the balance
// feeds checked arithmetic's underflow test. (That test counted as a
// check once: scripts/check-realworld's oz-vault, whose seed-1 witness is
// a withdraw(0) re-entering itself, then lost its planted SWC-107 at
// seeds 1, 3 and 4 of 6; this fixture's witnesses re-enter through
// deposit, so it did not.)
func TestReentryRecheckedOverSeeds(t *testing.T) {
	for _, tt := range []struct {
		file  string
		want  []string
		seeds uint64
	}{
		{"swc107_neg_batch_cei.sol", nil, 8},
		{"swc107_pos_batch_withdraw.sol", []string{"SWC-107@48"}, 4},
		{"swc107_pos_debit_after.sol", []string{"SWC-107@19"}, 4},
	} {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			bs := compile(t, filepath.Join("testdata", "vulns", tt.file))
			for seed := uint64(1); seed <= tt.seeds; seed++ {
				rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: seed, Execs: vulnExecs}})
				if err != nil {
					t.Fatal(err)
				}
				if got := found(rep); !reflect.DeepEqual(got, tt.want) {
					t.Errorf("seed %d: findings %v, want %v", seed, got, tt.want)
					for _, f := range rep.Findings {
						t.Logf("%s: %s", f.Kind, f.Message)
					}
				}
			}
		})
	}
}
