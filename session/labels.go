package session

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs labelled contracts for `foresight fuzz --labels`, which
// scores the oracles against them: each file is fuzzed on its own, and
// its findings are compared with the //@finding(KIND) comments on the
// lines where they must be reported.

var labelRE = regexp.MustCompile(`//\s*@finding\(\s*([^)\s]+)\s*\)`)

// A Label is one expected (or found) finding: kind at a one-based line
// (0: found in another file).
type Label struct {
	Kind string
	Line int
}

// ParseLabels reads the //@finding(KIND) comments of a source.
func ParseLabels(src []byte) []Label {
	var out []Label
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range labelRE.FindAllStringSubmatch(line, -1) {
			out = append(out, Label{Kind: m[1], Line: i + 1})
		}
	}
	return out
}

// ErrLabelledBroken says a labelled file does not compile.
var ErrLabelledBroken = errors.New("does not compile")

// A LabelledFile is what one labelled file's campaign found and what
// its labels expect (Err: why it did not run).
type LabelledFile struct {
	Path     string
	Found    []Label
	Expected []Label
	Err      error
}

// LabelFiles lists the Solidity files of paths (files, or directories
// searched), sorted.
func LabelFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		fs, err := solc.SolidityFiles(p)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	sort.Strings(files)
	return files, nil
}

// RunLabelled fuzzes each of files alone with opts, parallel at a time,
// and returns, in files' order, what each found beside its labels.
func RunLabelled(ctx context.Context, tc *solc.Toolchain, files []string, opts engine.Options, parallel int) []LabelledFile {
	results := make([]LabelledFile, len(files))
	sem := make(chan struct{}, max(parallel, 1))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[i] = runLabelled(ctx, tc, f, opts)
		}()
	}
	wg.Wait()
	return results
}

// runLabelled fuzzes one labelled file.
func runLabelled(ctx context.Context, tc *solc.Toolchain, path string, opts engine.Options) LabelledFile {
	r := LabelledFile{Path: path}
	src, err := os.ReadFile(path)
	if err != nil {
		r.Err = err
		return r
	}
	r.Expected = ParseLabels(src)
	abs, err := filepath.Abs(path)
	if err != nil {
		r.Err = err
		return r
	}
	sel, err := CompileNamed(ctx, tc, []string{abs}, false)
	if err != nil {
		r.Err = err
		return r
	}
	for _, b := range sel.Builds {
		if b.HasErrors() {
			r.Err = ErrLabelledBroken
			return r
		}
	}
	rep, err := engine.Fuzz(ctx, sel.Builds, opts)
	if err != nil {
		r.Err = err
		return r
	}
	for _, f := range rep.Findings {
		if f.Path == abs {
			r.Found = append(r.Found, Label{Kind: f.Kind, Line: f.Line})
		} else {
			r.Found = append(r.Found, Label{Kind: f.Kind, Line: 0})
		}
	}
	return r
}
