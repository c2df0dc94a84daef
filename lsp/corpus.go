package lsp

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/safefile"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// The corpus of a project lives in <root>/.foresight/corpus, a corpus
// directory as `foresight fuzz --corpus` shares between campaigns (one
// file per input, docs/scaling.md): a CI corpus can seed the editor and
// the other way round. A campaign loads the inputs whose first call is to
// a contract it fuzzes and writes what it found; inputs of functions that
// were renamed, removed or changed are deleted when a campaign finds them
// stale. Files of the older one-file-per-contract format are converted.
// Nothing is written outside the workspace root, through symlinks either.
const (
	corpusDir = ".foresight"
	// maxSavedInputs bounds the inputs kept per contract: beyond it the
	// oldest the last campaign did not keep are deleted, at most
	// corpus.MaxPruned a campaign, with a message saying how many.
	maxSavedInputs = corpus.MaxLoadedInputs
)

// savedCorpus is the corpus directory of a campaign and the files its
// seeds came from.
type savedCorpus struct {
	root  string
	dir   *corpus.Dir  // nil until opened
	names []string     // file of each seed
	note  func(string) // shows a message to the user
}

func (s *server) corpusNote(msg string) {
	s.log.Info("corpus", zap.String("message", msg))
	s.logMessage(protocol.MessageTypeInfo, "foresight: "+msg)
}

// loadCorpus reads the saved inputs of the contracts a campaign calls.
// Unreadable files are skipped with a warning and left in place.
func (s *server) loadCorpus(root string, contracts []string) (*savedCorpus, []corpus.Input) {
	c := &savedCorpus{root: root, note: s.corpusNote}
	path := filepath.Join(root, corpusDir, "corpus")
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	d, migrated, err := corpus.Open(path, root)
	if err != nil {
		s.log.Warn("corpus unreadable", zap.String("path", path), zap.Error(err))
		s.notifyOnce(protocol.MessageTypeWarning, fmt.Sprintf("foresight: corpus %s not used: %v", path, err))
		return c, nil
	}
	c.dir = d
	l, err := d.Load(contracts)
	if err != nil {
		s.log.Warn("corpus unreadable", zap.String("path", path), zap.Error(err))
		return c, nil
	}
	for _, p := range append(migrated.Problems, l.Problems...) {
		s.log.Warn("corpus file skipped", zap.Error(p))
		s.logMessage(protocol.MessageTypeWarning, fmt.Sprintf("foresight: skipped the corpus file %v", p))
	}
	if migrated.Migrated > 0 {
		c.note(fmt.Sprintf("converted %d saved inputs to one file per input in %s", migrated.Migrated, path))
	}
	c.names = l.Names
	if len(l.Inputs) > 0 {
		s.log.Info("corpus loaded", zap.String("dir", path), zap.Int("inputs", len(l.Inputs)), zap.Int("overLimit", l.OverLimit))
	}
	return c, l.Inputs
}

// save writes a campaign's new inputs, deletes the seeds it found stale
// and keeps each contract's inputs under maxSavedInputs. A campaign
// cancelled early loses nothing: inputs are only ever added.
func (c *savedCorpus) save(rep *engine.Report) error {
	if len(rep.Inputs) == 0 && len(rep.StaleSeeds) == 0 {
		return nil
	}
	if err := ensureIgnored(c.root, filepath.Join(c.root, corpusDir)); err != nil {
		return err
	}
	if c.dir == nil {
		d, _, err := corpus.Open(filepath.Join(c.root, corpusDir, "corpus"), c.root)
		if err != nil {
			return fmt.Errorf("save corpus: %w", err)
		}
		c.dir = d
	}
	var errs []error
	keep := map[string]bool{}
	byContract := map[string]bool{}
	unwritten := &unwrittenInputs{dir: c.dir.Path(), total: len(rep.Inputs)}
	for _, in := range rep.Inputs {
		name, _, err := c.dir.Add(in)
		if err != nil {
			// One error for them all: a folder that refuses one input
			// refuses the others for the same reason.
			if unwritten.failed++; unwritten.first == nil {
				unwritten.first = err
				errs = append(errs, unwritten)
			}
			continue
		}
		keep[name] = true
		byContract[in.Calls[0].Contract] = true
	}
	var stale []string
	for _, i := range rep.StaleSeeds {
		if i < len(c.names) {
			stale = append(stale, c.names[i])
		}
	}
	if len(stale) > 0 {
		errs = append(errs, c.dir.Remove(stale))
		c.note(fmt.Sprintf("dropped %d stale inputs (their functions were renamed, removed or changed)", len(stale)))
	}
	contracts := make([]string, 0, len(byContract))
	for name := range byContract {
		contracts = append(contracts, name)
	}
	sort.Strings(contracts)
	for _, name := range contracts {
		n, err := c.dir.Prune(name, keep, maxSavedInputs)
		errs = append(errs, err)
		if n > 0 {
			c.note(fmt.Sprintf("deleted %d of %s's oldest saved inputs (kept its newest %d and the last campaign's; at most %d a campaign)", n, name, maxSavedInputs, corpus.MaxPruned))
		}
	}
	return errors.Join(errs...)
}

// unwrittenInputs is the inputs of a campaign the corpus folder refused.
type unwrittenInputs struct {
	dir           string
	failed, total int
	first         error
}

func (e *unwrittenInputs) Error() string {
	return fmt.Sprintf("%d of %d inputs not written to %s: %v", e.failed, e.total, e.dir, e.first)
}

func (e *unwrittenInputs) Unwrap() error { return e.first }

// corpusSaveFailed tells the editor, once per session and project, that
// its corpus folder cannot be written: each save would say it again, and
// the message would name every input. The log has each failure.
func (s *server) corpusSaveFailed(root string, err error) {
	s.log.Warn("save corpus", zap.String("root", root), zap.Error(err))
	// The error's kind (permission denied, read-only file system), else
	// what refused it (a folder outside the workspace), one error's worth.
	var kind string
	var errno syscall.Errno
	var unwritten *unwrittenInputs
	switch {
	case errors.As(err, &errno):
		kind = errno.Error()
	case errors.As(err, &unwritten):
		kind = unwritten.first.Error()
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

// ensureIgnored creates the .foresight directory with a .gitignore that
// ignores everything in it, so the corpus never ends up in a commit. An
// existing .gitignore, even a dangling symlink, is left alone.
func ensureIgnored(root, dir string) error {
	if _, err := safefile.WriteFileIn(root, dir, ".gitignore", []byte("*\n")); err != nil {
		return fmt.Errorf("corpus directory: %w", err)
	}
	return nil
}
