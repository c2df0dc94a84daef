package engine

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestReportAttackers: the attacker names a report accepts are
// engine/deploy's attacker kinds, in their order (report is a leaf and
// cannot ask deploy).
func TestReportAttackers(t *testing.T) {
	if len(report.Attackers) != int(deploy.NumAttackers) {
		t.Fatalf("report.Attackers has %d names, deploy %d kinds", len(report.Attackers), deploy.NumAttackers)
	}
	for a := deploy.Attacker(0); a < deploy.NumAttackers; a++ {
		if report.Attackers[a] != a.String() {
			t.Errorf("report.Attackers[%d] = %q, deploy names it %q", a, report.Attackers[a], a.String())
		}
		v, err := report.ParseCall(report.Call{Sender: "0x0000000000000000000000000000000000010000", Contract: "C", Attacker: a.String()})
		if err != nil || deploy.Attacker(v.Attacker) != a {
			t.Errorf("ParseCall with attacker %s: %v, %v", a, deploy.Attacker(v.Attacker), err)
		}
	}
}
