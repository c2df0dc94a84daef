package lsp

import (
	"context"
	"path/filepath"

	"go.lsp.dev/protocol"
)

// didChangeWatchedFiles drops the cached configuration of every project
// when a foundry.toml or remappings.txt changes (one may also move a
// project root), and recompiles the projects with open documents.
func (s *server) didChangeWatchedFiles(_ context.Context, params *protocol.DidChangeWatchedFilesParams) error {
	relevant := false
	for _, ch := range params.Changes {
		switch filepath.Base(string(ch.URI)) {
		case "foundry.toml", "remappings.txt":
			relevant = true
		}
	}
	if !relevant {
		return nil
	}
	s.mu.Lock()
	for _, p := range s.projects {
		p.proj = nil
	}
	ps := s.projectsWithOpenDocsLocked()
	s.mu.Unlock()
	for _, p := range ps {
		s.schedule(p, trigger{reason: "project files"})
	}
	return nil
}
