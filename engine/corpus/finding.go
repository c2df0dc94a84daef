package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/engine/safefile"
)

// FindingKey identifies a finding across processes and machines: its kind
// and where it fails (source unit and byte range, or contract and PC when
// no source is known), and the property or invariant it violates.
func FindingKey(f report.Finding) string {
	loc := f.Contract + "@" + strconv.FormatUint(f.PC, 10)
	if f.Unit != "" {
		loc = fmt.Sprintf("%s:%d-%d", f.Unit, f.Start, f.End)
	}
	return f.Kind + "|" + loc + "|" + f.Check
}

// findingName is the file name of a finding in a corpus directory.
func findingName(f report.Finding) string {
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
func (d *Dir) AddFinding(f report.Finding, data []byte) (string, bool, error) {
	name := findingName(f)
	dir := filepath.Join(d.dir, findingsDir)
	added, err := safefile.WriteNew(d.root, dir, name, data)
	if err != nil {
		return "", false, fmt.Errorf("save finding: %w", err)
	}
	return filepath.Join(dir, name), added, nil
}

// FindingFiles lists the paths of the stored findings.
func (d *Dir) FindingFiles() ([]string, error) {
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
// valid report (report.Decode) is refused, so a merge does not spread it.
func (d *Dir) CopyFinding(path string) (bool, error) {
	data, err := safefile.Read(path, maxInputBytes)
	if err != nil {
		return false, err
	}
	if _, err := report.Decode(data); err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	return safefile.WriteNew(d.root, filepath.Join(d.dir, findingsDir), filepath.Base(path), data)
}
