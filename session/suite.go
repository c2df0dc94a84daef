package session

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// A Suite is an invariant suite compiled alone, as when its file is
// named, or why it cannot be fuzzed.
type Suite struct {
	Path   string
	Builds []*solc.Build
	// Contracts are its test contracts to start from, in order.
	Contracts []string
	// Err says why the suite is not fuzzed ("does not compile", no test
	// contract with a setUp()); "" when it is.
	Err string
}

// CompileSuites compiles each of paths alone with overlay (open buffers;
// nil on the command line). A suite that does not compile is kept with
// the reason and its builds, whose errors the caller shows; err is the
// compiler's own failure.
func CompileSuites(ctx context.Context, tc *solc.Toolchain, proj *solc.Project, paths []string, overlay solc.Overlay) ([]Suite, error) {
	var out []Suite
	for _, p := range paths {
		bs, err := tc.Compile(ctx, proj, solc.Request{Files: []string{p}, Overlay: overlay, Mode: solc.Full})
		if err != nil {
			return nil, err
		}
		s := Suite{Path: p, Builds: bs}
		for _, b := range bs {
			if b.HasErrors() {
				s.Err = "does not compile"
			}
		}
		if s.Err == "" {
			s.Contracts = SuiteContracts(bs, p)
		}
		if s.Err == "" && len(s.Contracts) == 0 {
			s.Err = "no deployable test contract with a setUp()"
		}
		out = append(out, s)
	}
	return out, nil
}

// FromBuilds makes the suites of paths from a compile that holds them
// among other files (the editor's full compile): each suite's builds are
// those that hold it, with it as their only requested file, so that it
// is fuzzed as when compiled alone. A suite no good build holds does not
// compile.
func FromBuilds(builds []*solc.Build, paths []string) []Suite {
	var out []Suite
	for _, p := range paths {
		s := Suite{Path: p}
		for _, b := range builds {
			for _, unit := range b.Roots {
				if u := b.Units[unit]; u != nil && u.Path == p {
					nb := *b
					nb.Roots = []string{unit}
					s.Builds = append(s.Builds, &nb)
				}
			}
		}
		switch {
		case len(s.Builds) == 0:
			s.Err = "does not compile"
		default:
			if s.Contracts = SuiteContracts(s.Builds, p); len(s.Contracts) == 0 {
				s.Err = "no deployable test contract with a setUp()"
			}
		}
		out = append(out, s)
	}
	return out
}

// SuiteContracts lists the deployable contracts of file with a setUp():
// those with invariant functions, by name, or, when none has any (a suite
// of target selectors only), all of them.
func SuiteContracts(builds []*solc.Build, file string) []string {
	var inv, all []string
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			if u := b.Units[unit]; u == nil || u.Path != file {
				continue
			}
			for name, c := range b.Output.Contracts[unit] {
				var abi []struct {
					Type, Name string
					Inputs     []json.RawMessage
				}
				if c.EVM.Bytecode.Object == "" || json.Unmarshal(c.ABI, &abi) != nil {
					continue
				}
				setUp, invariant := false, false
				for _, m := range abi {
					setUp = setUp || m.Type == "function" && m.Name == "setUp" && len(m.Inputs) == 0
					invariant = invariant || m.Type == "function" && strings.HasPrefix(m.Name, "invariant") && len(m.Inputs) == 0
				}
				if setUp {
					all = append(all, name)
				}
				if setUp && invariant {
					inv = append(inv, name)
				}
			}
		}
	}
	if len(inv) > 0 {
		all = inv
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// Texts are the texts of paths (suites still to be compiled) by unit
// name, as a compile's roots would have them: overlay's (open buffers)
// over the disk's; for solc.BuildsFuzzConfig.
func Texts(proj *solc.Project, paths []string, overlay solc.Overlay) []solc.SourceText {
	var out []solc.SourceText
	for _, p := range paths {
		out = append(out, solc.SourceText{Path: proj.UnitName(p), Text: textOf(p, overlay)})
	}
	return out
}

// Count is the number of suite campaigns suites run.
func Count(suites []Suite) int {
	n := 0
	for _, s := range suites {
		n += len(s.Contracts)
	}
	return n
}
