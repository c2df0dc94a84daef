package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/engine/safefile"
)

// Forge's folders (forge 1.x): a corpus directory holds
// <TestContract>/<invariant>/worker<N>/corpus/<uuid>-<time>.json[.gz]
// (and worker<N>/sync/, entries handed between forge's workers); a
// failure directory holds failures/<TestContract>/<invariant>, one file
// per failed invariant, without an extension.
const (
	forgeFailures = "failures"
	// forgeDepth bounds how deep below a test contract's folder entries
	// are looked for (<invariant>/worker<N>/corpus/<file> is 4).
	forgeDepth = 4
)

// ForgeLoaded is what LoadForge read: by test contract, its sequences
// (persisted failures first, then corpus entries), and the files it
// skipped and why.
type ForgeLoaded struct {
	BySuite map[string][]ForgeSequence
	// Failures and Entries count the sequences read from each folder.
	Failures, Entries int
	// Skipped counts unreadable files (Problems says why, for the first
	// few); OverLimit those left unread past MaxLoadedInputs.
	Skipped, OverLimit int
	Problems           []error
}

// Len is the number of sequences loaded.
func (l *ForgeLoaded) Len() int { return l.Failures + l.Entries }

func (l *ForgeLoaded) problem(err error) {
	l.Skipped++
	if len(l.Problems) < 5 {
		l.Problems = append(l.Problems, err)
	}
}

// LoadForge reads forge's persisted invariant failures under failureDir
// and its corpus entries under corpusDir ("" skips either; a folder that
// does not exist holds nothing). Like Load it is bounded: at most
// MaxLoadedInputs sequences, maxLoadReads files and maxLoadBytes, each
// file at most MaxForgeFileBytes; a file that does not parse, a link or
// anything else that is not a regular file is skipped and counted,
// never fatal.
func LoadForge(corpusDir, failureDir string) (*ForgeLoaded, error) {
	l := &ForgeLoaded{BySuite: map[string][]ForgeSequence{}}
	var files []forgeFile
	var errs []error
	if failureDir != "" {
		fs, err := forgeFiles(filepath.Join(failureDir, forgeFailures), 1, func(string) bool { return true })
		errs = append(errs, err)
		for i := range fs {
			fs[i].failure = true
		}
		files = append(files, fs...)
	}
	if corpusDir != "" {
		fs, err := forgeFiles(corpusDir, forgeDepth, isForgeEntry)
		errs = append(errs, err)
		files = append(files, fs...)
	}
	var bytes int64
	reads := 0
	for k, f := range files {
		if l.Len() >= MaxLoadedInputs || reads >= maxLoadReads || bytes >= maxLoadBytes {
			l.OverLimit = len(files) - k
			break
		}
		reads++
		data, err := safefile.Read(f.path, MaxForgeFileBytes)
		if err != nil {
			l.problem(err)
			continue
		}
		bytes += int64(len(data))
		seq, err := ParseForge(data)
		if err != nil {
			l.problem(fmt.Errorf("%s: %w", f.path, err))
			continue
		}
		l.BySuite[f.suite] = append(l.BySuite[f.suite], seq)
		if f.failure {
			l.Failures++
		} else {
			l.Entries++
		}
	}
	return l, errors.Join(errs...)
}

// A forgeFile is one file of forge's folders and the test contract it
// belongs to.
type forgeFile struct {
	path, suite string
	failure     bool
}

// isForgeEntry: forge's corpus entries end in .json or .json.gz; its
// temporary files start with a dot.
func isForgeEntry(name string) bool {
	return !strings.HasPrefix(name, ".") && (strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".json.gz"))
}

// forgeFiles lists, under each test contract's folder of dir, the files
// want accepts at most depth levels below it, sorted; links are not
// followed (safefile.Read refuses them too). A dir that does not exist
// lists nothing.
func forgeFiles(dir string, depth int, want func(string) bool) ([]forgeFile, error) {
	suites, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("forge folder: %w", err)
	}
	var out []forgeFile
	for _, s := range suites {
		if !s.IsDir() || strings.HasPrefix(s.Name(), ".") {
			continue
		}
		walkForge(filepath.Join(dir, s.Name()), depth, func(path string) {
			if len(out) < 4*maxLoadReads && want(filepath.Base(path)) {
				out = append(out, forgeFile{path: path, suite: s.Name()})
			}
		})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, nil
}

// walkForge calls fn with each file name under dir, depth levels down at
// most, without following links; unreadable folders are passed over.
func walkForge(dir string, depth int, fn func(string)) {
	if depth <= 0 {
		return
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir():
			walkForge(p, depth-1, fn)
		case e.Type().IsRegular():
			fn(p)
		}
	}
}
