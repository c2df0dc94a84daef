package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestRerunOraclesReplay checks the oracles that judge a sequence by
// running it again (SWC-104 with its callee made to fail, SWC-105 with a
// payout repeated at once, SWC-114 in both
// orders, SWC-128 with calls repeated): a campaign (SWC-114 switched on)
// reports the finding, and replaying the sequence of its report
// reproduces it, same kind and place, with the same evidence (its
// detail), because Replay applies the same pipeline step.
func TestRerunOraclesReplay(t *testing.T) {
	vulns := filepath.Join("testdata", "vulns")
	for _, tt := range []struct {
		path string
		want string // KIND@line
		// evidence is in the detail only if the re-run happened.
		evidence string
	}{
		{filepath.Join(vulns, "swc114_pos_quiz.sol"), "SWC-114@18", "; swapped, "},
		{filepath.Join(vulns, "swc114_pos_bounty04.sol"), "SWC-114@16", "; swapped, "},
		{filepath.Join(vulns, "swc128_pos_distribute.sol"), "SWC-128@25", "(confirmed: after "},
		// Bidders are externally owned (swc104_pos_auction_send.sol lets
		// the reverting attacker bid too, whose refund fails by itself:
		// that finding needs no re-run, and which route a seed takes
		// first is a coin flip).
		{filepath.Join(vulns, "swc104_pos_auction_send_eoa.sol"), "SWC-104@28", " reverting, transaction "},
		{filepath.Join(vulns, "swc105_pos_owner_credit_no_debit.sol"), "SWC-105@34", "it pays exactly the same again"},
		{fixtures.Example(t, "QuizGame.sol"), "SWC-104@15", " reverting, transaction "},
		{filepath.Join(vulns, "ownerlock_pos_pause.sol"), "owner-lock@20", "no wait of ten years"},
		{filepath.Join(vulns, "ownerlock_pos_fee.sol"), "owner-lock@22", "no wait of ten years"},
		{filepath.Join(vulns, "ownerlock_pos_lock_max.sol"), "owner-lock@22", "no wait of ten years"},
		{filepath.Join(vulns, "swc113_pos_members_push04.sol"), "SWC-113@23", " rejecting payments, transaction "},
		{filepath.Join(vulns, "swc114_pos_members_first04.sol"), "SWC-114@25", "; swapped, "},
	} {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			t.Parallel()
			bs := compile(t, tt.path)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: vulnExecs}, Oracles: map[string]bool{"SWC-114": true}})
			if err != nil {
				t.Fatal(err)
			}
			var f *report.Finding
			for i := range rep.Findings {
				if got := found(&Report{Findings: rep.Findings[i : i+1]}); got[0] == tt.want {
					f = &rep.Findings[i]
				}
			}
			if f == nil {
				t.Fatalf("findings %v, want %s", found(rep), tt.want)
			}
			if !strings.Contains(f.Detail, tt.evidence) {
				t.Errorf("detail %q lacks the re-run's evidence %q", f.Detail, tt.evidence)
			}
			tr, err := Replay(bs, rep.Setup, *f)
			if err != nil {
				t.Fatal(err)
			}
			if !tr.Reproduced || tr.Finding == nil {
				t.Fatalf("replay of %s did not reproduce it:\n%s", f.Message, FormatTrace(tr, bs))
			}
			if tr.Finding.Detail != f.Detail {
				t.Errorf("replayed evidence\n%s\nwant the campaign's\n%s", tr.Finding.Detail, f.Detail)
			}
			if len(tr.Steps) != len(f.Calls) {
				t.Errorf("replay ran %d of %d calls", len(tr.Steps), len(f.Calls))
			}
		})
	}
}
