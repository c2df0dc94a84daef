package program_test

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestASTParsedOncePerBuild: a file of many contracts is one source unit,
// parsed once per build however many contracts read its facts. Parsing
// it per contract made set-up quadratic: 1,000 contracts took 50 s before
// the first execution.
func TestASTParsedOncePerBuild(t *testing.T) {
	const n = 40
	builds := testbuild.ManyContracts(t, n)
	units := 0
	for _, b := range builds {
		units += len(b.Output.Sources)
	}
	parses := 0
	program.SetParseHook(func(string) { parses++ })
	defer program.SetParseHook(nil)
	prog, err := program.New(builds)
	if err != nil {
		t.Fatal(err)
	}
	if len(prog.Contracts) != n {
		t.Fatalf("%d contracts, want %d", len(prog.Contracts), n)
	}
	lits := 0
	for _, c := range prog.Contracts {
		lits += len(c.Literals())
		if _, ok := c.Location(); !ok {
			t.Errorf("%s: no location", c.Name)
		}
		if _, ok := c.Function(c.Methods[0].RawName); !ok {
			t.Errorf("%s: no function %s", c.Name, c.Methods[0].RawName)
		}
		c.Foreign()
		c.AssertRanges()
		c.InvalidSites()
		c.ArithSites()
	}
	if lits != n*n {
		t.Errorf("%d literals over all contracts, want %d (every contract sees its build's %d)", lits, n*n, n)
	}
	if parses != units {
		t.Errorf("%d AST parses for %d contracts in %d source unit(s), want %d", parses, n, units, units)
	}
}
