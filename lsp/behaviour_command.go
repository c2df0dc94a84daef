package lsp

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// This file offers and runs the actions on a behaviour difference
// (behaviour.go): accept it, silenced until its function changes again,
// and replay its calls on both builds.

// Commands on a behaviour difference.
const (
	cmdAcceptBehaviour = "foresight.acceptBehaviour"
	cmdReplayBehaviour = "foresight.replayBehaviour"
	cmdExportBehaviour = "foresight.exportBehaviour"
)

// behaviourArg names a behaviour difference in command arguments.
type behaviourArg struct {
	URI       protocol.DocumentURI `json:"uri"`
	Behaviour string               `json:"behaviour"`
}

// behaviourActionsLocked are the quick fixes of the differences a code
// action request names, or whose range it overlaps.
func (s *server) behaviourActionsLocked(path string, params *protocol.CodeActionParams) []protocol.CodeAction {
	wanted := map[string]bool{}
	for _, d := range params.Context.Diagnostics {
		if id := behaviourIDOf(d); id != "" {
			wanted[id] = true
		}
	}
	var out []protocol.CodeAction
	for _, d := range s.behaviourDiagnosticsLocked(path) {
		id := behaviourIDOf(d)
		if len(wanted) > 0 && !wanted[id] || len(wanted) == 0 && !overlaps(d.Range, params.Range) {
			continue
		}
		arg := behaviourArg{URI: params.TextDocument.URI, Behaviour: id}
		out = append(out,
			quickFix("Accept this behaviour change", d, cmdAcceptBehaviour, arg),
			quickFix("Replay on the previous and the new build", d, cmdReplayBehaviour, arg),
			quickFix("Export as regression test (asserts the previous behaviour)", d, cmdExportBehaviour, arg))
	}
	return out
}

// behaviourIDOf reads the difference id a diagnostic carries.
func behaviourIDOf(d protocol.Diagnostic) string {
	if d.Source != sourceBehaviour || d.Data == nil {
		return ""
	}
	raw, err := json.Marshal(d.Data)
	if err != nil {
		return ""
	}
	var data struct {
		Behaviour string `json:"behaviour"`
	}
	if json.Unmarshal(raw, &data) != nil {
		return ""
	}
	return data.Behaviour
}

// behaviourCommand runs a behaviour command; ok false when the command
// is not one.
func (s *server) behaviourCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (result any, ok bool, err error) {
	if params.Command != cmdAcceptBehaviour && params.Command != cmdReplayBehaviour && params.Command != cmdExportBehaviour {
		return nil, false, nil
	}
	var a behaviourArg
	if err := commandArg(params, &a); err != nil {
		return nil, true, err
	}
	path, err := s.commandPath(a.URI)
	if err != nil {
		return nil, true, err
	}
	s.mu.Lock()
	p, d := s.behaviourDiffLocked(path, a.Behaviour)
	if d == nil {
		s.mu.Unlock()
		return nil, true, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: no such behaviour difference (the function changed since?)", a.Behaviour)
	}
	if params.Command == cmdAcceptBehaviour {
		st := p.behaviourLocked()
		if _, fs, fn, ok := p.functionLocked(d.d.Contract, d.d.Name); ok {
			st.accepted[d.fn] = definitionOf(fs.Text, fn)
		}
		delete(st.diffs, d.id)
		s.mu.Unlock()
		s.publish(path)
		s.refreshCodeLenses()
		return nil, true, nil
	}
	s.mu.Unlock()
	if params.Command == cmdExportBehaviour {
		rel, text, err := d.d.Export(ctx)
		if err != nil {
			return nil, true, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "export: %v", err)
		}
		// Written as a finding's export is: confined to the project and
		// a workspace folder, never over a file (export.go).
		out, err := s.writeNew(p.root, rel, []byte(text))
		if err != nil {
			return nil, true, err
		}
		s.showMessage(protocol.MessageTypeInfo, "foresight: wrote "+out)
		return out, true, nil
	}
	text, err := d.d.Trace(ctx)
	if err != nil {
		return nil, true, jsonrpc2.Errorf(jsonrpc2.InternalError, "replay: %v", err)
	}
	return text, true, nil
}

// behaviourDiffLocked finds a shown difference of path by id.
func (s *server) behaviourDiffLocked(path, id string) (*project, *behaviourDiff) {
	for _, p := range s.projects {
		if p.behaviour == nil {
			continue
		}
		if d := p.behaviour.diffs[id]; d != nil && d.path == path {
			return p, d
		}
	}
	return nil, nil
}
