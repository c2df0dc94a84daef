package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// suiteHooks show a run's suite campaigns as they go: which set-up runs
// (the progress names it), their findings streamed to the editor.
//
// clock is the first suite's countdown (its share, none later), set when
// the run's budgets are fixed (editorSink.Start); each suite after it
// has one share fewer to come; n is how many suites the run has, known
// once it is aimed (editorSink.Aimed).
func (s *server) suiteHooks(p *project, r *run, prog *progress, fallback string, clock *countdown, n *int) session.Hooks {
	var what string
	started := 0
	return session.Hooks{
		OnStart: func(file, contract string) {
			what = "from " + contract + ".setUp()"
			if clock.total > 0 {
				clock.later = clock.share * time.Duration(*n-started-1)
			}
			started++
			prog.report("fuzzing "+what, nil)
		},
		OnFinding: func(f report.Finding) { s.addFinding(p, r, f, fallback) },
		OnProgress: func(pr engine.Progress) {
			prog.report(fmt.Sprintf("fuzzing %s: %s, %s%s", what, plural(int(pr.Execs), "exec"), plural(pr.Findings, "finding"), clock.suffix(pr.Elapsed)), nil)
		},
	}
}

// logCampaign writes one human line per campaign to the client's log
// (VS Code's Output channel): what was fuzzed and how, for how long,
// the lines reached, the findings and what was skipped and why. The raw
// fields stay in the server's log.
func (s *server) logCampaign(root, how string, rep *engine.Report) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: fuzzed %s for %s: %s", filepath.Base(root), how, rep.Elapsed.Round(time.Millisecond), plural(int(rep.Execs), "exec"))
	if rep.Lines > 0 {
		fmt.Fprintf(&b, ", %d/%d lines reached", rep.LinesCovered, rep.Lines)
	}
	fmt.Fprintf(&b, ", %s", plural(len(rep.Findings), "finding"))
	if rep.Contracts == 0 {
		fmt.Fprintf(&b, "; not fuzzed: %s", rep.NotFuzzed())
	}
	for _, sk := range rep.Skipped {
		fmt.Fprintf(&b, "; skipped %s: %s", sk.Contract, sk.Reason)
	}
	s.logMessage(protocol.MessageTypeInfo, b.String())
}
