package lsp

import (
	"reflect"
	"sort"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// compilerDiagnostics converts the diagnostics of builds, by file path.
// Every file of the builds gets an entry, empty when clean, so a publish
// clears what an earlier compile reported. A build that could not run at
// all (no compiler) is reported on its entry files.
func compilerDiagnostics(builds []*solc.Build) map[string][]protocol.Diagnostic {
	out := map[string][]protocol.Diagnostic{}
	srcs := map[string]*session.Text{} // by unit
	for _, b := range builds {
		for name, u := range b.Units {
			if u.Path == "" {
				continue
			}
			srcs[name] = session.NewText(u.Content)
			if out[u.Path] == nil {
				out[u.Path] = []protocol.Diagnostic{}
			}
		}
	}
	for _, b := range builds {
		reported := map[string]bool{} // files this build has an error on
		for _, d := range b.Diagnostics {
			src := srcs[d.Unit]
			if d.Path == "" || src == nil || d.Hidden() { // dependencies' warnings: as forge, not shown
				continue
			}
			out[d.Path] = append(out[d.Path], solcDiagnostic(d, src, srcs))
			reported[d.Path] = reported[d.Path] || d.Severity == solc.SeverityError
		}
		if b.Err != nil && b.Output == nil {
			for _, unit := range b.Roots {
				u := b.Units[unit]
				if u == nil || u.Path == "" || reported[u.Path] {
					continue // solc already placed the failure (at the pragma)
				}
				out[u.Path] = append(out[u.Path], protocol.Diagnostic{
					Severity: protocol.DiagnosticSeverityError,
					Source:   sourceSolc,
					Message:  b.Err.Error(),
				})
			}
		}
	}
	return out
}

// solcDiagnostic converts one compiler diagnostic; secondary locations
// become related information.
func solcDiagnostic(d solc.Diagnostic, src *session.Text, srcs map[string]*session.Text) protocol.Diagnostic {
	r := protocol.Range{}
	if d.Start >= 0 {
		r = rangeIn(src, d.Start, d.End)
	}
	out := protocol.Diagnostic{
		Range:    r,
		Severity: solcSeverity(d.Severity),
		Source:   sourceSolc,
		Message:  d.Message,
	}
	if d.Code != "" {
		out.Code = d.Code
	}
	for _, rel := range d.Related {
		rs := srcs[rel.Unit]
		if rel.Path == "" || rs == nil {
			continue
		}
		rr := protocol.Range{}
		if rel.Start >= 0 {
			rr = rangeIn(rs, rel.Start, rel.End)
		}
		msg := rel.Message
		if msg == "" {
			msg = "related location"
		}
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uriOf(rel.Path), Range: rr},
			Message:  msg,
		})
	}
	return out
}

func solcSeverity(s solc.Severity) protocol.DiagnosticSeverity {
	switch s {
	case solc.SeverityError:
		return protocol.DiagnosticSeverityError
	case solc.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// setCompilerDiagnosticsLocked replaces the compiler diagnostics of the
// given files and returns the files to publish: those and every file that
// had compiler diagnostics from an earlier build of the same files. With
// onlyChanged (the full compile after the analysis-only one), files whose
// diagnostics are the same as before are left out: publishing them again
// would be a no-op for some clients and a flicker for others.
func (s *server) setCompilerDiagnosticsLocked(diags map[string][]protocol.Diagnostic, onlyChanged bool) []string {
	var paths []string
	for path, ds := range diags {
		old, had := s.solcDiag[path]
		if len(ds) == 0 && len(old) == 0 && s.docs[path] == nil && len(s.findingsAtLocked(path)) == 0 {
			continue // nothing was and nothing is: no need to tell
		}
		if onlyChanged && had && reflect.DeepEqual(old, ds) {
			continue
		}
		s.solcDiag[path] = ds
		paths = append(paths, path)
	}
	sort.Strings(paths)
	return paths
}

// publish sends the diagnostics of files: their compiler diagnostics and
// their findings, always as an array ([] clears). Publishes are ordered:
// the last state computed is the last one sent.
func (s *server) publish(paths ...string) {
	if len(paths) == 0 {
		return
	}
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	for _, path := range paths {
		s.mu.Lock()
		params := &protocol.PublishDiagnosticsParams{URI: uriOf(path), Diagnostics: []protocol.Diagnostic{}}
		params.Diagnostics = append(params.Diagnostics, s.sizeDiagnosticLocked(path)...)
		params.Diagnostics = append(params.Diagnostics, s.solcDiag[path]...)
		for _, f := range s.findingsAtLocked(path) {
			params.Diagnostics = append(params.Diagnostics, diagnosticOf(f))
		}
		for _, n := range s.notesAtLocked(path) {
			params.Diagnostics = append(params.Diagnostics, noteDiagnostic(n))
		}
		params.Diagnostics = append(params.Diagnostics, s.coverageHintsAtLocked(path)...)
		params.Diagnostics = append(params.Diagnostics, s.behaviourDiagnosticsLocked(path)...)
		params.Diagnostics = append(params.Diagnostics, s.mutantDiagnosticsLocked(path)...)
		if d := s.docs[path]; d != nil && d.version > 0 {
			if v, ok := s.compiled[path]; ok && v == d.version {
				params.Version = uint32(v)
			}
		}
		s.mu.Unlock()
		err := s.client.PublishDiagnostics(s.ctx, params)
		if err != nil {
			s.log.Debug("publishDiagnostics", zap.String("path", path), zap.Error(err))
		}
	}
}
