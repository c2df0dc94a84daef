package solc

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"
)

// TestFullCompileOmitsDependencyLibraryAST: a full compile of a Foundry
// project's file that imports forge-std's console asks for no AST of
// console.sol (a dependency's library-only file), and what Build.Functions
// and Build.Contracts say of every unit, console.sol included, is what
// they say when every AST is asked for; console.sol's outline has the
// literals its AST has.
func TestFullCompileOmitsDependencyLibraryAST(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "testdata", "astomit"))
	if err != nil {
		t.Fatal(err)
	}
	const console = "lib/forge-std/src/console.sol"
	tc := testToolchain(t)
	b := compileFile(t, tc, filepath.Join(root, "src", "Vault.sol"), nil)
	if b.HasErrors() {
		t.Fatalf("compile: %+v", b.Diagnostics)
	}
	for name, src := range b.Output.Sources {
		if omitted := len(src.AST) == 0; omitted != (name == console) {
			t.Errorf("%s: AST omitted %v, want %v", name, omitted, name == console)
		}
	}
	if len(b.Outlines) != 1 || b.Outlines[console] == nil {
		t.Fatalf("outlines %v, want %s's only", b.Outlines, console)
	}
	if len(b.Output.Contracts[console]["console"].EVM.DeployedBytecode.Object) == 0 {
		t.Errorf("console.sol's library compiled to no code")
	}

	// The same input with every AST, straight to the compiler.
	_, refused := outsideImports(b.Units, root)
	raw, err := json.Marshal(b.Project.input(b.Units, refused, Full, b.Settings, nil))
	if err != nil {
		t.Fatal(err)
	}
	data, err := b.Compiler.CompileJSON(context.Background(), raw)
	if err != nil {
		t.Fatal(err)
	}
	full := &Build{Compiler: b.Compiler, Project: b.Project, Units: b.Units, Roots: b.Roots, Output: &Output{}}
	if err := json.Unmarshal(data, full.Output); err != nil {
		t.Fatal(err)
	}
	for name := range b.Units {
		if len(full.Output.Sources[name].AST) == 0 {
			t.Fatalf("%s: no AST with every AST asked for", name)
		}
		if got, want := b.Functions(name), full.Functions(name); !reflect.DeepEqual(got, want) || len(want) == 0 {
			t.Errorf("%s: Functions\n%+v\nwant\n%+v", name, got, want)
		}
		if got, want := b.Contracts(name), full.Contracts(name); !reflect.DeepEqual(got, want) || len(want) == 0 {
			t.Errorf("%s: Contracts\n%+v\nwant\n%+v", name, got, want)
		}
	}
	if msg := compareOutline(b.Units[console].Content, full.Output.Sources[console].AST); msg != "" {
		t.Errorf("console.sol's outline: %s", msg)
	}
	if o := b.Outlines[console]; len(o.Numbers) != 18 || len(o.Strings) != 7 {
		t.Errorf("console.sol's outline has %d numbers and %d strings, want 18 and 7 (the fixture's literals)", len(o.Numbers), len(o.Strings))
	}
	if astOmitted(b.Project, b.Compiler, b.Units, b.Roots, Diagnostics) != nil {
		t.Errorf("a diagnostics compile omits ASTs: it asks for none")
	}
}
