package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/solc"
)

// This file is `foresight mutants` from the paths named to a result per
// project: the lines to mutate (every line of the files named, or with
// a base revision the lines git says changed since, mutantsgit.go),
// grouped by the project each file is in, and each project's mutants
// (Mutants) in the order of their roots. The command keeps its flags, its
// log lines (MutantOptions.OnStart) and its writers.

// MutantsRequest is what `foresight mutants` names.
type MutantsRequest struct {
	// Paths are the files and folders named (relative to the working
	// folder or absolute); a folder stands for its Solidity files outside
	// test, script and dependency code.
	Paths []string
	// Base, when set, is the git revision whose diff to the working tree
	// gives the lines to mutate; empty: every line of the files.
	Base    string
	Options MutantOptions
}

// MutantsResult is what RunMutants did.
type MutantsResult struct {
	// Commit is Base resolved, when the request named one.
	Commit string
	// Paths are the request's paths, absolute with symbolic links
	// resolved.
	Paths []string
	// ChangedLines counts the lines mutated, over every file.
	ChangedLines int
	// Projects are the runs of each project, by root.
	Projects []ProjectMutants
	// Broken holds the builds with errors when a project's code does not
	// compile (ErrMutantsBroken).
	Broken []*solc.Build
}

// ProjectMutants is one project's run.
type ProjectMutants struct {
	Root string
	Run  *MutantRun
	Took time.Duration
}

// Results are every project's verdicts, in order.
func (r *MutantsResult) Results() []mutant.Result {
	var out []mutant.Result
	for _, p := range r.Projects {
		out = append(out, p.Run.Results...)
	}
	return out
}

// RunMutants selects the lines of a `foresight mutants` request and runs
// the mutants of each project they are in.
func RunMutants(ctx context.Context, tc *solc.Toolchain, req MutantsRequest) (*MutantsResult, error) {
	abs, err := AbsPaths(req.Paths)
	if err != nil {
		return nil, err
	}
	res := &MutantsResult{Paths: abs}
	var changed map[string]mutant.Lines
	if req.Base != "" {
		changed, res.Commit, err = changedSince(ctx, abs, req.Base)
	} else {
		changed, err = everyLine(abs)
	}
	if err != nil {
		return nil, err
	}
	byRoot := map[string][]string{}
	for path, ls := range changed {
		root := solc.FindRoot(path)
		byRoot[root] = append(byRoot[root], path)
		res.ChangedLines += lineCount(path, ls)
	}
	for _, root := range slices.Sorted(maps.Keys(byRoot)) {
		proj, err := solc.LoadProject(root)
		if err != nil {
			return nil, err
		}
		files := byRoot[root]
		slices.Sort(files)
		began := time.Now()
		run, err := Mutants(ctx, tc, proj, files, changed, req.Options)
		if errors.Is(err, ErrMutantsBroken) {
			res.Broken = run.Broken
		}
		if err != nil {
			return res, err
		}
		res.Projects = append(res.Projects, ProjectMutants{Root: root, Run: run, Took: time.Since(began)})
	}
	return res, nil
}

// AbsPaths makes paths absolute with symbolic links resolved, as every
// path a command names is compared with the project's.
func AbsPaths(paths []string) ([]string, error) {
	out := make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if a, err = filepath.EvalSymlinks(a); err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// everyLine maps each .sol file named, or found under a folder named
// outside test, script and dependency code, to all its lines.
func everyLine(paths []string) (map[string]mutant.Lines, error) {
	out := map[string]mutant.Lines{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if filepath.Ext(p) != ".sol" {
				return nil, fmt.Errorf("%s: not a Solidity file (want a .sol file or a directory)", p)
			}
			out[p] = mutant.All
			continue
		}
		files, err := solc.SolidityFiles(p)
		if err != nil {
			return nil, err
		}
		projects := map[string]*solc.Project{}
		for _, f := range files {
			root := solc.FindRootIn(f, p)
			if projects[root] == nil {
				if projects[root], err = solc.LoadProject(root); err != nil {
					return nil, err
				}
			}
			if proj := projects[root]; !proj.IsTestOrScript(f) && !proj.InDependency(f) {
				out[f] = mutant.All
			}
		}
	}
	return out, nil
}

// lineCount is how many lines of path ls holds (all of them: nil).
func lineCount(path string, ls mutant.Lines) int {
	if ls == nil {
		data, err := os.ReadFile(path)
		if err != nil {
			return 0
		}
		return bytes.Count(data, []byte{'\n'})
	}
	n := 0
	for _, r := range ls {
		n += r.To - r.From + 1
	}
	return n
}
