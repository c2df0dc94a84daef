package main

import (
	"os"
	"path/filepath"
	"slices"
)

// sarifRoot is the folder SARIF names the files of a run over paths
// relative to (%SRCROOT%): the top level of the git repository holding
// them, since code scanning resolves relative URIs from the repository's
// root, so a Foundry project in contracts/ is `contracts/src/X.sol`
// wherever Foresight ran; else the working directory when it holds them;
// else the report's project root (reportRoot). "" when none holds every
// path: then URIs stay absolute.
func sarifRoot(paths []string) string {
	root := reportRoot(paths)
	if root == "" {
		return ""
	}
	var cands []string
	if top, ok := gitTopLevel(root); ok {
		cands = append(cands, top)
	}
	if wd, err := os.Getwd(); err == nil {
		cands = append(cands, wd)
	}
	for _, c := range cands {
		if relTo(c, root) != "" {
			return c
		}
	}
	return root
}

// gitTopLevel is the nearest folder at or above dir holding .git (a
// folder, or the file of a worktree or submodule), as `git rev-parse
// --show-toplevel` finds it without running git: the walk stops below
// GIT_CEILING_DIRECTORIES, as git's does, so a checkout can fence off
// the repositories above it.
func gitTopLevel(dir string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	ceilings := filepath.SplitList(os.Getenv("GIT_CEILING_DIRECTORIES"))
	for i, c := range ceilings {
		ceilings[i] = filepath.Clean(c)
	}
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir || slices.Contains(ceilings, parent) {
			return "", false
		}
		dir = parent
	}
}
