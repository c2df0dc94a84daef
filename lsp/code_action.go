package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// codeAction offers, for each finding diagnostic in the request, quick
// fixes to replay it, export it as a Foundry test, and fuzz its function.
func (s *server) codeAction(_ context.Context, params *protocol.CodeActionParams) ([]protocol.CodeAction, error) {
	actions := []protocol.CodeAction{}
	if only := params.Context.Only; len(only) > 0 && !slices.Contains(only, protocol.QuickFix) {
		return actions, nil
	}
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return actions, nil
	}
	wanted := map[string]bool{}
	for _, d := range params.Context.Diagnostics {
		if id := findingIDOf(d); id != "" {
			wanted[id] = true
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.findingsAtLocked(path) {
		d := diagnosticOf(f)
		if len(wanted) > 0 && !wanted[f.ID] {
			continue
		}
		if len(wanted) == 0 && !overlaps(d.Range, params.Range) {
			continue
		}
		arg := findingArg{URI: params.TextDocument.URI, Finding: f.ID}
		actions = append(actions,
			quickFix("Replay failing sequence", d, cmdReplay, arg),
			quickFix("Export as Foundry test", d, cmdExportTest, arg))
		if fn := s.functionOfLocked(f); fn != "" {
			actions = append(actions, quickFix(fmt.Sprintf("Fuzz %s for 60 s", fn), d, cmdFuzzFunc,
				functionArg{URI: params.TextDocument.URI, Function: fn}))
		}
	}
	actions = append(actions, s.behaviourActionsLocked(path, params)...)
	actions = append(actions, s.mutantActionsLocked(path, params)...)
	// Which actions a request got is what an "it offered nothing" report needs.
	s.log.Debug("codeAction", zap.Int("line", int(params.Range.Start.Line)+1), zap.Int("diagnostics", len(params.Context.Diagnostics)), zap.Int("actions", len(actions)))
	return actions, nil
}

func quickFix(title string, d protocol.Diagnostic, command string, arg any) protocol.CodeAction {
	return protocol.CodeAction{
		Title:       title,
		Kind:        protocol.QuickFix,
		Diagnostics: []protocol.Diagnostic{d},
		Command:     &protocol.Command{Title: title, Command: command, Arguments: []any{arg}},
	}
}

// findingIDOf reads the finding id a diagnostic carries in its data.
func findingIDOf(d protocol.Diagnostic) string {
	if d.Source != sourceFindings || d.Data == nil {
		return ""
	}
	raw, err := json.Marshal(d.Data)
	if err != nil {
		return ""
	}
	var data diagnosticData
	if json.Unmarshal(raw, &data) != nil {
		return ""
	}
	return data.Finding
}

// functionOfLocked names the function ("Contract.name") around a finding.
func (s *server) functionOfLocked(f *session.Finding) string {
	for _, p := range s.projects {
		fs := p.state.File(f.Path)
		if fs == nil || fs.Text != f.Text {
			continue
		}
		if fn := session.Enclosing(fs.Functions, f.Found.Start, f.Found.End); fn != nil && fn.Name != "" && fn.Kind == "function" {
			return fn.Contract + "." + fn.Name
		}
	}
	return ""
}

// overlaps reports whether two ranges share a position (touching counts).
func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(p, q protocol.Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Character < q.Character
}
