package lsp

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file keeps the line coverage of a project's last run (the union
// of its campaigns) and tells the editor about it: a foresight/coverage
// notification per file for clients that ask for it (docs/lsp.md,
// "Coverage"), .foresight/lcov.info for coverage-gutter extensions
// (coverage_lcov.go), and a hint on each changed line no input reached
// (coverage_hint.go).

// methodCoverage is the server's coverage notification.
const methodCoverage = "foresight/coverage"

// capCoverage is the experimental client capability that turns the
// notification on: editors that do not know it are not sent it.
const capCoverage = "foresightCoverage"

// rootCoverage is what a project's last run covered.
type rootCoverage struct {
	gen   *session.Gen                    // the run whose campaigns it merges
	files map[string]*engine.FileCoverage // by path, merged
	hints map[string][]coverageHint       // by path: changed lines no input reached
	sent  map[string]bool                 // files the client was sent coverage of
	total uint64                          // the executions of its campaigns
}

// lineSpan is a run of lines, zero-based and inclusive, as LSP counts.
type lineSpan struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// coverageParams is the foresight/coverage notification's payload.
type coverageParams struct {
	URI       protocol.DocumentURI `json:"uri"`
	Reached   []lineSpan           `json:"reached"`
	Unreached []lineSpan           `json:"unreached"`
	// LinesReached and LinesUnreached count the lines of the spans.
	LinesReached   int `json:"linesReached"`
	LinesUnreached int `json:"linesUnreached"`
	// Execs are the executions of the run's campaigns so far.
	Execs uint64 `json:"execs"`
	// LCOV is the tracefile written for the project, if any.
	LCOV protocol.DocumentURI `json:"lcov,omitempty"`
	// Functions are the file's functions and modifiers by their lines,
	// for a client's function coverage (coverage_functions.go).
	Functions []coverageFunction `json:"functions"`
}

// coverageEnded merges a finished campaign's coverage into its run's,
// writes the project's lcov.info, sends the client each file's coverage
// and publishes the changed lines no input reached. A superseded run's
// campaign changes nothing: its lines are not the text's any more.
func (s *server) coverageEnded(req fuzzRequest, rep *engine.Report) {
	p := req.p
	s.mu.Lock()
	if !req.r.gen.Current() {
		s.mu.Unlock()
		return
	}
	if s.coverage == nil {
		s.coverage = map[string]*rootCoverage{}
	}
	rc := s.coverage[p.root]
	var sent map[string]bool
	if rc != nil {
		sent = rc.sent
	}
	if rc == nil || rc.gen != req.r.gen {
		rc = &rootCoverage{gen: req.r.gen, files: map[string]*engine.FileCoverage{}, sent: sent}
		s.coverage[p.root] = rc
	}
	if rc.sent == nil {
		rc.sent = map[string]bool{}
	}
	mergeCoverage(rc.files, rep.Coverage, func(path string) bool {
		return req.proj == nil || !req.proj.InDependency(path)
	})
	rc.total += rep.Execs
	changed := slices.Collect(maps.Keys(rc.hints))
	rc.hints = hintsFor(p, rc.files, req.c.targets, rep.Guards, rc.total)
	for path := range rc.hints {
		changed = append(changed, path)
	}
	files := cloneCoverage(rc.files)
	notify := s.wantsCoverageLocked()
	s.mu.Unlock()

	lcov, err := writeLCOV(p.root, files)
	if err != nil {
		s.log.Warn("lcov", zap.String("root", p.root), zap.Error(err))
		s.logMessage(protocol.MessageTypeWarning, "foresight: cannot write lcov.info: "+err.Error())
	}
	if notify {
		s.sendCoverage(p, rc, files, lcov)
	}
	slices.Sort(changed)
	s.publish(slices.Compact(changed)...)
}

// mergeCoverage adds the files of cov that keep accepts to into: a line is
// reached if any campaign reached it, unreached if one had code there and
// none reached it.
func mergeCoverage(into, cov map[string]*engine.FileCoverage, keep func(string) bool) {
	for path, fc := range cov {
		if fc == nil || !keep(path) {
			continue
		}
		dst := into[path]
		if dst == nil {
			dst = &engine.FileCoverage{Covered: map[int]bool{}, Missed: map[int]bool{}}
			into[path] = dst
		}
		for l := range fc.Covered {
			dst.Covered[l] = true
			delete(dst.Missed, l)
		}
		for l := range fc.Missed {
			if !dst.Covered[l] {
				dst.Missed[l] = true
			}
		}
		for l, n := range fc.Hits {
			if dst.Hits == nil {
				dst.Hits = map[int]uint64{}
			}
			dst.Hits[l] += n
		}
		dst.Branches = mergeBranches(dst.Branches, fc.Branches)
		for l := range fc.NotInFunction { // the same text: the same for every campaign
			if dst.NotInFunction == nil {
				dst.NotInFunction = map[int]bool{}
			}
			dst.NotInFunction[l] = true
		}
	}
}

