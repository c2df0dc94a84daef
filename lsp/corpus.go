package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// The corpus of a project lives in <root>/.foresight/corpus, one file per
// contract (<Contract>.json) holding the inputs whose first call is to that
// contract. Files follow contracts rather than the set of files a campaign
// compiled, which changes whenever another document is opened: a campaign
// loads the files of the contracts it fuzzes, whatever else is open, and
// inputs naming contracts or functions that no longer exist are dropped by
// the engine.
const (
	corpusDir = ".foresight"
	// maxSavedInputs bounds each file: a campaign's own corpus comes first,
	// then the older inputs it did not keep, until the bound.
	maxSavedInputs = 4096
)

// corpus is what a campaign was seeded with, to merge into what it saves.
type corpus struct {
	dir   string
	files map[string][]engine.Input // loaded inputs, by contract
}

// corpusFile is the file of a contract's inputs.
func corpusFile(dir, contract string) string {
	safe := strings.Map(func(r rune) rune {
		if r == '_' || r == '$' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, contract)
	return filepath.Join(dir, safe+".json")
}

// loadCorpus reads the saved inputs of the contracts a campaign calls. A
// corrupt file is skipped with a warning (it is replaced when the campaign
// ends); a missing one is a contract never fuzzed here.
func (s *server) loadCorpus(root string, contracts []string) (*corpus, []engine.Input) {
	c := &corpus{dir: filepath.Join(root, corpusDir, "corpus"), files: map[string][]engine.Input{}}
	var seeds []engine.Input
	for _, name := range contracts {
		path := corpusFile(c.dir, name)
		inputs, err := engine.LoadInputs(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case errors.Is(err, engine.ErrCorruptCorpus):
			s.log.Warn("corrupt corpus file skipped", zap.String("path", path), zap.Error(err))
			s.logMessage(protocol.MessageTypeWarning, fmt.Sprintf("foresight: skipped the corrupt corpus file %s (it will be replaced): %v", path, err))
			continue
		case err != nil:
			s.log.Warn("corpus file unreadable", zap.String("path", path), zap.Error(err))
			continue
		}
		c.files[name] = inputs
		seeds = append(seeds, inputs...)
	}
	if len(seeds) > 0 {
		s.log.Info("corpus loaded", zap.String("dir", c.dir), zap.Int("files", len(c.files)), zap.Int("inputs", len(seeds)))
	}
	return c, seeds
}

// save writes a campaign's corpus, by the contract of each input's first
// call. A campaign that was cancelled (or ran out of budget) early may not
// have run every saved input, so the inputs it was seeded with follow its
// own, deduplicated, up to maxSavedInputs: a quick save never throws a
// corpus away.
func (c *corpus) save(inputs []engine.Input) error {
	byContract := map[string][]engine.Input{}
	for _, in := range inputs {
		if len(in.Calls) > 0 {
			byContract[in.Calls[0].Contract] = append(byContract[in.Calls[0].Contract], in)
		}
	}
	for name, old := range c.files {
		byContract[name] = append(byContract[name], old...)
	}
	if len(byContract) == 0 {
		return nil
	}
	if err := ensureIgnored(filepath.Dir(c.dir)); err != nil {
		return err
	}
	names := make([]string, 0, len(byContract))
	for name := range byContract {
		names = append(names, name)
	}
	sort.Strings(names)
	var errs []error
	for _, name := range names {
		if err := engine.SaveInputs(corpusFile(c.dir, name), dedupInputs(byContract[name], maxSavedInputs)); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// dedupInputs keeps the first of equal inputs, at most max of them.
func dedupInputs(inputs []engine.Input, max int) []engine.Input {
	seen := map[string]bool{}
	out := make([]engine.Input, 0, min(len(inputs), max))
	for _, in := range inputs {
		key, err := json.Marshal(in)
		if err != nil || seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		out = append(out, in)
		if len(out) == max {
			break
		}
	}
	return out
}

// ensureIgnored creates the .foresight directory with a .gitignore that
// ignores everything in it, so the corpus never ends up in a commit.
func ensureIgnored(dir string) error {
	ignore := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(ignore); err == nil {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("corpus directory: %w", err)
	}
	if err := os.WriteFile(ignore, []byte("*\n"), 0o644); err != nil {
		return fmt.Errorf("corpus directory: %w", err)
	}
	return nil
}
