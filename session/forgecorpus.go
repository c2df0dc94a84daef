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
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/engine/safefile"
	"github.com/foresight-sol/foresight/solc"
)

// DefaultForgeFailureDir is forge's invariant.failure_persist_dir when
// foundry.toml names none.
const DefaultForgeFailureDir = "cache/invariant"

// ForgeDirs are the forge folders of a Foundry project at root (cfg: its
// fuzz configuration, solc.BuildsFuzzConfig): invariant.corpus_dir ("" when
// unset: forge keeps no corpus then) and invariant.failure_persist_dir
// (forge's default unless set), absolute.
func ForgeDirs(root string, cfg solc.FuzzConfig) (corpusDir, failureDir string) {
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(root, p)
	}
	if cfg.CorpusDir != nil && *cfg.CorpusDir != "" {
		corpusDir = abs(*cfg.CorpusDir)
	}
	failureDir = abs(DefaultForgeFailureDir)
	if cfg.FailureDir != nil && *cfg.FailureDir != "" {
		failureDir = abs(*cfg.FailureDir)
	}
	return corpusDir, failureDir
}

// ForgeLoaded is what LoadForgeCorpus read, and from where.
type ForgeLoaded struct {
	*corpus.ForgeLoaded
	CorpusDir, FailureDir string
}

// LoadForgeCorpus reads forge's corpus entries and persisted invariant
// failures of the Foundry project at root (ForgeDirs), to seed the
// campaigns from its test contracts' set-ups (engine.Options.ForgeSeeds).
// A folder outside root (a foundry.toml naming ../elsewhere, a link
// leading out) is not read: it is a problem, as an unreadable file is.
// Nothing here fails a run: a corpus that cannot be read seeds nothing.
func LoadForgeCorpus(root string, cfg solc.FuzzConfig) ForgeLoaded {
	cdir, fdir := ForgeDirs(root, cfg)
	out := ForgeLoaded{ForgeLoaded: &corpus.ForgeLoaded{BySuite: map[string][]corpus.ForgeSequence{}}, CorpusDir: cdir, FailureDir: fdir}
	var problems []error
	for _, d := range []*string{&cdir, &fdir} {
		if *d == "" {
			continue
		}
		if _, err := os.Lstat(*d); errors.Is(err, fs.ErrNotExist) {
			*d = ""
			continue
		}
		if err := safefile.Confine(root, *d); err != nil {
			problems = append(problems, fmt.Errorf("forge folder: %w", err))
			*d = ""
		}
	}
	l, err := corpus.LoadForge(cdir, fdir)
	if err != nil {
		problems = append(problems, err)
	}
	l.Skipped += len(problems)
	l.Problems = append(problems, l.Problems...)
	out.ForgeLoaded = l
	return out
}

// Suites are the test contracts with sequences, sorted.
func (l ForgeLoaded) Suites() []string {
	var out []string
	for s := range l.BySuite {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// ForgeSkips lists why forge sequences did not fit their campaigns, with
// how many, for a verbose log: "2 with a call to an address that is no
// target of the campaign".
func ForgeSkips(c engine.ForgeSeedCounts) []string {
	var kinds []engine.ForgeSkip
	for k := range c.Skipped {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i] < kinds[j] })
	var out []string
	for _, k := range kinds {
		out = append(out, fmt.Sprintf("%d with %s", c.Skipped[k], k))
	}
	return out
}

// ForgeFailureFor renders an invariant finding of a Foundry project's
// set-up campaign as forge's persisted failure (export.ForgeFailure)
// and returns where it goes: failure_persist_dir/failures/<Suite>/<name>
// of the project at root, foundry.toml's fail_on_revert recorded. Only
// invariant findings have one (path "" for the others); an invariant
// finding or project forge's file cannot carry is an error wrapping
// export.ErrNoForgeFailure.
func ForgeFailureFor(root string, f report.Finding, setup report.Setup, builds []*solc.Build) (path string, data []byte, err error) {
	if finding.Kind(f.Kind) != finding.Invariant {
		return "", nil, nil
	}
	proj := foundryProject(builds)
	if proj == nil || proj.Root != root {
		return "", nil, fmt.Errorf("%w: not a Foundry project's own campaign", export.ErrNoForgeFailure)
	}
	cfg := solc.BuildsFuzzConfig(builds)
	ff, err := export.ForgeFailure(f, setup, builds, cfg.FailOnRevert != nil && *cfg.FailOnRevert)
	if err != nil {
		return "", nil, err
	}
	_, fdir := ForgeDirs(root, cfg)
	return filepath.Join(fdir, "failures", ff.Suite, ff.Invariant), ff.Data, nil
}

// WriteForgeFailure writes a forge failure file at path (ForgeFailureFor)
// unless one is there: forge's own failure of that invariant is kept. It
// reports whether it wrote; nothing is written outside root.
func WriteForgeFailure(root, path string, data []byte) (bool, error) {
	dir := filepath.Dir(path)
	if err := safefile.MkdirIn(root, dir); err != nil {
		return false, fmt.Errorf("write forge failure: %w", err)
	}
	wrote, err := safefile.WriteNew(root, dir, filepath.Base(path), data)
	if err != nil {
		return false, fmt.Errorf("write forge failure: %w", err)
	}
	return wrote, nil
}

func foundryProject(builds []*solc.Build) *solc.Project {
	for _, b := range builds {
		if b.Project != nil && b.Project.Kind == "foundry" {
			return b.Project
		}
	}
	return nil
}
