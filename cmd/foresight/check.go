package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// compilePaths compiles files and directories, grouping them by project.
func compilePaths(ctx context.Context, tc *solc.Toolchain, paths []string) ([]*solc.Build, error) {
	byRoot := map[string][]string{}
	var roots []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		files := []string{p}
		if st.IsDir() {
			files, err = solc.SolidityFiles(p)
			if err != nil {
				return nil, err
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no .sol files", p)
			}
		}
		for _, f := range files {
			abs, err := filepath.Abs(f)
			if err != nil {
				return nil, err
			}
			root := solc.FindRoot(abs)
			if _, ok := byRoot[root]; !ok {
				roots = append(roots, root)
			}
			byRoot[root] = append(byRoot[root], abs)
		}
	}
	var out []*solc.Build
	for _, root := range roots {
		proj, err := solc.LoadProject(root)
		if err != nil {
			return nil, err
		}
		bs, err := tc.Compile(ctx, proj, solc.Request{Files: byRoot[root], Mode: solc.Full})
		if err != nil {
			return nil, err
		}
		out = append(out, bs...)
	}
	return out, nil
}

// printDiagnostics prints diagnostics as "file:line:col: severity: message
// [code]", errors first, then by position.
func printDiagnostics(w io.Writer, b *solc.Build) {
	ds := append([]solc.Diagnostic(nil), b.Diagnostics...)
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Severity != ds[j].Severity {
			return ds[i].Severity < ds[j].Severity
		}
		if ds[i].Path != ds[j].Path {
			return ds[i].Path < ds[j].Path
		}
		return ds[i].Start < ds[j].Start
	})
	for _, d := range ds {
		code := ""
		if d.Code != "" {
			code = " [" + d.Code + "]"
		}
		fmt.Fprintf(w, "%s: %s: %s%s\n", location(b, d.Unit, d.Path, d.Start), d.Severity, d.Message, code)
		for _, r := range d.Related {
			fmt.Fprintf(w, "%s: note: %s\n", location(b, r.Unit, r.Path, r.Start), r.Message)
		}
	}
}

// location formats "file:line:col" with one-based line and column.
func location(b *solc.Build, unit, path string, start int) string {
	name := displayPath(path, unit)
	u := b.Units[unit]
	if u == nil || start < 0 {
		return name
	}
	line, col, err := position.NewMapper(u.Content).LineCol(start)
	if err != nil {
		return name
	}
	return fmt.Sprintf("%s:%d:%d", name, line+1, col+1)
}

func displayPath(path, unit string) string {
	if path == "" {
		return unit
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil && len(rel) < len(path) {
			return rel
		}
	}
	return path
}
