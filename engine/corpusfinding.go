package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// FindingKey identifies a finding across processes and machines: its kind
// and where it fails (source unit and byte range, or contract and PC when
// no source is known), and the property or invariant it violates.
func FindingKey(f Finding) string {
	loc := f.Contract + "@" + strconv.FormatUint(f.PC, 10)
	if f.Unit != "" {
		loc = fmt.Sprintf("%s:%d-%d", f.Unit, f.Start, f.End)
	}
	return f.Kind + "|" + loc + "|" + f.Check
}

// findingName is the file name of a finding in a corpus directory.
func findingName(f Finding) string {
	sum := sha256.Sum256([]byte(FindingKey(f)))
	kind := strings.Map(func(r rune) rune {
		if r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' {
			return r
		}
		return '_'
	}, strings.ToLower(f.Kind))
	return kind + "-" + hex.EncodeToString(sum[:8]) + ".json"
}

// AddFinding stores data (the finding with its reproducer, as the caller
// renders it) unless a finding with the same key is stored already; it
// returns the file's path and whether it was new. The first process to
// find a bug keeps it: later ones do not overwrite it.
func (d *CorpusDir) AddFinding(f Finding, data []byte) (string, bool, error) {
	name := findingName(f)
	dir := filepath.Join(d.dir, findingsDir)
	added, err := writeNew(d.root, dir, name, data)
	if err != nil {
		return "", false, fmt.Errorf("save finding: %w", err)
	}
	return filepath.Join(dir, name), added, nil
}

// FindingFiles lists the paths of the stored findings.
func (d *CorpusDir) FindingFiles() ([]string, error) {
	dir := filepath.Join(d.dir, findingsDir)
	names, err := listJSON(dir)
	if err != nil {
		return nil, err
	}
	for i, n := range names {
		names[i] = filepath.Join(dir, n)
	}
	return names, nil
}

// CopyFinding stores the finding file at path (from another corpus
// directory) under the same name unless one exists. A file that is not a
// valid report (DecodeReport) is refused, so a merge does not spread it.
func (d *CorpusDir) CopyFinding(path string) (bool, error) {
	data, err := readRegular(path, maxInputBytes)
	if err != nil {
		return false, err
	}
	if _, err := DecodeReport(data); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return writeNew(d.root, filepath.Join(d.dir, findingsDir), filepath.Base(path), data)
}
