package engine

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// consoleUnit is forge-std's console in testdata/astomit: a dependency's
// library-only file, whose AST a full compile does not ask for.
const consoleUnit = "lib/forge-std/src/console.sol"

// TestSetUpCampaignWithoutDependencyAST: in a Foundry project whose vault
// logs through forge-std's console, the suite's full compile has no AST
// for console.sol, and the engine reads the same program from it (kinds,
// literals, functions, locations, foreign code, the AST tables) and runs
// the same set-up campaign, finding for finding and line for line, as from
// the same compile with every AST.
func TestSetUpCampaignWithoutDependencyAST(t *testing.T) {
	dir := filepath.Join("..", "testdata", "astomit")
	_, bs := testbuild.FoundryProject(t, dir, "test/VaultInvariant.t.sol")
	if len(bs) != 1 {
		t.Fatalf("%d builds, want 1", len(bs))
	}
	if _, ok := bs[0].Outline(consoleUnit); !ok {
		t.Fatalf("%s compiled with its AST: nothing omitted to test", consoleUnit)
	}
	full := withEveryAST(t, bs[0])

	without, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	with, err := program.New([]*solc.Build{full})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := programFacts(without), programFacts(with); !reflect.DeepEqual(a, b) {
		t.Errorf("program without console.sol's AST differs from the one with it:\n%s\nwant\n%s", mustJSON(a), mustJSON(b))
	}

	run := func(b *solc.Build) *Report {
		rep, err := Fuzz(context.Background(), []*solc.Build{b}, Options{Settings: Settings{Seed: 9, Execs: 5_000}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range rep.Findings {
			rep.Findings[i].Elapsed = 0
		}
		return rep
	}
	got, want := run(bs[0]), run(full)
	if a, b := mustJSON(got.Findings), mustJSON(want.Findings); a != b {
		t.Errorf("findings without the AST\n%s\nwith it\n%s", a, b)
	}
	if !reflect.DeepEqual(got.Coverage, want.Coverage) || !reflect.DeepEqual(got.Scope, want.Scope) {
		t.Errorf("coverage without the AST %+v %+v, with it %+v %+v", got.Coverage, got.Scope, want.Coverage, want.Scope)
	}
	// The planted bug, from the set-up. (What else each run finds is the
	// comparison above's to judge.)
	if rep, w := found(got), expected(t, filepath.Join(dir, "src", "Vault.sol")); !slices.Contains(rep, w[0]) || got.SetUp != "VaultInvariantTest" {
		t.Errorf("findings %v from %q, want %v among them, from VaultInvariantTest", rep, got.SetUp, w)
	}
	if a, b := mustJSON(got.Guards), mustJSON(want.Guards); a != b {
		t.Errorf("guards without the AST\n%s\nwith it\n%s", a, b)
	}
	if a, b := mustJSON(got.FunctionStats), mustJSON(want.FunctionStats); a != b {
		t.Errorf("function stats without the AST\n%s\nwith it\n%s", a, b)
	}
}

// withEveryAST compiles b's input again with every AST asked for (as
// before solc omitted any), to the same code: b's compile less its
// outlines.
func withEveryAST(t *testing.T, b *solc.Build) *solc.Build {
	t.Helper()
	in := solc.Input{Language: "Solidity", Sources: map[string]solc.InputSource{}}
	for name, u := range b.Units {
		in.Sources[name] = solc.InputSource{Content: string(u.Content)}
	}
	for _, r := range b.Project.Remappings {
		in.Settings.Remappings = append(in.Settings.Remappings, r.String())
	}
	in.Settings.Optimizer = &solc.OptimizerSettings{Enabled: b.Settings.Optimizer, Runs: b.Settings.OptimizerRuns}
	in.Settings.ViaIR, in.Settings.EVMVersion = b.Settings.ViaIR, b.Settings.EVMVersion
	in.Settings.OutputSelection = map[string]map[string][]string{"*": {
		"": {"ast"},
		"*": {"abi", "evm.bytecode.object", "evm.bytecode.sourceMap", "evm.bytecode.linkReferences",
			"evm.deployedBytecode.object", "evm.deployedBytecode.sourceMap", "evm.deployedBytecode.linkReferences",
			"evm.deployedBytecode.immutableReferences", "storageLayout"},
	}}
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	data, err := b.Compiler.CompileJSON(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	full := *b
	full.Outlines, full.Output = nil, &solc.Output{}
	if err := json.Unmarshal(data, full.Output); err != nil {
		t.Fatal(err)
	}
	for name := range b.Units {
		if len(full.Output.Sources[name].AST) == 0 || full.Output.Sources[name].ID != b.Output.Sources[name].ID {
			t.Fatalf("%s: no AST, or another source id, in the compile with every AST", name)
		}
	}
	if !reflect.DeepEqual(full.Output.Contracts, b.Output.Contracts) {
		t.Fatalf("the compile with every AST gave other code: not the same input")
	}
	return &full
}

// programFacts is what the engine reads from a program's ASTs, per
// contract.
func programFacts(p *program.Program) []map[string]any {
	var out []map[string]any
	for _, c := range p.Contracts {
		loc, located := c.Location()
		foreign, hasForeign := c.Foreign()
		out = append(out, map[string]any{
			"name": c.Name, "kind": c.Kind, "target": c.Target, "root": c.Root, "inherited": c.Inherited, "test": c.FoundryTest,
			"literals": c.Literals(), "strings": c.StringLiterals(), "functions": c.Functions(),
			"location": loc, "located": located, "foreign": foreign, "hasForeign": hasForeign,
			"asserts": c.AssertRanges(), "unchecked": c.UncheckedSites(), "arith": c.ArithSites(), "invalid": c.InvalidSites(),
			"factory": c.FactoryCalled(),
		})
	}
	return out
}

func mustJSON(v any) string {
	data, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err.Error()
	}
	return string(data)
}
