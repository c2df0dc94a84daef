package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/foresight-sol/foresight/engine/safefile"
)

// Limits on what a corpus may make us read: a corpus directory is shared
// and may hold anything, and a huge one must not exhaust memory.
const (
	// MaxLoadedInputs bounds the inputs a campaign loads from a corpus.
	MaxLoadedInputs = 4096
	// maxInputBytes bounds one input file, maxCorpusFileBytes one file of
	// the older per-contract format, and maxLoadBytes a whole load.
	maxInputBytes      = 1 << 20
	maxCorpusFileBytes = 64 << 20
	maxLoadBytes       = 256 << 20
	// maxLoadReads bounds the files a load opens, unreadable ones
	// included.
	maxLoadReads = 2 * MaxLoadedInputs
)

// A corpus directory holds one file per input in inputs/, named
// <Contract>-<hash>.json after the contract of the input's first call and
// the SHA-256 of the file's content, and one file per finding in
// findings/, named after its kind and location. Every file is written
// atomically under a name no other content has, so any number of
// processes can add to one directory at once, and each picks up the
// others' inputs by listing it again. The editor's .foresight/corpus is
// such a directory.
const (
	inputsDir   = "inputs"
	findingsDir = "findings"
	inputFormat = "foresight.input/v1"
)

type inputFile struct {
	Format string      `json:"format"`
	Calls  []InputCall `json:"calls"`
}

// Dir is an open corpus directory. Its methods may be called from
// several goroutines.
type Dir struct {
	dir, root string

	mu   sync.Mutex
	seen map[string]bool // input file names listed or written
}

// Loaded is what Load read from a corpus directory.
type Loaded struct {
	Inputs []Input
	Names  []string // file name of each input, for Remove
	// Skipped counts unreadable files (Problems says why, for the first
	// few); OverLimit those left unread past MaxLoadedInputs (the
	// oldest); Read the files opened.
	Skipped, OverLimit, Read int
	Problems                 []error
	// Migrated counts inputs converted from files of the older
	// per-contract format (foresight.corpus/v1), which are then removed.
	Migrated int
}

// Open opens (creating) the corpus directory dir. With a root,
// every file it writes must resolve inside root, symlinks included.
// Inputs in files of the older per-contract format directly in dir are
// converted, and those files removed once converted.
func Open(dir, root string) (*Dir, *Loaded, error) {
	d := &Dir{dir: dir, root: root, seen: map[string]bool{}}
	for _, sub := range []string{inputsDir, findingsDir} {
		if err := safefile.MkdirIn(root, filepath.Join(dir, sub)); err != nil {
			return nil, nil, fmt.Errorf("corpus directory: %w", err)
		}
		safefile.RemoveStaleTemps(filepath.Join(dir, sub))
	}
	migrated := &Loaded{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("corpus directory: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		inputs, err := LoadInputs(path)
		if err != nil {
			migrated.problem(err)
			continue
		}
		for _, in := range inputs {
			if _, _, err := d.Add(in); err != nil {
				return nil, nil, err
			}
		}
		migrated.Migrated += len(inputs)
		if err := os.Remove(path); err != nil {
			migrated.problem(err)
		}
	}
	d.seen = map[string]bool{}
	return d, migrated, nil
}

// Path is the directory's path.
func (d *Dir) Path() string { return d.dir }

func (l *Loaded) problem(err error) {
	l.Skipped++
	if len(l.Problems) < 5 {
		l.Problems = append(l.Problems, err)
	}
}

// EncodeInput returns the file content of an input and the name it is
// stored under.
func EncodeInput(in Input) ([]byte, string, error) {
	data, err := json.Marshal(inputFile{Format: inputFormat, Calls: in.Calls})
	if err != nil {
		return nil, "", fmt.Errorf("encode input: %w", err)
	}
	if len(in.Calls) == 0 {
		return nil, "", fmt.Errorf("encode input: no calls")
	}
	sum := sha256.Sum256(data)
	return data, safeName(in.Calls[0].Contract) + "-" + hex.EncodeToString(sum[:16]) + ".json", nil
}

// ParseInput decodes one input file.
func ParseInput(data []byte) (Input, error) {
	var f inputFile
	if err := json.Unmarshal(data, &f); err != nil {
		return Input{}, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if f.Format != inputFormat {
		return Input{}, fmt.Errorf("%w: format %q, want %q", ErrCorrupt, f.Format, inputFormat)
	}
	if len(f.Calls) == 0 {
		return Input{}, fmt.Errorf("%w: an input without calls", ErrCorrupt)
	}
	return Input{Calls: f.Calls}, nil
}

// safeName keeps the characters of Solidity identifiers a file name can
// carry everywhere.
func safeName(contract string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, contract)
}

// Add writes an input unless the directory has it already (under its
// content hash); it reports the file name and whether it was new.
func (d *Dir) Add(in Input) (string, bool, error) {
	data, name, err := EncodeInput(in)
	if err != nil {
		return "", false, err
	}
	d.mu.Lock()
	known := d.seen[name]
	d.seen[name] = true
	d.mu.Unlock()
	if known {
		return name, false, nil
	}
	added, err := safefile.WriteNew(d.root, filepath.Join(d.dir, inputsDir), name, data)
	if err != nil {
		return name, false, fmt.Errorf("save input: %w", err)
	}
	return name, added, nil
}

// Load reads the directory's inputs, at most MaxLoadedInputs of them:
// all when there are no more, else the newest (by modification time,
// then name), so a huge corpus costs one listing and a bounded number of
// reads, and what a campaign just found is loaded first. With contracts,
// only inputs whose first call is to one of them are read. Unreadable
// files are skipped and counted; nothing is deleted.
func (d *Dir) Load(contracts []string) (*Loaded, error) {
	names, err := d.list()
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, c := range contracts {
		want[safeName(c)] = true
	}
	d.mu.Lock()
	for _, n := range names {
		d.seen[n] = true
	}
	d.mu.Unlock()
	var mine []string
	for _, name := range names {
		if i := strings.LastIndexByte(name, '-'); len(want) > 0 && i >= 0 && !want[name[:i]] {
			continue
		}
		mine = append(mine, name)
	}
	l := &Loaded{}
	if len(mine) > MaxLoadedInputs {
		mine = d.newest(mine)
	}
	var bytes int64
	for k, name := range mine {
		if len(l.Inputs) >= MaxLoadedInputs || l.Read >= maxLoadReads || bytes >= maxLoadBytes {
			l.OverLimit = len(mine) - k
			break
		}
		in, n, err := d.read(name)
		l.Read++
		bytes += n
		if err != nil {
			l.problem(err)
			continue
		}
		l.Inputs, l.Names = append(l.Inputs, in), append(l.Names, name)
	}
	return l, nil
}

// newest returns the input files names, newest first (ties by name); a
// file that cannot be statted counts as oldest.
func (d *Dir) newest(names []string) []string {
	files := d.modTimes(names)
	sort.SliceStable(files, func(i, j int) bool { return files[i].mod > files[j].mod })
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.name
	}
	return out
}

