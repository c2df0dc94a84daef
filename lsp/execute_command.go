package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// findingArg names a finding in command arguments.
type findingArg struct {
	URI     protocol.DocumentURI `json:"uri"`
	Finding string               `json:"finding"`
}

// functionArg names a function ("Contract.name") in command arguments.
type functionArg struct {
	URI      protocol.DocumentURI `json:"uri"`
	Function string               `json:"function"`
}

// executeCommand runs foresight.replay, foresight.exportFoundryTest and
// foresight.fuzzFunction.
func (s *server) executeCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (any, error) {
	switch params.Command {
	case cmdReplay:
		var a findingArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		return s.replay(ctx, a)
	case cmdExportTest:
		var a findingArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		return s.exportFoundryTest(ctx, a)
	case cmdFuzzFunc:
		var a functionArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		return nil, s.fuzzFunction(a)
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q", params.Command)
}

// commandArg decodes the first argument of a command.
func commandArg(params *protocol.ExecuteCommandParams, v any) error {
	if len(params.Arguments) == 0 {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: missing argument", params.Command)
	}
	raw, err := json.Marshal(params.Arguments[0])
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", params.Command, err)
	}
	return nil
}

// replayTarget is what replaying or exporting a finding needs.
type replayTarget struct {
	p      *project
	f      *finding
	builds []*solc.Build
	setup  engine.Setup
}

// target finds a finding with the builds and deployment to replay it on.
func (s *server) target(ctx context.Context, id string) (*replayTarget, error) {
	s.mu.Lock()
	p, f := s.findingByIDLocked(id)
	if f == nil {
		s.mu.Unlock()
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "finding %s is gone: its code changed since", id)
	}
	// Campaigns record their deployment (OnSetup) before any finding.
	setup, ok := p.setups[f.f.Seed]
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("finding %s: the deployment of its campaign (seed %d) is unknown", id, f.f.Seed)
	}
	// What follows (a replay, a round trip to the client) reads nothing of
	// the session: later messages need not wait for it.
	releaseQueue(ctx)
	return &replayTarget{p: p, f: f, builds: p.builds, setup: setup}, nil
}

// replay re-executes a finding, shows a summary and logs the trace; the
// trace text is the command's result.
func (s *server) replay(ctx context.Context, a findingArg) (string, error) {
	t, err := s.target(ctx, a.Finding)
	if err != nil {
		return "", err
	}
	tr, err := engine.Replay(t.builds, t.setup, t.f.f)
	if err != nil {
		return "", fmt.Errorf("replay: %w", err)
	}
	text := engine.FormatTrace(tr, t.builds)
	summary := fmt.Sprintf("foresight: replayed %d transaction(s): ", len(tr.Steps))
	if tr.Reproduced {
		summary += fmt.Sprintf("%s reproduced at %s:%d", t.f.f.Title, filepath.Base(t.f.path), t.f.f.Line)
	} else {
		summary += "the finding did not reproduce (the code changed?)"
	}
	s.logMessage(protocol.MessageTypeInfo, summary+"\n"+text)
	s.showMessage(protocol.MessageTypeInfo, summary+" (trace in the output log)")
	return text, nil
}

// Workspace-edit types protocol v0.12.0 lacks: documentChanges mixing
// resource operations and text edits, and a null document version.
type (
	createFile struct {
		Kind    string               `json:"kind"` // "create"
		URI     protocol.DocumentURI `json:"uri"`
		Options *createFileOptions   `json:"options,omitempty"`
	}
	createFileOptions struct {
		Overwrite bool `json:"overwrite,omitempty"`
	}
	textDocumentEdit struct {
		TextDocument optionalVersionedID `json:"textDocument"`
		Edits        []protocol.TextEdit `json:"edits"`
	}
	optionalVersionedID struct {
		URI     protocol.DocumentURI `json:"uri"`
		Version *int32               `json:"version"`
	}
	workspaceEdit struct {
		DocumentChanges []any `json:"documentChanges"`
	}
	applyEditParams struct {
		Label string        `json:"label,omitempty"`
		Edit  workspaceEdit `json:"edit"`
	}
	applyEditResult struct {
		Applied       bool   `json:"applied"`
		FailureReason string `json:"failureReason,omitempty"`
	}
)

// exportFoundryTest writes a finding as a Foundry test in the project's
// test folder: through workspace/applyEdit (CreateFile and an insert) when
// the client can create files, else directly on disk. The result is the
// test's path.
func (s *server) exportFoundryTest(ctx context.Context, a findingArg) (string, error) {
	t, err := s.target(ctx, a.Finding)
	if err != nil {
		return "", err
	}
	rel, text, err := engine.FoundryTest(t.f.f, t.setup, t.builds)
	if err != nil {
		return "", fmt.Errorf("foundry test: %w", err)
	}
	path := filepath.Join(t.p.root, filepath.FromSlash(rel))
	s.mu.Lock()
	viaEdit := s.createFiles
	s.mu.Unlock()
	if !viaEdit {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		s.showMessage(protocol.MessageTypeInfo, "foresight: wrote "+path)
		return path, nil
	}
	u := uriOf(path)
	params := applyEditParams{
		Label: "Foresight: Foundry test",
		Edit: workspaceEdit{DocumentChanges: []any{
			createFile{Kind: "create", URI: u, Options: &createFileOptions{Overwrite: true}},
			textDocumentEdit{TextDocument: optionalVersionedID{URI: u}, Edits: []protocol.TextEdit{{NewText: text}}},
		}},
	}
	// Under the request's context: when the client cancels the command,
	// the edit is cancelled too (protocol.Call sends $/cancelRequest).
	callCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var res applyEditResult
	if err := protocol.Call(callCtx, s.conn, protocol.MethodWorkspaceApplyEdit, params, &res); err != nil {
		return "", fmt.Errorf("workspace/applyEdit: %w", err)
	}
	if !res.Applied {
		return "", fmt.Errorf("the editor did not create %s: %s", path, res.FailureReason)
	}
	return path, nil
}

// fuzzFunction runs a campaign focused on one function for 60 s.
func (s *server) fuzzFunction(a functionArg) error {
	path, err := pathOf(a.URI)
	if err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err)
	}
	if a.Function == "" {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: missing function", cmdFuzzFunc)
	}
	s.mu.Lock()
	p := s.projectLocked(path)
	s.mu.Unlock()
	s.schedule(p, trigger{reason: "command", file: path, focus: []string{a.Function}, budget: fuzzFunctionBudget})
	return nil
}
