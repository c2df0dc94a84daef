package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/safefile"
)

// StateDir is the folder under a project's root where the editor keeps
// what it learns (the corpus, lcov.info), ignored by git.
const StateDir = ".foresight"

// ProjectCorpus is the corpus directory of the project at root: a corpus
// directory as `foresight fuzz --corpus` shares between campaigns (one
// file per input, docs/scaling.md), so that a CI corpus can seed the
// editor and the other way round.
func ProjectCorpus(root string) string { return filepath.Join(root, StateDir, "corpus") }

// A Corpus is the corpus directory a run's campaigns start from and add
// to, and the files its seeds came from.
type Corpus struct {
	path, root string
	dir        *corpus.Dir // nil until opened
	names      []string    // file of each seed
}

// Loaded is what LoadCorpus read: the seeds, the files it skipped (left
// in place) and why, how many files of the older one-file-per-contract
// format it converted, and how many inputs were over the limit.
type Loaded struct {
	Seeds     []corpus.Input
	Problems  []error
	Migrated  int
	OverLimit int
}

// LoadCorpus reads, from the corpus directory at path, the saved inputs
// whose first call is to one of contracts (nil: all). With root set,
// nothing is read or written outside it, through symlinks either, and a
// directory that does not exist is left so until a campaign saves
// something; without, it is created. The command line (--corpus) and
// the editor (ProjectCorpus) load alike.
func LoadCorpus(path, root string, contracts []string) (*Corpus, Loaded, error) {
	c := &Corpus{path: path, root: root}
	if root != "" {
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			return c, Loaded{}, nil
		}
	}
	d, migrated, err := corpus.Open(path, root)
	if err != nil {
		return c, Loaded{}, err
	}
	c.dir = d
	l, err := d.Load(contracts)
	if err != nil {
		return c, Loaded{}, err
	}
	c.names = l.Names
	return c, Loaded{Seeds: l.Inputs, Problems: append(migrated.Problems, l.Problems...), Migrated: migrated.Migrated, OverLimit: l.OverLimit}, nil
}

// Dir is the open directory (nil until something was loaded or saved).
func (c *Corpus) Dir() *corpus.Dir { return c.dir }

// Saved is what Save did besides adding the inputs: the stale seeds it
// deleted and, by contract, the oldest inputs it pruned.
type Saved struct {
	Stale  int
	Pruned map[string]int
}

// Save writes a campaign's new inputs, deletes the seeds it found stale
// (their functions were renamed, removed or changed) and keeps each
// contract's inputs under keep (the oldest the campaign did not keep go
// first, at most corpus.MaxPruned a campaign). A campaign cancelled early
// loses nothing: inputs are only ever added. Under a root, the state
// folder gets its .gitignore first.
func (c *Corpus) Save(rep *engine.Report, keep int) (Saved, error) {
	var out Saved
	if len(rep.Inputs) == 0 && len(rep.StaleSeeds) == 0 {
		return out, nil
	}
	if c.root != "" {
		if err := EnsureIgnored(c.root, filepath.Dir(c.path)); err != nil {
			return out, err
		}
	}
	if c.dir == nil {
		d, _, err := corpus.Open(c.path, c.root)
		if err != nil {
			return out, fmt.Errorf("save corpus: %w", err)
		}
		c.dir = d
	}
	var errs []error
	kept := map[string]bool{}
	byContract := map[string]bool{}
	unwritten := &UnwrittenInputs{Dir: c.dir.Path(), Total: len(rep.Inputs)}
	for _, in := range rep.Inputs {
		name, _, err := c.dir.Add(in)
		if err != nil {
			// One error for them all: a folder that refuses one input
			// refuses the others for the same reason.
			if unwritten.Failed++; unwritten.First == nil {
				unwritten.First = err
				errs = append(errs, unwritten)
			}
			continue
		}
		kept[name] = true
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
		out.Stale = len(stale)
	}
	contracts := make([]string, 0, len(byContract))
	for name := range byContract {
		contracts = append(contracts, name)
	}
	sort.Strings(contracts)
	for _, name := range contracts {
		n, err := c.dir.Prune(name, kept, keep)
		errs = append(errs, err)
		if n > 0 {
			if out.Pruned == nil {
				out.Pruned = map[string]int{}
			}
			out.Pruned[name] = n
		}
	}
	return out, errors.Join(errs...)
}

// UnwrittenInputs is the inputs of a campaign the corpus folder refused.
type UnwrittenInputs struct {
	Dir           string
	Failed, Total int
	First         error
}

func (e *UnwrittenInputs) Error() string {
	return fmt.Sprintf("%d of %d inputs not written to %s: %v", e.Failed, e.Total, e.Dir, e.First)
}

func (e *UnwrittenInputs) Unwrap() error { return e.First }

// EnsureIgnored creates dir (under root) with a .gitignore that ignores
// everything in it, so that what Foresight keeps never ends up in a
// commit. An existing .gitignore, even a dangling symlink, is left alone.
func EnsureIgnored(root, dir string) error {
	if _, err := safefile.WriteFileIn(root, dir, ".gitignore", []byte("*\n")); err != nil {
		return fmt.Errorf("corpus directory: %w", err)
	}
	return nil
}

// CorpusRequest is the saved inputs a run's direct campaign starts from
// and adds to (Request.Corpus): the corpus folder Path under Root
// (ProjectCorpus: the editor's), each contract keeping at most Keep
// inputs; none when Path is "".
type CorpusRequest struct {
	Path, Root string
	Keep       int
}

// loadCorpus loads req's corpus as opts' seeds for the contracts opts
// fuzzes, and says what it read (Sink.CorpusLoaded); nil without one.
func loadCorpus(req CorpusRequest, opts *engine.Options, sink Sink) *Corpus {
	if req.Path == "" {
		return nil
	}
	c, l, err := LoadCorpus(req.Path, req.Root, opts.Contracts)
	sink.CorpusLoaded(c, l, err)
	if err == nil {
		opts.Seeds = l.Seeds
	}
	return c
}

// saveCorpus saves what the campaigns learnt, also after a cancellation
// (a campaign cancelled early loses nothing), and says what it deleted
// or could not write (Sink.CorpusSaved).
func saveCorpus(c *Corpus, rep *engine.Report, keep int, sink Sink) {
	if c == nil || rep == nil {
		return
	}
	saved, err := c.Save(rep, keep)
	sink.CorpusSaved(saved, err)
}
