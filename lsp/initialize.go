package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// Commands the server executes (workspace/executeCommand).
const (
	cmdReplay      = "foresight.replay"
	cmdExportTest  = "foresight.exportFoundryTest"
	cmdFuzzFunc    = "foresight.fuzzFunction"
	cmdFuzzFile    = "foresight.fuzzFile"
	progressTitle  = "Foresight"
	sourceSolc     = "solc"
	sourceFindings = "foresight"
)

// editCapabilities are the workspace-edit capabilities protocol v0.12.0
// does not model.
type editCapabilities struct {
	Capabilities struct {
		Workspace struct {
			WorkspaceEdit struct {
				DocumentChanges    bool     `json:"documentChanges"`
				ResourceOperations []string `json:"resourceOperations"`
			} `json:"workspaceEdit"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

// canCreateFiles reports whether the client applies CreateFile operations.
func (e editCapabilities) canCreateFiles() bool {
	we := e.Capabilities.Workspace.WorkspaceEdit
	return we.DocumentChanges && slices.Contains(we.ResourceOperations, "create")
}

// initialize records the client's capabilities and settings and
// advertises the server's.
func (s *server) initialize(_ context.Context, params *json.RawMessage) (*protocol.InitializeResult, error) {
	// InitializationOptions shadows the embedded interface{} field: the
	// options are read as raw JSON into typed values only.
	var p struct {
		protocol.InitializeParams
		InitializationOptions json.RawMessage `json:"initializationOptions"`
	}
	var extra editCapabilities
	if params != nil {
		if err := json.Unmarshal(*params, &p); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "initialize: %v", err)
		}
		_ = json.Unmarshal(*params, &extra) // optional
	}
	st, notes, ok, err := parseSettings(p.InitializationOptions)
	if err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "initializationOptions: %v", err)
	}
	s.warnClamped(notes)
	replay, err := parseReplayOptions(p.InitializationOptions)
	if err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "initializationOptions: %v", err)
	}
	var trust trustOptions
	_ = json.Unmarshal(p.InitializationOptions, &trust) // absent or not an object: untrusted
	s.mu.Lock()
	s.state = initialized
	s.trusted = trust.TrustedWorkspace
	s.setFoldersLocked(foldersOf(&p.InitializeParams))
	s.caps = p.Capabilities
	s.createFiles = extra.canCreateFiles()
	s.replayOpts = replay
	if ok {
		s.settings = st
	}
	s.mu.Unlock()
	name := ""
	if p.ClientInfo != nil {
		name = p.ClientInfo.Name + " " + p.ClientInfo.Version
	}
	//lint:ignore SA1019 the deprecated RootURI is logged as the client sent it
	s.log.Info("initialize", zap.String("client", name), zap.String("root", string(p.RootURI)), zap.Bool("trusted", trust.TrustedWorkspace))
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
				Save:      &protocol.SaveOptions{},
			},
			CodeActionProvider:     &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}},
			CodeLensProvider:       &protocol.CodeLensOptions{},
			HoverProvider:          true,
			ExecuteCommandProvider: &protocol.ExecuteCommandOptions{Commands: []string{cmdReplay, cmdExportTest, cmdFuzzFunc, cmdFuzzFile, cmdAcceptBehaviour, cmdReplayBehaviour, cmdExportBehaviour, cmdShowMutant, cmdPropertySkeleton}},
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "foresight", Version: s.opts.Version},
	}, nil
}

// parseReplayOptions reads initializationOptions.replay, the defaults of
// foresight.replay's answer.
func parseReplayOptions(v any) (replayOptions, error) {
	var out replayOptions
	raw, err := json.Marshal(v)
	if err != nil {
		return out, fmt.Errorf("replay options: %w", err)
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || obj["replay"] == nil {
		return out, nil // not ours
	}
	if err := json.Unmarshal(obj["replay"], &out); err != nil {
		return out, fmt.Errorf("replay options: %w", err)
	}
	return out, nil
}

// initialized pulls the configuration and watches project files; both are
// requests to the client, so they run in the background.
func (s *server) initialized(context.Context, *protocol.InitializedParams) error {
	s.goSafe("initialized", func() {
		s.pullSettings()
		s.watchProjectFiles()
	})
	return nil
}

// watchProjectFiles registers for foundry.toml and remappings.txt changes
// when the client supports dynamic registration.
func (s *server) watchProjectFiles() {
	s.mu.Lock()
	ok := s.caps.Workspace != nil && s.caps.Workspace.DidChangeWatchedFiles != nil && s.caps.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	err := s.client.RegisterCapability(ctx, &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID:     "foresight-project-files",
		Method: protocol.MethodWorkspaceDidChangeWatchedFiles,
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: []protocol.FileSystemWatcher{
			{GlobPattern: "**/foundry.toml"},
			{GlobPattern: "**/remappings.txt"},
		}},
	}}})
	if err != nil {
		s.log.Debug("register watched files", zap.Error(err))
	}
}

// shutdownWait bounds how long shutdown waits for cancelled runs to end,
// so that what they save (the corpus) is on disk when the client is told
// the server has shut down.
const shutdownWait = 10 * time.Second

// shutdown stops every run and waits (at most shutdownWait) for them to
// end; the server then answers only exit.
func (s *server) shutdown(context.Context, *json.RawMessage) (any, error) {
	s.mu.Lock()
	s.state = shuttingDown
	var done []chan struct{}
	for _, p := range s.projects {
		if p.run != nil {
			// The run, the campaign it is to replace (still fuzzing) and
			// the older runs whose suites they keep (pipeline.go).
			for _, r := range []*run{p.run, p.run.campaign} {
				for ; r != nil; r = r.replaces {
					r.cancel()
					done = append(done, r.done)
				}
			}
		}
	}
	s.mu.Unlock()
	timer := time.NewTimer(shutdownWait)
	defer timer.Stop()
	for _, d := range done {
		select {
		case <-d:
		case <-timer.C:
			s.log.Warn("shutdown: a run did not stop in time; not waiting for it", zap.Duration("waited", shutdownWait))
			return nil, nil
		}
	}
	return nil, nil
}

// exit ends the connection (and so Serve).
func (s *server) exit(context.Context, *json.RawMessage) error {
	s.mu.Lock()
	s.exited = true
	s.mu.Unlock()
	s.exitOnce.Do(func() { close(s.exitCh) })
	return nil
}