// inputMod is an input file's name and modification time.
type inputMod struct {
	name string
	mod  int64
}

// modTimes stats the input files names, in their order.
func (d *Dir) modTimes(names []string) []inputMod {
	files := make([]inputMod, 0, len(names))
	for _, n := range names {
		var mod int64
		if fi, err := os.Lstat(filepath.Join(d.dir, inputsDir, n)); err == nil {
			mod = fi.ModTime().UnixNano()
		}
		files = append(files, inputMod{n, mod})
	}
	return files
}

// Scan returns the inputs written since the directory was last listed
// (by other processes), at most max of them.
func (d *Dir) Scan(max int) (*Loaded, error) {
	names, err := d.list()
	if err != nil {
		return nil, err
	}
	l := &Loaded{}
	for _, name := range names {
		d.mu.Lock()
		known := d.seen[name]
		full := len(l.Names)+l.Skipped >= max
		if !known && !full {
			d.seen[name] = true
		}
		d.mu.Unlock()
		if known {
			continue
		}
		if full {
			l.OverLimit++
			continue
		}
		in, _, err := d.read(name)
		if err != nil {
			l.problem(err)
			continue
		}
		l.Inputs, l.Names = append(l.Inputs, in), append(l.Names, name)
	}
	return l, nil
}

// Remove deletes input files by name (stale inputs).
func (d *Dir) Remove(names []string) error {
	var errs []error
	for _, n := range names {
		if filepath.Base(n) != n || strings.HasPrefix(n, ".") {
			continue
		}
		if err := os.Remove(filepath.Join(d.dir, inputsDir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (d *Dir) read(name string) (Input, int64, error) {
	data, err := safefile.Read(filepath.Join(d.dir, inputsDir, name), maxInputBytes)
	if err != nil {
		return Input{}, 0, err
	}
	in, err := ParseInput(data)
	if err != nil {
		return Input{}, int64(len(data)), fmt.Errorf("%s: %w", name, err)
	}
	return in, int64(len(data)), nil
}

// list returns the sorted names of the input files.
func (d *Dir) list() ([]string, error) {
	return listJSON(filepath.Join(d.dir, inputsDir))
}

func listJSON(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("corpus directory: %w", err)
	}
	defer f.Close()
	all, err := f.Readdirnames(-1)
	if err != nil {
		return nil, fmt.Errorf("corpus directory: %w", err)
	}
	names := all[:0]
	for _, n := range all {
		if strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, nil
}

// MaxPruned bounds the files one Prune deletes: a corpus far over its
// limit (merged from CI, copied in) shrinks over several campaigns, never
// all at once.
const MaxPruned = 1024

// Prune deletes the oldest input files of contract beyond the newest
// max, never those named in keep (the inputs the last campaign kept,
// which cover what it found) and at most MaxPruned of them; it returns
// how many it deleted, for the caller to say so.
func (d *Dir) Prune(contract string, keep map[string]bool, max int) (int, error) {
	names, err := d.list()
	if err != nil {
		return 0, err
	}
	prefix := safeName(contract) + "-"
	var mine []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			mine = append(mine, n)
		}
	}
	if len(mine) <= max {
		return 0, nil
	}
	files := d.modTimes(mine)
	sort.SliceStable(files, func(i, j int) bool { return files[i].mod < files[j].mod })
	var drop []string
	for _, f := range files[:len(files)-max] {
		if len(drop) == MaxPruned {
			break
		}
		if !keep[f.name] {
			drop = append(drop, f.name)
		}
	}
	return len(drop), d.Remove(drop)
}
