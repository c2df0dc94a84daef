package session

import (
	"context"
	"maps"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file is what a replay on edited code makes of a stored finding
// (the editor's findings across edits, findings.go; edits.go moves and
// drops them): which findings are replayed, the replay, and the state
// each is left in.

// FindingState is what the last replay made of a stored finding: the
// zero value before any (a campaign's finding), else engine.StillFailing
// or engine.Stale (fixed ones leave the list).
type FindingState struct {
	Status engine.Status
	Reason string // why it is stale
}

// Label prefixes a finding's message with its state, as "(mock) " does.
func (st FindingState) Label() string {
	switch st.Status {
	case engine.StillFailing:
		return "(still failing after the edit) "
	case engine.Stale:
		return "(stale: " + st.Reason + ") "
	}
	return ""
}

// Replayable reports whether a stored finding is replayed on the new
// code: not when its kind is switched off (oracles), nor without its
// set-up (found: whether one was recorded) or builds, nor when it was
// made on a fork (a replay would need the fork again).
func Replayable(f report.Finding, oracles map[string]bool, setup report.Setup, found bool, builds []*solc.Build) bool {
	if on, set := oracles[f.Kind]; set && !on {
		return false
	}
	return found && setup.Fork == nil && len(builds) > 0
}

// Rechecked is a replayed finding's next state, and whether it stays:
// a fixed one leaves, a still failing one stays at the place it failed,
// a stale one stays, faded, unless it was stale already.
func Rechecked(prev FindingState, v engine.Verdict) (FindingState, bool) {
	switch v.Status {
	case engine.StillFailing:
		return FindingState{Status: engine.StillFailing}, true
	case engine.Stale:
		if prev.Status == engine.Stale {
			return prev, false // stale twice: gone
		}
		return FindingState{Status: engine.Stale, Reason: v.Reason}, true
	}
	return prev, false
}

// A Recheck is one stored finding to replay on a new build, with what its
// replay needs, taken under the front end's lock (Rechecks), replayed
// without it (Replay) and applied under it again (Apply).
type Recheck struct {
	Finding  *Finding
	placed   bool // in the file's list (moved with the edit), else dropped by it
	builds   []*solc.Build
	setup    report.Setup
	verdict  engine.Verdict
	replayed bool
}

// Rechecks lists the findings to replay on a new full build when it
// changed code (changed) or an edit dropped some since the last replay:
// the invariant suites' (suites, on their builds kept by KeepSuites) or
// the direct campaign's (on direct, the project's new builds). It takes
// the dropped ones of them off the record: a replay brings back those
// that still fail. Findings of a kind the settings switch off (oracles)
// and those without a set-up or made on a fork stay as they are
// (Replayable).
func (s *Findings) Rechecks(direct []*solc.Build, oracles map[string]bool, changed, suites bool) []Recheck {
	ours := func(f *Finding) bool { return (f.Found.Harness != nil) == suites }
	dropped := slices.DeleteFunc(slices.Clone(s.unplaced), func(f *Finding) bool { return !ours(f) })
	s.unplaced = slices.DeleteFunc(s.unplaced, ours)
	if !changed && len(dropped) == 0 {
		return nil
	}
	var jobs []Recheck
	add := func(f *Finding, placed bool) {
		if !ours(f) {
			return
		}
		setup, builds, ok := s.ReplayOn(f, direct)
		if !Replayable(f.Found, oracles, setup, ok, builds) {
			return
		}
		jobs = append(jobs, Recheck{Finding: f, placed: placed, builds: builds, setup: setup})
	}
	for _, path := range slices.Sorted(maps.Keys(s.byPath)) {
		for _, f := range s.byPath[path] {
			add(f, true)
		}
	}
	for _, f := range dropped {
		add(f, false)
	}
	return jobs
}

// Replay replays each finding on its new build (engine.Recheck); failed
// gets those whose replay failed, which stay as they are. It stops with
// ctx's error when ctx ends: then nothing of it is to be applied.
func Replay(ctx context.Context, jobs []Recheck, failed func(*Finding, error)) error {
	for i := range jobs {
		if err := ctx.Err(); err != nil {
			return err
		}
		j := &jobs[i]
		v, err := engine.Recheck(j.builds, j.setup, j.Finding.Found)
		if err != nil {
			failed(j.Finding, err)
			continue
		}
		j.verdict, j.replayed = v, true
	}
	return nil
}

// Apply makes the replays' verdicts the record's findings (Rechecked):
// a fixed one leaves, a still failing one moves to where it failed on the
// new text of its file (current: the compiled text of a path, nil if
// none), keeping its ID and sequence, a stale one stays where it was, or
// at the same line of the new text when the edit took its lines. It
// returns the fixed findings and the files whose findings changed.
func (s *Findings) Apply(jobs []Recheck, current func(path string) *Text) (fixed []*Finding, paths []string) {
	for _, j := range jobs {
		if !j.replayed {
			continue
		}
		old := j.Finding
		if j.placed {
			s.byPath[old.Path] = slices.DeleteFunc(s.byPath[old.Path], func(f *Finding) bool { return f == old })
			paths = append(paths, old.Path)
		}
		var nf *Finding
		switch next, stays := Rechecked(old.State, j.verdict); {
		case j.verdict.Status == engine.Fixed:
			fixed = append(fixed, old)
		case !stays:
		case next.Status == engine.StillFailing:
			nf = stillFailing(old, *j.verdict.Now, next, current)
		default:
			nf = stale(old, j.placed, next, current)
		}
		if nf == nil {
			continue
		}
		s.Add(nf)
		paths = append(paths, nf.Path)
	}
	return fixed, paths
}

// stillFailing is a finding at the place its replay failed on the new
// text.
func stillFailing(old *Finding, now report.Finding, st FindingState, current func(string) *Text) *Finding {
	text := current(now.Path)
	if now.Path == "" || text == nil {
		return nil
	}
	nf := &Finding{ID: old.ID, Path: now.Path, Text: text, Found: old.Found, State: st}
	nf.Found.Path, nf.Found.Unit, nf.Found.Start, nf.Found.End, nf.Found.Line, nf.Found.Column = now.Path, now.Unit, now.Start, now.End, now.Line, now.Column
	nf.Found.Message = now.Message
	return nf
}

// stale is a stale finding where it was: at its moved range, or, when
// the edit took its lines (not placed) or its text is gone, at the same
// line of the new text.
func stale(old *Finding, placed bool, st FindingState, current func(string) *Text) *Finding {
	text := current(old.Path)
	if text == nil {
		return nil
	}
	nf := *old
	nf.Via = nil // ranges of texts that may have changed
	nf.State = st
	if !placed || old.Text != text {
		m := text.Mapper()
		line := min(old.Text.Line(old.Found.Start), max(m.Lines()-1, 0))
		start, end := m.LineRange(line)
		nf.Text, nf.Found.Start, nf.Found.End, nf.Found.Line, nf.Found.Column = text, start, end, line+1, 1
	}
	return &nf
}

// Replayed is what a replay of a project's stored findings changed
// (Stages.Rechecked): the fixed findings, which left the record, the
// files whose findings changed, sorted, and the findings whose replay
// failed, which stay as they were.
type Replayed struct {
	Fixed  []*Finding
	Paths  []string
	Failed []ReplayFailure
}

// A ReplayFailure is a stored finding whose replay failed, and why.
type ReplayFailure struct {
	Finding *Finding
	Err     error
}

// recheck replays the project's stored findings on its new full build
// (Rechecks, Replay, Apply): the direct campaign's on the project's
// builds, or the suites' on theirs. The verdicts of a run a newer one
// superseded are not applied. ok is false when nothing was replayed, or
// the replay was cancelled.
func (g *Gen) recheck(ctx context.Context, oracles map[string]bool, changed, suites bool) (out Replayed, ok bool) {
	s := g.s
	s.mu.Lock()
	jobs := s.findings.Rechecks(s.builds, oracles, changed, suites)
	s.mu.Unlock()
	if len(jobs) == 0 {
		return out, false
	}
	err := Replay(ctx, jobs, func(f *Finding, err error) {
		out.Failed = append(out.Failed, ReplayFailure{Finding: f, Err: err})
	})
	if err != nil {
		return out, false
	}
	s.mu.Lock()
	if s.gen == g.n {
		out.Fixed, out.Paths = s.findings.Apply(jobs, s.textLocked)
	}
	s.mu.Unlock()
	slices.Sort(out.Paths)
	out.Paths = slices.Compact(out.Paths)
	return out, true
}
