package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// findingArg names a finding in command arguments.
type findingArg struct {
	URI     protocol.DocumentURI `json:"uri"`
	Finding string               `json:"finding"`
}

// replayArg is foresight.replay's argument: a finding, and how to answer.
// Unset fields take the session's defaults (initializationOptions.replay).
type replayArg struct {
	findingArg
	// Structured asks for a replayResult instead of the trace text.
	Structured *bool `json:"structured,omitempty"`
	// Quiet asks for no window/showMessage and window/logMessage: the
	// client shows the trace itself.
	Quiet *bool `json:"quiet,omitempty"`
}

// replayOptions are the session's defaults for foresight.replay, from
// initializationOptions: {"replay": {"structured": true, "quiet": true}}.
type replayOptions struct {
	Structured bool `json:"structured"`
	Quiet      bool `json:"quiet"`
}

// replayResult is foresight.replay's structured result.
type replayResult struct {
	Title      string `json:"title"`
	Kind       string `json:"kind"`
	Path       string `json:"path"`
	Line       int    `json:"line"` // one-based, in the finding's current text
	Reproduced bool   `json:"reproduced"`
	Trace      string `json:"trace"`
}

// functionArg names a function ("Contract.name") in command arguments,
// or the function around a position of the document.
type functionArg struct {
	URI      protocol.DocumentURI `json:"uri"`
	Function string               `json:"function,omitempty"`
	Position *protocol.Position   `json:"position,omitempty"`
	// Wait answers once the run ended, with what it found (testrun.go).
	Wait bool `json:"wait,omitempty"`
}

// fileArg names a document in command arguments.
type fileArg struct {
	URI  protocol.DocumentURI `json:"uri"`
	Wait bool                 `json:"wait,omitempty"`
}

// executeCommand runs foresight.replay, foresight.exportFoundryTest,
// foresight.fuzzFunction and foresight.fuzzFile.
func (s *server) executeCommand(ctx context.Context, params *protocol.ExecuteCommandParams) (any, error) {
	switch params.Command {
	case cmdReplay:
		var a replayArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		if _, err := s.commandPath(a.URI); err != nil {
			return nil, err
		}
		return s.replay(ctx, a)
	case cmdExportTest:
		var a findingArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		if _, err := s.commandPath(a.URI); err != nil {
			return nil, err
		}
		return s.exportFoundryTest(ctx, a)
	case cmdFuzzFunc:
		var a functionArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		r, err := s.fuzzFunction(a)
		return s.answerRun(ctx, r, a.Wait, err)
	case cmdFuzzFile:
		var a fileArg
		if err := commandArg(params, &a); err != nil {
			return nil, err
		}
		r, err := s.fuzzFile(a)
		return s.answerRun(ctx, r, a.Wait, err)
	}
	if res, ok, err := s.behaviourCommand(ctx, params); ok {
		return res, err
	}
	if res, ok, err := s.mutantCommand(ctx, params); ok {
		return res, err
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
	f      *session.Finding
	builds []*solc.Build
	setup  report.Setup
}

// target finds a finding with the builds and deployment to replay it on.
func (s *server) target(ctx context.Context, id string) (*replayTarget, error) {
	s.mu.Lock()
	p, f := s.findingByIDLocked(id)
	if f == nil {
		s.mu.Unlock()
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "finding %s is gone: its code changed since", id)
	}
	// Campaigns record their deployment (OnSetup) before any finding; a
	// suite's campaign ran on the suite compiled alone.
	setup, builds, ok := p.state.ReplayOn(f)
	if h := f.Found.Harness; h != nil && f.Carried {
		s.mu.Unlock()
		return nil, fmt.Errorf("finding %s was found on the saved code while its suite (%s) compiled: it can be replayed once that compile has ended and replayed it", id, filepath.Base(h.File))
	}
	s.mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("finding %s: the deployment of its campaign (seed %d) is unknown", id, f.Found.Seed)
	}
	// What follows (a replay, a round trip to the client) reads nothing of
	// the session: later messages need not wait for it.
	releaseQueue(ctx)
	return &replayTarget{p: p, f: f, builds: builds, setup: setup}, nil
}

