package session

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/internal/gitrepo"
	"github.com/foresight-sol/foresight/solc"
)

// This file finds the lines `foresight mutants --base REV` mutates: git
// diff REV, run under the command's context, read into the changed
// lines of each Solidity file outside test, script and dependency code.

// changedSince maps each .sol file under paths (absolute) outside test,
// script and dependency code to the lines git diff REV says changed in
// the working tree (added or modified lines; a deletion changes none),
// and resolves REV.
func changedSince(ctx context.Context, paths []string, rev string) (map[string]mutant.Lines, string, error) {
	top, err := gitrepo.Top(ctx, paths[0])
	if err != nil {
		return nil, "", err
	}
	commit, err := gitrepo.Commit(ctx, top, rev)
	if err != nil {
		return nil, "", err
	}
	args := []string{"-c", "core.quotePath=false", "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames",
		"--src-prefix=a/", "--dst-prefix=b/", commit, "--"}
	for _, p := range paths {
		rel, err := filepath.Rel(top, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, "", fmt.Errorf("%s: outside the git work tree %s", p, top)
		}
		args = append(args, filepath.ToSlash(rel))
	}
	out, err := gitrepo.Run(ctx, top, args...)
	if err != nil {
		return nil, "", err
	}
	changed := map[string]mutant.Lines{}
	projects := map[string]*solc.Project{}
	for rel, ls := range parseDiff(out) {
		path := filepath.Join(top, filepath.FromSlash(rel))
		if filepath.Ext(path) != ".sol" || len(ls) == 0 {
			continue
		}
		root := solc.FindRoot(path)
		if projects[root] == nil {
			if projects[root], err = solc.LoadProject(root); err != nil {
				return nil, "", err
			}
		}
		if proj := projects[root]; !proj.IsTestOrScript(path) && !proj.InDependency(path) {
			changed[path] = ls
		}
	}
	return changed, commit, nil
}

// parseDiff reads a unified diff with no context (git diff -U0) into the
// new side's changed lines per file (relative to the repository).
func parseDiff(diff []byte) map[string]mutant.Lines {
	out := map[string]mutant.Lines{}
	file := ""
	sc := bufio.NewScanner(bytes.NewReader(diff))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "diff --git "):
			file = ""
		case strings.HasPrefix(line, "+++ "):
			file = ""
			if name, ok := strings.CutPrefix(strings.TrimSuffix(line[4:], "\t"), "b/"); ok {
				file = name
			}
		case strings.HasPrefix(line, "@@ ") && file != "":
			if r, ok := hunkLines(line); ok {
				out[file] = append(out[file], r)
			}
		}
	}
	return out
}

// hunkLines is the new side's lines of a hunk header "@@ -a,b +c,d @@":
// c to c+d-1, none when d is 0 (a deletion); a header git would not
// write (lines before the first, a negative count, past the largest
// int) gives none either.
func hunkLines(header string) (mutant.Range, bool) {
	f := strings.Fields(header)
	if len(f) < 3 || !strings.HasPrefix(f[2], "+") {
		return mutant.Range{}, false
	}
	start, count, ok := strings.Cut(f[2][1:], ",")
	c, err := strconv.Atoi(start)
	if err != nil {
		return mutant.Range{}, false
	}
	d := 1
	if ok {
		if d, err = strconv.Atoi(count); err != nil {
			return mutant.Range{}, false
		}
	}
	if c < 1 || d < 1 || d-1 > math.MaxInt-c {
		return mutant.Range{}, false
	}
	return mutant.Range{From: c, To: c + d - 1}, true
}
