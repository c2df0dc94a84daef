package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// recheckJob is one stored finding to replay on the new build, with
// what its replay needs, read under the lock.
type recheckJob struct {
	f        *finding
	placed   bool // in p.findings (moved with the edit), else dropped by it
	builds   []*solc.Build
	setup    report.Setup
	verdict  engine.Verdict
	replayed bool
}

// recheckFindings replays the project's stored findings on its new full
// build when the run changed code (changed: the files whose text
// changed), so the editor shows each as still failing, fixed (it leaves
// the problems list with a message) or stale (its function, contract or
// set-up is gone). Findings the edit touched were taken off the list by
// the analysis (moveFindings); they come back here when they still fail.
// Findings of a kind the settings switch off, and those made on a fork
// (a replay would need the fork again), are left as they are. suites
// says which are replayed: the direct campaign's, on its compile, or the
// invariant suites', on theirs, which comes later (editorStages.SuitesReady).
// Which are replayed and the state each is left in are session's rules
// (session.Replayable, session.Rechecked); this side keeps them and their
// places.
func (s *server) recheckFindings(ctx context.Context, p *project, r *run, st Settings, changed []string, suites bool) {
	jobs := s.recheckJobs(p, st, changed, suites)
	if len(jobs) == 0 {
		return
	}
	for i := range jobs {
		if ctx.Err() != nil {
			return
		}
		j := &jobs[i]
		v, err := engine.Recheck(j.builds, j.setup, j.f.f)
		if err != nil {
			s.log.Warn("recheck", zap.String("finding", j.f.key()), zap.Error(err))
			continue
		}
		j.verdict, j.replayed = v, true
	}
	fixed, paths := s.applyRechecks(p, r, jobs)
	slices.Sort(paths)
	s.publish(slices.Compact(paths)...)
	if len(fixed) > 0 {
		msg := "foresight: fixed by the edit (replayed on the new code, no longer fails): " + strings.Join(fixed, "; ")
		s.logMessage(protocol.MessageTypeInfo, msg)
		s.showMessage(protocol.MessageTypeInfo, msg)
	}
	s.refreshCodeLenses()
}

// recheckJobs lists the findings to replay, of the suites' campaigns or
// the direct one's, and takes those of them the analysis dropped off the
// project.
func (s *server) recheckJobs(p *project, st Settings, changed []string, suites bool) []recheckJob {
	s.mu.Lock()
	defer s.mu.Unlock()
	ours := func(f *finding) bool { return (f.f.Harness != nil) == suites }
	dropped := slices.DeleteFunc(slices.Clone(p.unplaced), func(f *finding) bool { return !ours(f) })
	p.unplaced = slices.DeleteFunc(p.unplaced, ours)
	if len(changed) == 0 && len(dropped) == 0 {
		return nil
	}
	var jobs []recheckJob
	add := func(f *finding, placed bool) {
		if !ours(f) {
			return
		}
		setup, ok := p.setups[f.f.Seed]
		builds := p.builds
		if h := f.f.Harness; h != nil {
			setup, builds = h.Setup, p.suites[h.File]
			ok = builds != nil
		}
		if !session.Replayable(f.f, st.Oracles, setup, ok, builds) {
			return
		}
		jobs = append(jobs, recheckJob{f: f, placed: placed, builds: builds, setup: setup})
	}
	paths := make([]string, 0, len(p.findings))
	for path := range p.findings {
		paths = append(paths, path)
	}
	slices.Sort(paths)
	for _, path := range paths {
		for _, f := range p.findings[path] {
			add(f, true)
		}
	}
	for _, f := range dropped {
		add(f, false)
	}
	return jobs
}

// applyRechecks makes the verdicts the project's findings, unless a newer
// run started. It returns the fixed findings, named for a message, and
// the files to publish.
func (s *server) applyRechecks(p *project, r *run, jobs []recheckJob) (fixed, paths []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.gen != r.gen {
		return nil, nil
	}
	for _, j := range jobs {
		if !j.replayed {
			continue
		}
		old := j.f
		if j.placed {
			p.findings[old.path] = slices.DeleteFunc(p.findings[old.path], func(f *finding) bool { return f == old })
			paths = append(paths, old.path)
		}
		var nf *finding
		switch next, stays := session.Rechecked(old.state, j.verdict); {
		case j.verdict.Status == engine.Fixed:
			fixed = append(fixed, fmt.Sprintf("%s at %s:%d", old.f.Title, filepath.Base(old.path), old.f.Line))
		case !stays:
		case next.Status == engine.StillFailing:
			nf = s.stillFailingLocked(p, old, *j.verdict.Now, next)
		default:
			nf = s.staleLocked(p, old, j.placed, next)
		}
		if nf == nil {
			continue
		}
		p.findings[nf.path] = slices.DeleteFunc(p.findings[nf.path], func(f *finding) bool { return f.key() == nf.key() })
		p.findings[nf.path] = append(p.findings[nf.path], nf)
		paths = append(paths, nf.path)
	}
	return fixed, paths
}

// stillFailingLocked is a finding at the place its replay failed on the
// new text, keeping its id (code actions refer to it) and its sequence.
func (s *server) stillFailingLocked(p *project, old *finding, now report.Finding, st session.FindingState) *finding {
	fs := p.files[now.Path]
	if now.Path == "" || fs == nil {
		return nil
	}
	nf := &finding{id: old.id, path: now.Path, src: fs.src, f: old.f, state: st}
	nf.f.Path, nf.f.Unit, nf.f.Start, nf.f.End, nf.f.Line, nf.f.Column = now.Path, now.Unit, now.Start, now.End, now.Line, now.Column
	nf.f.Message = now.Message
	return nf
}

// staleLocked is a stale finding where it was: at its moved range, or,
// when the edit took its lines, at the same line of the new text.
func (s *server) staleLocked(p *project, old *finding, placed bool, st session.FindingState) *finding {
	fs := p.files[old.path]
	if fs == nil {
		return nil
	}
	nf := *old
	nf.via = nil // ranges of texts that may have changed
	nf.state = st
	if !placed || old.src != fs.src {
		m := fs.src.Mapper()
		line := min(old.src.Line(old.f.Start), max(m.Lines()-1, 0))
		start, end := m.LineRange(line)
		nf.src, nf.f.Start, nf.f.End, nf.f.Line, nf.f.Column = fs.src, start, end, line+1, 1
	}
	return &nf
}
