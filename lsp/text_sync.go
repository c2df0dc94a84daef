package lsp

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// didOpen starts tracking a buffer and runs its project: diagnostics and
// a first campaign appear without a save.
func (s *server) didOpen(_ context.Context, params *protocol.DidOpenTextDocumentParams) error {
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.docs[path] = &document{
		uri:     params.TextDocument.URI,
		path:    path,
		version: params.TextDocument.Version,
		text:    session.NewText([]byte(params.TextDocument.Text)),
		// An empty buffer has nothing to compile: one an edit creates
		// gets its text by didChange (awaitingContent).
		awaitingContent: params.TextDocument.Text == "",
	}
	resized := s.checkSizeLocked(path, len(params.TextDocument.Text))
	// A document outside every workspace folder is shown, not compiled:
	// its imports and project could lead anywhere.
	outside := len(s.folders) > 0 && !s.insideLocked(path)
	p := s.projectLocked(path)
	s.mu.Unlock()
	if resized {
		s.publish(path)
	}
	if outside {
		s.log.Info("not compiled: outside the workspace folders", zap.String("path", path))
		return nil
	}
	if filepath.Ext(path) == ".sol" && params.TextDocument.Text != "" {
		s.schedule(p, trigger{reason: "open", file: path})
	}
	return nil
}

// didChange applies incremental (or whole-document) edits.
func (s *server) didChange(_ context.Context, params *didChangeParams) error {
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	d := s.docs[path]
	if d == nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange: %s is not open", path)
	}
	content, err := applyChanges(d.text.Content(), params.ContentChanges)
	if err != nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange %s: %w", path, err)
	}
	d.text = session.NewText(content)
	d.version = params.TextDocument.Version
	resized := s.checkSizeLocked(path, len(content))
	// A document opened empty runs, as an opened one does, once its
	// content arrives.
	arrived := d.awaitingContent && len(content) > 0
	if arrived {
		d.awaitingContent = false
	}
	outside := len(s.folders) > 0 && !s.insideLocked(path)
	p := s.projectLocked(path)
	s.mu.Unlock()
	if resized {
		s.publish(path)
	}
	if arrived && !outside && filepath.Ext(path) == ".sol" {
		s.schedule(p, trigger{reason: "open", file: path})
	}
	return nil
}

// didSave compiles and fuzzes the file's project.
func (s *server) didSave(_ context.Context, params *protocol.DidSaveTextDocumentParams) error {
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	resized := false
	if d := s.docs[path]; d != nil && params.Text != "" {
		d.text = session.NewText([]byte(params.Text))
		d.awaitingContent = false
		resized = s.checkSizeLocked(path, len(params.Text))
	}
	outside := len(s.folders) > 0 && !s.insideLocked(path)
	p := s.projectLocked(path)
	s.mu.Unlock()
	if resized {
		s.publish(path)
	}
	if !outside && filepath.Ext(path) == ".sol" {
		s.schedule(p, trigger{reason: "save", file: path})
	}
	return nil
}

// didClose stops overlaying the buffer; its diagnostics stay, since they
// are about the files on disk too. The campaign of its project stops when
// the file started it or no other file of the project is open: nothing
// open asks for it any more (its compiles finish, for the diagnostics).
func (s *server) didClose(_ context.Context, params *protocol.DidCloseTextDocumentParams) error {
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	_, wasOpen := s.docs[path]
	delete(s.docs, path)
	resized := s.checkSizeLocked(path, 0)
	if wasOpen {
		p := s.projectLocked(path)
		if r := p.run; r != nil && (r.file == path || len(s.entryFilesLocked(p)) == 0) {
			r.fuzzStopped = true
			if r.stopFuzz != nil {
				r.stopFuzz()
			}
		}
	}
	s.mu.Unlock()
	if resized {
		s.publish(path)
	}
	return nil
}
