package engine

import (
	"slices"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// Scope says how much of what was asked for a campaign fuzzed, and how
// much of its code ran (docs/coverage.md defines each number).
type Scope struct {
	// ContractsTotal and FunctionsTotal count the contracts the campaign
	// was asked to fuzz (the target contracts of the requested files, or
	// of --contract; a Foundry set-up's targets) and their functions;
	// Report.Contracts and Report.Functions count those of them that were
	// deployed and sent transactions.
	ContractsTotal int `json:"contractsTotal"`
	FunctionsTotal int `json:"functionsTotal"`
	// Lines counts the source lines with code of the fuzzed contracts: a
	// line with code is one that some instruction of a fuzzed contract's
	// runtime bytecode maps to through the source map (compiler-generated
	// code and constructors, which run before fuzzing starts, have none);
	// LinesCovered those of them some executed instruction maps to.
	Lines        int `json:"lines"`
	LinesCovered int `json:"linesCovered"`
}

// LinePercent is LinesCovered as a percentage of Lines (0 with no lines).
func (s Scope) LinePercent() float64 {
	if s.Lines == 0 {
		return 0
	}
	return 100 * float64(s.LinesCovered) / float64(s.Lines)
}

// scopeOf counts a plain campaign's scope: the targets of the requested
// files (restricted to names), which of them deployed, their functions
// that completed at least once (one that only reverted was not fuzzed),
// and the source lines of those that did.
func scopeOf(p *program.Program, names []string, d *deploy.Deployment, cov [][]bool, funcs []fuzz.FuncStat) (s Scope, contracts, functions int) {
	var fuzzed []int
	for i, c := range p.Contracts {
		if !c.Target || (len(names) > 0 && !slices.Contains(names, c.Name)) {
			continue
		}
		s.ContractsTotal++
		s.FunctionsTotal += len(c.Methods)
		if d != nil && i < len(d.Errors) && d.Errors[i] == nil {
			contracts++
			functions += completedFunctions(funcs, i)
			fuzzed = append(fuzzed, i)
		}
	}
	s.Lines, s.LinesCovered = countLines(p, fuzzed, cov)
	return s, contracts, functions
}

// countLines counts the distinct (file, line) pairs with code of the given
// contracts' runtime code, and those whose code ran.
func countLines(p *program.Program, contracts []int, cov [][]bool) (lines, covered int) {
	type line struct {
		path string
		n    int
	}
	ran := map[line]bool{}
	userLines(p, contracts, func(ci, pc int, path string, n int) {
		k := line{path, n}
		hit := ci < len(cov) && pc < len(cov[ci]) && cov[ci][pc]
		ran[k] = ran[k] || hit
	})
	for _, hit := range ran {
		lines++
		if hit {
			covered++
		}
	}
	return lines, covered
}

// userLines calls fn for every user instruction of the given contracts'
// runtime code with the zero-based source line it maps to.
func userLines(p *program.Program, contracts []int, fn func(ci, pc int, path string, line int)) {
	mappers := map[string]*position.Mapper{}
	for _, ci := range contracts {
		c := p.Contracts[ci]
		for pc, user := range c.UserPC {
			if !user {
				continue
			}
			loc, ok := c.Locate(uint64(pc), false)
			if !ok {
				continue
			}
			m := mappers[loc.Path]
			if m == nil {
				u := c.Build.Units[loc.Unit]
				if u == nil {
					continue
				}
				m = position.NewMapper(u.Content)
				mappers[loc.Path] = m
			}
			if n, _, err := m.LineCol(loc.Start); err == nil {
				fn(ci, pc, loc.Path, n)
			}
		}
	}
}

// creationLines calls fn with each user line of c's creation code and
// whether ran (indexed by pc) ran an instruction of it.
func creationLines(c *program.Contract, ran []bool, fn func(path string, line int, ran bool)) {
	mappers := map[string]*position.Mapper{}
	for pc := range c.Artifact.Creation.Bytes {
		loc, ok := c.Locate(uint64(pc), true)
		if !ok {
			continue
		}
		m := mappers[loc.Path]
		if m == nil {
			u := c.Build.Units[loc.Unit]
			if u == nil {
				continue
			}
			m = position.NewMapper(u.Content)
			mappers[loc.Path] = m
		}
		if n, _, err := m.LineCol(loc.Start); err == nil {
			fn(loc.Path, n, pc < len(ran) && ran[pc])
		}
	}
}

// setUpScope is a Foundry set-up campaign's scope: what its target
// choices named is what it was asked to fuzz.
func setUpScope(p *program.Program, res *fuzz.Result) Scope {
	s := Scope{ContractsTotal: res.Contracts, FunctionsTotal: res.Functions}
	s.Lines, s.LinesCovered = countLines(p, setUpFuzzed(p, res), res.Coverage)
	return s
}

// setUpFuzzed are the contracts a set-up campaign sent transactions to.
func setUpFuzzed(p *program.Program, res *fuzz.Result) []int {
	var fuzzed []int
	for i, e := range res.Deployment.Errors {
		if e == nil && i < len(p.Contracts) && !p.Contracts[i].FoundryTest {
			fuzzed = append(fuzzed, i)
		}
	}
	return fuzzed
}

// coveredContracts are the contracts whose lines a campaign's coverage
// shows: the targets, or, for a set-up campaign, what it fuzzed and every
// other contract setUp() created but the test's own (a handler's target
// runs through the handler).
func coveredContracts(p *program.Program, res *fuzz.Result, setUp bool) []int {
	var out []int
	if setUp {
		fuzzed := setUpFuzzed(p, res)
		for ci, c := range p.Contracts {
			created := ci < len(res.Creation) && res.Creation[ci] != nil
			if slices.Contains(fuzzed, ci) || (created && !c.FoundryTest) {
				out = append(out, ci)
			}
		}
		return out
	}
	for ci, c := range p.Contracts {
		if c.Target {
			out = append(out, ci)
		}
	}
	return out
}
