package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// This file offers and runs the actions on a mutants' hint (mutants.go):
// show a mutant, as a diff the client opens (never an edit of the file),
// and add a property skeleton for the line to the suite's test file
// (skeleton.go writes it).

// Commands on a mutants' hint.
const (
	cmdShowMutant       = "foresight.showMutant"
	cmdPropertySkeleton = "foresight.addPropertySkeleton"
)

// mutantArg names a shown mutant in command arguments.
type mutantArg struct {
	URI    protocol.DocumentURI `json:"uri"`
	Mutant string               `json:"mutant"`
}

// mutantView is foresight.showMutant's result: the file as compiled and
// as the mutant has it (an editor opens the two as a diff), and the
// changed lines as a unified diff for clients that show text.
type mutantView struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Path     string `json:"path"`
	Line     int    `json:"line"` // one-based
	Status   string `json:"status"`
	Original string `json:"original"`
	Mutated  string `json:"mutated"`
	Diff     string `json:"diff"`
}

// mutantActionsLocked are the actions of the hints a code action request
// names, or whose range it overlaps: "Show mutant" per mutant, and on
// survivors "Add a property skeleton".
func (s *server) mutantActionsLocked(path string, params *protocol.CodeActionParams) []protocol.CodeAction {
	wanted := map[string]bool{}
	for _, d := range params.Context.Diagnostics {
		for _, id := range mutantIDsOf(d) {
			wanted[id] = true
		}
	}
	_, ms := s.shownAtLocked(path)
	byID := map[string]*shownMutant{}
	for _, m := range ms {
		byID[m.ID] = m
	}
	var out []protocol.CodeAction
	for _, d := range s.mutantDiagnosticsLocked(path) {
		ids := mutantIDsOf(d)
		named := slices.ContainsFunc(ids, func(id string) bool { return wanted[id] })
		if len(wanted) > 0 && !named || len(wanted) == 0 && !overlaps(d.Range, params.Range) {
			continue
		}
		for _, id := range ids {
			out = append(out, quickFix("Show mutant: "+byID[id].Description, d, cmdShowMutant, mutantArg{URI: params.TextDocument.URI, Mutant: id}))
		}
		if d.Code == codeSurvived {
			out = append(out, quickFix("Add a property skeleton for this line", d, cmdPropertySkeleton, mutantArg{URI: params.TextDocument.URI, Mutant: ids[0]}))
		}
	}
	return out
}

// mutantIDsOf reads the mutant ids a hint carries.
func mutantIDsOf(d protocol.Diagnostic) []string {
	if d.Source != sourceMutants || d.Data == nil {
		return nil
	}
	raw, err := json.Marshal(d.Data)
	if err != nil {
		return nil
	}
	var data mutantsData
	if json.Unmarshal(raw, &data) != nil {
		return nil
	}
	return data.Mutants
}

// mutantCommand runs a mutants' command; ok false when the command is
// not one.
func (s *server) mutantCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (result any, ok bool, err error) {
	if params.Command != cmdShowMutant && params.Command != cmdPropertySkeleton {
		return nil, false, nil
	}
	var a mutantArg
	if err := commandArg(params, &a); err != nil {
		return nil, true, err
	}
	path, err := s.commandPath(a.URI)
	if err != nil {
		return nil, true, err
	}
	s.mu.Lock()
	p, m := s.shownMutantLocked(path, a.Mutant)
	if m == nil {
		s.mu.Unlock()
		return nil, true, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: no such mutant (the file changed since?)", a.Mutant)
	}
	if params.Command == cmdShowMutant {
		s.mu.Unlock()
		v, err := showMutant(m)
		return v, true, err
	}
	sk := s.skeletonLocked(p, m)
	s.mu.Unlock()
	out, err := s.writeSkeleton(ctx, p.root, sk)
	return out, true, err
}

// shownMutantLocked finds a mutant shown on path's current text by id.
func (s *server) shownMutantLocked(path, id string) (*project, *shownMutant) {
	p, ms := s.shownAtLocked(path)
	for _, m := range ms {
		if m.ID == id {
			return p, m
		}
	}
	return nil, nil
}

// showMutant is a mutant's view: the compiled text, the mutant's, and
// the diff of the lines the edit touches.
func showMutant(m *shownMutant) (mutantView, error) {
	text := m.src.Content()
	mutated, err := m.Apply(text)
	if err != nil {
		return mutantView{}, err
	}
	lm := m.src.Mapper()
	first, last := m.src.Line(m.Start), m.src.Line(max(m.End-1, m.Start))
	from, _ := lm.LineRange(first)
	_, to := lm.LineRange(last)
	old := strings.Split(string(text[from:to]), "\n")
	neu := strings.Split(string(mutated[from:to+m.Shift()]), "\n")
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s (mutant %s)\n@@ -%d,%d +%d,%d @@\n", m.Unit, m.Unit, m.ID, first+1, len(old), first+1, len(neu))
	for _, l := range old {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range neu {
		b.WriteString("+" + l + "\n")
	}
	return mutantView{
		ID: m.ID, Title: fmt.Sprintf("%s: %s (%s)", m.ID, m.Description, strings.ReplaceAll(string(m.Status), "-", " ")),
		Path: m.Path, Line: m.Line, Status: string(m.Status),
		Original: string(text), Mutated: string(mutated), Diff: b.String(),
	}, nil
}
