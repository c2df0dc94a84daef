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
// such a pair, before a racer's stake counted what it was paid back.
func TestNoRaceOnRepaidClaims(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "vulns", "swc105_pos_double_withdraw04.sol"))
	for _, seed := range []uint64{2, 6} {
		rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: seed, Execs: vulnExecs}, Oracles: map[string]bool{"SWC-114": true}})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := found(rep), []string{"SWC-105@17"}; !reflect.DeepEqual(got, want) {
			t.Errorf("seed %d: findings %v, want %v", seed, got, want)
		}
	}
}
