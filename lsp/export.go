package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// errExportPath is why an export found no place to write.
var errExportPath = errors.New("cannot export the test")

// exportFoundryTest writes a finding as a Foundry test in the test
// folder of the project that holds its builds' project, as `replay
// --export` does (session.ExportPlace): a package in node_modules exports
// into the project around it, never into node_modules, and that project
// must lie in the workspace folder holding the package. It writes
// through workspace/applyEdit (CreateFile with ignoreIfExists and an
// insert) when the client can create files, else directly on disk with
// O_EXCL. Either way it never overwrites: the folder, symbolic links
// resolved, must lie in the project and a workspace folder, and an
// existing name gets a suffix (-2, -3, ...). The result is the test's
// path.
func (s *server) exportFoundryTest(ctx context.Context, a findingArg) (string, error) {
	t, err := s.target(ctx, a.Finding)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	bound := s.folderLocked(t.p.root)
	s.mu.Unlock()
	if bound == "" {
		bound = t.p.root // no workspace folder: the open file's project
	}
	place, err := session.ExportPlace(bound, t.builds)
	if err != nil {
		return "", fmt.Errorf("%w: %w", errExportPath, err)
	}
	rel, text, err := place.Test(t.f.Found, t.setup, t.builds, session.ExportStyle{}, 0)
	if err != nil {
		return "", fmt.Errorf("foundry test: %w", err)
	}
	return s.createNew(ctx, place.Dest, rel, text, "Foresight: Foundry test")
}

// createNew creates a file of the project (rel, a slash path under root)
// holding text: through workspace/applyEdit when the client can create
// files, else on disk (saying so). It returns the file's path.
func (s *server) createNew(ctx context.Context, root, rel, text, label string) (string, error) {
	s.mu.Lock()
	viaEdit := s.createFiles
	s.mu.Unlock()
	if !viaEdit {
		path, err := s.writeNew(root, rel, []byte(text))
		if err != nil {
			return "", err
		}
		s.showMessage(protocol.MessageTypeInfo, "foresight: wrote "+path)
		return path, nil
	}
	path, _, err := s.exportPath(root, rel)
	if err != nil {
		return "", err
	}
	u := uriOf(path)
	err = s.applyEdit(ctx, path, applyEditParams{
		Label: label,
		Edit: workspaceEdit{DocumentChanges: []any{
			createFile{Kind: "create", URI: u, Options: &createFileOptions{IgnoreIfExists: true}},
			textDocumentEdit{TextDocument: optionalVersionedID{URI: u}, Edits: []protocol.TextEdit{{NewText: text}}},
		}},
	})
	if err != nil {
		return "", err
	}
	return path, nil
}

// applyEdit asks the client to apply an edit of path.
func (s *server) applyEdit(ctx context.Context, path string, params applyEditParams) error {
	// Under the request's context: when the client cancels the command,
	// the edit is cancelled too (protocol.Call sends $/cancelRequest).
	callCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var res applyEditResult
	if err := protocol.Call(callCtx, s.conn, protocol.MethodWorkspaceApplyEdit, params, &res); err != nil {
		return fmt.Errorf("workspace/applyEdit: %w", err)
	}
	if !res.Applied {
		return fmt.Errorf("the editor did not edit %s: %s", path, res.FailureReason)
	}
	return nil
}

// exportPath chooses the file for rel (a slash path under root): its
// folder, resolved, must lie in root and in a workspace folder, and its
// name is rel's or, when something (a file, a link, a dangling link)
// already has it, the first free name with a suffix. It returns the path
// under root as given and the resolved one.
func (s *server) exportPath(root, rel string) (path, real string, err error) {
	want := filepath.Join(root, filepath.FromSlash(rel))
	realRoot, err := resolve(root)
	if err != nil {
		return "", "", fmt.Errorf("%w: %w", errExportPath, err)
	}
	realDir, err := resolve(filepath.Dir(want))
	if err != nil {
		return "", "", fmt.Errorf("%w: %w", errExportPath, err)
	}
	s.mu.Lock()
	inside := s.insideLocked(realDir)
	s.mu.Unlock()
	if !within(realRoot, realDir) || !inside {
		return "", "", fmt.Errorf("%w: %s leads to %s, outside the workspace (the test folder must lie in the project and a workspace folder)", errExportPath, filepath.Dir(want), realDir)
	}
	name, err := session.FreeExportName(realDir, filepath.Base(want))
	if err != nil {
		return "", "", fmt.Errorf("%w: %w", errExportPath, err)
	}
	return filepath.Join(filepath.Dir(want), name), filepath.Join(realDir, name), nil
}

// writeNew creates the file exportPath chose (session.WriteExport: never
// following a link or replacing a file that appeared since, the next
// free name then) and returns its path.
func (s *server) writeNew(root, rel string, data []byte) (string, error) {
	path, real, err := s.exportPath(root, rel)
	if err != nil {
		return "", err
	}
	name, err := session.WriteExport(filepath.Dir(real), filepath.Base(real), data)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(path), name), nil
}
