package session

import (
	"context"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/behaviour"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/solc"
)

// This file is `foresight corpus`'s maintenance of corpus folders:
// several merged into one, one minimised against the sources it fuzzes,
// and a folder's inputs read as the sequences `foresight diff` compares
// over.

// CorpusDir is a corpus folder opened to be maintained.
type CorpusDir struct{ dir *corpus.Dir }

// OpenCorpusDir opens the corpus folder at path, created when missing.
func OpenCorpusDir(path string) (*CorpusDir, error) {
	d, _, err := corpus.Open(path, "")
	if err != nil {
		return nil, err
	}
	return &CorpusDir{d}, nil
}

// MergeSkip is what a merge left out of a source folder: an unreadable
// file (Problem), the inputs over MaxCorpusInputs (OverLimit), or a
// finding it could not copy (Finding).
type MergeSkip struct {
	Problem   error
	OverLimit int
	Finding   error
}

// MergeFrom adds the inputs and findings of the corpus folder src to d,
// saying each thing it leaves out to skipped as it goes, and returns how
// many inputs and findings were new. An error stops the merge.
func (d *CorpusDir) MergeFrom(src string, skipped func(MergeSkip)) (inputs, findings int, err error) {
	s, migrated, err := corpus.Open(src, "")
	if err != nil {
		return inputs, findings, err
	}
	l, err := s.Load(nil)
	if err != nil {
		return inputs, findings, err
	}
	for _, p := range append(migrated.Problems, l.Problems...) {
		skipped(MergeSkip{Problem: p})
	}
	if l.OverLimit > 0 {
		skipped(MergeSkip{OverLimit: l.OverLimit})
	}
	for _, in := range l.Inputs {
		_, added, err := d.dir.Add(in)
		if err != nil {
			return inputs, findings, err
		}
		if added {
			inputs++
		}
	}
	files, err := s.FindingFiles()
	if err != nil {
		return inputs, findings, err
	}
	for _, f := range files {
		added, err := d.dir.CopyFinding(f)
		if err != nil {
			skipped(MergeSkip{Finding: err})
			continue
		}
		if added {
			findings++
		}
	}
	return inputs, findings, nil
}

// Minimized is what Minimize kept of a folder's inputs (Kept of Total,
// covering Covered instructions beyond the single calls) and removed
// (Removed, Stale of them no longer fitting the program), and how many
// inputs over MaxCorpusInputs it did not consider (OverLimit).
type Minimized struct {
	Kept, Total, Covered, Removed, Stale, OverLimit int
}

// Minimize keeps the smallest set of d's inputs with the coverage of all
// of them on builds (engine.Minimize) and removes the others, unless
// dryRun.
func (d *CorpusDir) Minimize(ctx context.Context, builds []*solc.Build, dryRun bool) (Minimized, error) {
	l, err := d.dir.Load(nil)
	if err != nil {
		return Minimized{}, err
	}
	m, err := engine.Minimize(ctx, builds, l.Inputs)
	if err != nil {
		return Minimized{}, err
	}
	keep := map[int]bool{}
	for _, i := range m.Keep {
		keep[i] = true
	}
	var drop []string
	for i, n := range l.Names {
		if !keep[i] {
			drop = append(drop, n)
		}
	}
	if !dryRun {
		if err := d.dir.Remove(drop); err != nil {
			return Minimized{}, err
		}
	}
	return Minimized{Kept: len(m.Keep), Total: len(l.Inputs), Covered: m.Covered, Removed: len(drop), Stale: len(m.Stale), OverLimit: l.OverLimit}, nil
}

// folderSequences reads a corpus folder's inputs as sequences for
// `foresight diff` to compare over; inputs that cannot be one are left
// out. Nothing is read outside the folder.
func folderSequences(dir string) ([]behaviour.Sequence, error) {
	d, _, err := corpus.Open(dir, dir)
	if err != nil {
		return nil, err
	}
	l, err := d.Load(nil)
	if err != nil {
		return nil, err
	}
	var out []behaviour.Sequence
	for _, in := range l.Inputs {
		if seq, ok := behaviour.FromCorpus(in); ok {
			out = append(out, seq)
		}
	}
	return out, nil
}
