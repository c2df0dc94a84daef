package lsp

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// The corpus of a project lives in <root>/.foresight/corpus
// (session.ProjectCorpus), loaded and saved as session.LoadCorpus and
// Corpus.Save do for every front end: a campaign loads the inputs whose
// first call is to a contract it fuzzes and writes what it found; inputs
// of functions that were renamed, removed or changed are deleted when a
// campaign finds them stale. Nothing is written outside the workspace
// root, through symlinks either.
const (
	corpusDir = session.StateDir
	// maxSavedInputs bounds the inputs kept per contract: beyond it the
	// oldest the last campaign did not keep are deleted, at most
	// session.MaxPrunedInputs a campaign, with a message saying how many.
	maxSavedInputs = session.MaxCorpusInputs
)

func (s *server) corpusNote(msg string) {
	s.log.Info("corpus", zap.String("message", msg))
	s.logMessage(protocol.MessageTypeInfo, "foresight: "+msg)
}

// corpusLoaded says what was read of the corpus at path (a campaign's:
// session.Run loads it).
func (s *server) corpusLoaded(path string, c *session.Corpus, l session.Loaded, err error) {
	if err != nil {
		s.log.Warn("corpus unreadable", zap.String("path", path), zap.Error(err))
		if c.Dir() == nil {
			s.notifyOnce(protocol.MessageTypeWarning, fmt.Sprintf("foresight: corpus %s not used: %v", path, err))
		}
		return
	}
	for _, p := range l.Problems {
		s.log.Warn("corpus file skipped", zap.Error(p))
		s.logMessage(protocol.MessageTypeWarning, fmt.Sprintf("foresight: skipped the corpus file %v", p))
	}
	if l.Migrated > 0 {
		s.corpusNote(fmt.Sprintf("converted %d saved inputs to one file per input in %s", l.Migrated, path))
	}
	if len(l.Seeds) > 0 {
		s.log.Info("corpus loaded", zap.String("dir", path), zap.Int("inputs", len(l.Seeds)), zap.Int("overLimit", l.OverLimit))
	}
}

// corpusSaved says what saving a campaign's inputs deleted (session.Run
// saves them: Corpus.Save), or that the folder cannot be written.
func (s *server) corpusSaved(root string, saved session.Saved, err error) {
	if saved.Stale > 0 {
		s.corpusNote(fmt.Sprintf("dropped %d stale inputs (their functions were renamed, removed or changed)", saved.Stale))
	}
	for _, name := range slices.Sorted(maps.Keys(saved.Pruned)) {
		s.corpusNote(fmt.Sprintf("deleted %d of %s's oldest saved inputs (kept its newest %d and the last campaign's; at most %d a campaign)", saved.Pruned[name], name, maxSavedInputs, session.MaxPrunedInputs))
	}
	if err != nil {
		s.corpusSaveFailed(root, err)
	}
}

// corpusSaveFailed tells the editor, once per session and project, that
// its corpus folder cannot be written: each save would say it again, and
// the message would name every input. The log has each failure.
func (s *server) corpusSaveFailed(root string, err error) {
	s.log.Warn("save corpus", zap.String("root", root), zap.Error(err))
	// The error's kind (permission denied, read-only file system), else
	// what refused it (a folder outside the workspace), one error's worth.
	var kind string
	var errno syscall.Errno
	var unwritten *session.UnwrittenInputs
	switch {
	case errors.As(err, &errno):
		kind = errno.Error()
	case errors.As(err, &unwritten):
		kind = unwritten.First.Error()
	default:
		kind = err.Error()
	}
	if len(kind) > 300 {
		kind = kind[:300] + "..."
	}
	dir := filepath.Join(root, corpusDir)
	s.notifyOnceAs(protocol.MessageTypeWarning, "\x00corpus: "+dir,
		fmt.Sprintf("foresight: cannot save the corpus in %s (%s): campaigns keep nothing they learn between saves; details in the log", dir, kind))
}
