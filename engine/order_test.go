package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// TestNoRaceOnRepaidClaims: in a vault that forgets to debit, a sender
// paid back its deposit can claim it again, and then its claim and
// another depositor's race for the same ether. That race is the missing
// debit's (SWC-105), not transaction-order dependence: SWC-114 was
// reported next to it at seeds 2 and 6 (of 12), where the campaign reached
// such a pair, before a racer's stake counted what it was paid back; at
// seeds 1 to 3 once value feedback extended the drain from cached states,
// whose history had lost its payouts (exec.go's startHist) and where a
// sender paid back in full deposits 1 wei again, or a run on the emptied
// contract pays each racer its own deposit only (order.go's prizeRace).
func TestNoRaceOnRepaidClaims(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "vulns", "swc105_pos_double_withdraw04.sol"))
	for _, seed := range []uint64{1, 2, 3, 6} {
		rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: seed, Execs: vulnExecs}, Oracles: map[string]bool{"SWC-114": true}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := found(rep), []string{"SWC-105@17"}; !reflect.DeepEqual(got, want) {
			t.Errorf("seed %d: findings %v, want %v", seed, got, want)
			for _, f := range rep.Findings {
				t.Logf("%s: %s", f.Detail, f.Calls)
			}
		}
	}
}
