package replay

import (
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
)

// Records pairs each of prog's contracts with its record in setup: the
// index into setup.Contracts, or -1 when none records it. A record is
// one contract's: a project whose files need two compilers compiles a
// file both import (a library) with each, so one name and unit are two
// contracts, deployed at two addresses. The first pass pairs a contract
// with a record of its name, unit and compiler version; the second pairs
// the rest in order, by name and unit (a report that names no compiler,
// or a replay compiled with other compilers than the campaign).
func Records(prog *program.Program, setup report.Setup) []int {
	rec := make([]int, len(prog.Contracts))
	used := make([]bool, len(setup.Contracts))
	pair := func(i int, c *program.Contract, compiler string) {
		for k, d := range setup.Contracts {
			if !used[k] && d.Name == c.Name && d.Unit == c.Artifact.Unit && (compiler == "" || d.Compiler == compiler) {
				rec[i], used[k] = k, true
				return
			}
		}
	}
	for i, c := range prog.Contracts {
		rec[i] = -1
		if v := CompilerOf(c); v != "" {
			pair(i, c, v)
		}
	}
	for i, c := range prog.Contracts {
		if rec[i] < 0 {
			pair(i, c, "")
		}
	}
	return rec
}

// CompilerOf is the version of the compiler that compiled c, as a
// setup records it (report.Deployed.Compiler; "" when unknown): the
// engine records it, and Records matches it.
func CompilerOf(c *program.Contract) string {
	if c.Build == nil || c.Build.Compiler == nil {
		return ""
	}
	return c.Build.Compiler.Version().String()
}
