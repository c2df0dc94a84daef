package main

import (
	"fmt"
	"io"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
)

// replayCounts counts what replay found of a report's findings on the
// code as it is now.
type replayCounts struct {
	asked      int
	reproduced int // still failing as reported
	differs    int // still failing, at another place
	stale      int // a contract, function, check or set-up is gone
}

// count classifies a replayed finding (number i) that was not stale,
// naming on stderr one that failed elsewhere than the report says.
func (n *replayCounts) count(i int, f report.Finding, tr *engine.Trace, stderr io.Writer) {
	switch {
	case tr.Reproduced:
		n.reproduced++
	case tr.Finding != nil:
		// Still a failing sequence, but not where the report has it: the
		// code moved, or another site of the kind fails on the way.
		want, got := where(f), where(*tr.Finding)
		if want == got {
			want += fmt.Sprintf(" (bytes %d-%d)", f.Start, f.End)
			got += fmt.Sprintf(" (bytes %d-%d)", tr.Finding.Start, tr.Finding.End)
		}
		cliErrorf(stderr, "replay", "finding %d did not reproduce as reported: the report has %s, the replay gave %s", i, want, got)
		n.differs++
	}
}

// summary is replay's last line: "replayed 3 finding(s): 1 still failing
// (1 reproduced as reported, 0 differed), 1 fixed, 1 stale".
func (n *replayCounts) summary() string {
	failing := n.reproduced + n.differs
	return fmt.Sprintf("replayed %d finding(s): %d still failing (%d reproduced as reported, %d differed), %d fixed, %d stale",
		n.asked, failing, n.reproduced, n.differs, n.asked-failing-n.stale, n.stale)
}