// replay re-executes a finding. The result is the trace text or, if
// asked, a replayResult; unless asked to be quiet, a summary is shown and
// the trace logged, for clients that drop command results.
func (s *server) replay(ctx context.Context, a replayArg) (any, error) {
	s.mu.Lock()
	opts := s.replayOpts
	s.mu.Unlock()
	structured, quiet := opts.Structured, opts.Quiet
	if a.Structured != nil {
		structured = *a.Structured
	}
	if a.Quiet != nil {
		quiet = *a.Quiet
	}
	t, err := s.target(ctx, a.Finding)
	if err != nil {
		return nil, err
	}
	tr, err := s.replayOn(ctx, t) // fork.go
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	text := engine.FormatTrace(tr, t.builds)
	if !quiet {
		summary := fmt.Sprintf("foresight: replayed %d transaction(s): ", len(tr.Steps))
		if tr.Reproduced {
			summary += fmt.Sprintf("%s reproduced at %s:%d", t.f.Found.Title, filepath.Base(t.f.Path), t.f.Found.Line)
		} else {
			summary += "the finding did not reproduce (the code changed?)"
		}
		s.logMessage(protocol.MessageTypeInfo, summary+"\n"+text)
		s.showMessage(protocol.MessageTypeInfo, summary+" (trace in the output log)")
	}
	if !structured {
		return text, nil
	}
	return replayResult{
		Title: t.f.Found.Title, Kind: t.f.Found.Kind, Path: t.f.Path, Line: t.f.Found.Line,
		Reproduced: tr.Reproduced, Trace: text,
	}, nil
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
		IgnoreIfExists bool `json:"ignoreIfExists,omitempty"`
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

// fuzzFunction runs a campaign focused on one function for 60 s: the
// named one, or the public or external function around the position.
func (s *server) fuzzFunction(a functionArg) (*run, error) {
	path, err := s.commandPath(a.URI)
	if err != nil {
		return nil, err
	}
	if a.Function == "" && a.Position == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: missing function or position", cmdFuzzFunc)
	}
	if a.Function != "" && !functionName.MatchString(a.Function) {
		// Checked before a campaign starts or a log line holds it.
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %q is not a function name (NAME or CONTRACT.NAME)", cmdFuzzFunc, a.Function[:min(len(a.Function), 64)])
	}
	s.mu.Lock()
	p := s.projectLocked(path)
	name := a.Function
	if name == "" {
		name, err = s.functionAtLocked(p, path, *a.Position)
	} else if fs := p.state.File(path); fs != nil && !definesFunction(fs.Functions, name) {
		err = jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: no public or external function %s in %s", cmdFuzzFunc, name, filepath.Base(path))
	}
	test := err == nil && p.isTestLocked(path)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if test {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is in a test file: test contracts are not fuzzed", name)
	}
	return s.schedule(p, trigger{reason: "command", file: path, focus: []string{name}, budget: session.FuzzBudget}), nil
}

// functionName is what a fuzzFunction may name: a Solidity identifier,
// alone or after its contract's, and not longer than any real one.
var functionName = regexp.MustCompile(`^(?:[A-Za-z_$][A-Za-z0-9_$]{0,127}\.)?[A-Za-z_$][A-Za-z0-9_$]{0,127}$`)

// definesFunction reports whether fns, a file's functions, have a
// fuzzable one named name ("f" or "C.f").
func definesFunction(fns []solc.Function, name string) bool {
	contract, fn, qualified := strings.Cut(name, ".")
	if !qualified {
		contract, fn = "", name
	}
	for _, f := range fns {
		if fuzzable(f) && f.Name == fn && (contract == "" || f.Contract == contract) {
			return true
		}
	}
	return false
}

// functionAtLocked names the innermost public or external function of
// the last compile of path that contains a position of the document
// (functions whose first or last line was edited since cannot be found).
func (s *server) functionAtLocked(p *project, path string, pos protocol.Position) (string, error) {
	fs := p.state.File(path)
	if fs == nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s has not compiled yet", filepath.Base(path))
	}
	v := newView(fs.Text, s.docs[path])
	off, err := fromPosition(v.cur.Mapper(), pos)
	if err != nil {
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "position %d:%d: %v", pos.Line, pos.Character, err)
	}
	var best *solc.Function
	for i := range fs.Functions {
		fn := &fs.Functions[i]
		start, _, ok1 := v.place(fn.Start, fn.Start)
		end, _, ok2 := v.place(fn.End, fn.End)
		if !ok1 || !ok2 || off < start || off > end {
			continue
		}
		if best == nil || fn.End-fn.Start < best.End-best.Start {
			best = fn
		}
	}
	switch {
	case best == nil:
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "no function at %s:%d", filepath.Base(path), pos.Line+1)
	case !fuzzable(*best):
		name := best.Name
		if name == "" {
			name = best.Kind
		}
		return "", jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s.%s is not a public or external function", best.Contract, name)
	}
	return best.Contract + "." + best.Name, nil
}

// fuzzFile runs a campaign on every function of the contracts of a file,
// with the budget of a save. A test file with a setUp() (an invariant
// suite, an exported reproducer) is fuzzed from its own set-up, as
// 'foresight check test/X.t.sol' fuzzes it.
func (s *server) fuzzFile(a fileArg) (*run, error) {
	path, err := s.commandPath(a.URI)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	p := s.projectLocked(path)
	test := p.isTestLocked(path)
	var text []byte
	if d := s.docs[path]; d != nil {
		text = d.text.Content()
	}
	s.mu.Unlock()
	if test && text == nil {
		text = session.ReadSmall(path)
	}
	if test && !session.HasSetUp(text) {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is a test file without a setUp(): its contracts are fuzzed only from a set-up", filepath.Base(path))
	}
	return s.schedule(p, trigger{reason: "command", file: path, wholeFile: true, alone: test}), nil
}