// mergeBranches adds the counts of src to those of dst with the same line
// and block (the same jump: each campaign compiled the same text), and
// appends the others in line order.
func mergeBranches(dst, src []engine.BranchCoverage) []engine.BranchCoverage {
	type key struct{ line, block int }
	at := map[key]int{}
	for i, br := range dst {
		at[key{br.Line, br.Block}] = i
	}
	for _, br := range src {
		if i, ok := at[key{br.Line, br.Block}]; ok {
			dst[i].Taken += br.Taken
			dst[i].NotTaken += br.NotTaken
			continue
		}
		at[key{br.Line, br.Block}] = len(dst)
		dst = append(dst, br)
	}
	slices.SortStableFunc(dst, func(a, b engine.BranchCoverage) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Block - b.Block
	})
	return dst
}

// cloneCoverage copies files, so that it can be read outside the lock
// while a later campaign merges into the original.
func cloneCoverage(files map[string]*engine.FileCoverage) map[string]*engine.FileCoverage {
	out := make(map[string]*engine.FileCoverage, len(files))
	for path, fc := range files {
		out[path] = &engine.FileCoverage{Covered: maps.Clone(fc.Covered), Missed: maps.Clone(fc.Missed), Hits: maps.Clone(fc.Hits),
			Branches: slices.Clone(fc.Branches), NotInFunction: maps.Clone(fc.NotInFunction)}
	}
	return out
}

// spans turns a set of one-based lines into zero-based runs.
func spans(lines map[int]bool) []lineSpan {
	sorted := slices.Sorted(maps.Keys(lines))
	out := []lineSpan{}
	for _, l := range sorted {
		if n := len(out); n > 0 && out[n-1].End == l-2 {
			out[n-1].End = l - 1
			continue
		}
		out = append(out, lineSpan{l - 1, l - 1})
	}
	return out
}

// wantsCoverageLocked reports whether the client asked for the
// notification (capabilities.experimental.foresightCoverage).
func (s *server) wantsCoverageLocked() bool {
	raw, err := json.Marshal(s.caps.Experimental)
	if err != nil {
		return false
	}
	var exp map[string]json.RawMessage
	if json.Unmarshal(raw, &exp) != nil {
		return false
	}
	var on bool
	return json.Unmarshal(exp[capCoverage], &on) == nil && on
}

// sendCoverage sends one notification per covered file, and an empty one
// for each file an earlier run covered and this one did not.
func (s *server) sendCoverage(p *project, rc *rootCoverage, files map[string]*engine.FileCoverage, lcov string) {
	s.mu.Lock()
	fns := map[string][]coverageFunction{}
	for path := range files {
		fns[path] = functionSpansLocked(p, path)
	}
	total := rc.total
	gone := []string{}
	for path := range rc.sent {
		if files[path] == nil {
			gone = append(gone, path)
			delete(rc.sent, path)
		}
	}
	for path := range files {
		rc.sent[path] = true
	}
	s.mu.Unlock()
	var lcovURI protocol.DocumentURI
	if lcov != "" {
		lcovURI = uriOf(lcov)
	}
	paths := slices.Sorted(maps.Keys(files))
	slices.Sort(gone)
	for _, path := range append(paths, gone...) {
		params := coverageParams{URI: uriOf(path), Reached: []lineSpan{}, Unreached: []lineSpan{}, Execs: total, LCOV: lcovURI, Functions: fns[path]}
		if params.Functions == nil {
			params.Functions = []coverageFunction{}
		}
		if fc := files[path]; fc != nil {
			params.Reached, params.Unreached = spans(fc.Covered), spans(fc.Missed)
			params.LinesReached, params.LinesUnreached = len(fc.Covered), len(fc.Missed)
		}
		if err := s.conn.Notify(s.ctx, methodCoverage, params); err != nil {
			s.log.Debug("coverage", zap.String("file", filepath.Base(path)), zap.Error(err))
			return
		}
	}
}
