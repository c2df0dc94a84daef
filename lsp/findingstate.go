package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// recheckFindings replays the project's stored findings on its new full
// build when the run changed code (changed: the files whose text
// changed), so the editor shows each as still failing, fixed (it leaves
// the problems list with a message) or stale (its function, contract or
// set-up is gone). Findings the edit touched were taken off the list by
// the analysis (session.Findings.Move); they come back here when they
// still fail. suites says which are replayed: the direct campaign's, on
// its compile, or the invariant suites', on theirs, which comes later
// (editorStages.SuitesReady). Which are replayed, the replay and the
// state each is left in are session's (session.Findings.Rechecks,
// session.Replay, session.Findings.Apply); this side holds the lock,
// drops the verdicts of a run a newer one replaced and shows the rest.
func (s *server) recheckFindings(ctx context.Context, p *project, r *run, st Settings, changed []string, suites bool) {
	s.mu.Lock()
	jobs := p.findings.Rechecks(p.builds, st.Oracles, len(changed) > 0, suites)
	s.mu.Unlock()
	if len(jobs) == 0 {
		return
	}
	err := session.Replay(ctx, jobs, func(f *session.Finding, err error) {
		s.log.Warn("recheck", zap.String("finding", f.Key()), zap.Error(err))
	})
	if err != nil {
		return
	}
	var fixed, paths []string
	s.mu.Lock()
	if p.gen == r.gen {
		var gone []*session.Finding
		gone, paths = p.findings.Apply(jobs, p.textLocked)
		for _, f := range gone {
			fixed = append(fixed, fmt.Sprintf("%s at %s:%d", f.Found.Title, filepath.Base(f.Path), f.Found.Line))
		}
	}
	s.mu.Unlock()
	slices.Sort(paths)
	s.publish(slices.Compact(paths)...)
	if len(fixed) > 0 {
		msg := "foresight: fixed by the edit (replayed on the new code, no longer fails): " + strings.Join(fixed, "; ")
		s.logMessage(protocol.MessageTypeInfo, msg)
		s.showMessage(protocol.MessageTypeInfo, msg)
	}
	s.refreshCodeLenses()
}
