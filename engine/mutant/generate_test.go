package mutant

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// compileOps compiles testdata/ops/src/Ops.sol (overlay: its text
// replaced) with the embedded compiler.
func compileOps(t *testing.T, tc *solc.Toolchain, overlay []byte) ([]*solc.Build, string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("testdata", "ops"))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "src", "Ops.sol")
	req := solc.Request{Files: []string{file}, Mode: solc.Full}
	if overlay != nil {
		req.Overlay = solc.Overlay{file: overlay}
	}
	bs, err := tc.Compile(context.Background(), proj, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		if b.HasErrors() {
			t.Fatalf("Ops.sol does not compile: %+v", b.Diagnostics)
		}
	}
	return bs, file
}

// TestGenerate: the mutants of every line of Ops.sol, one of each edit
// and the places left alone (an address literal, an array length, a
// base constructor's arguments, named arguments), match ops.golden; each
// applies to the text it was found in.
func TestGenerate(t *testing.T) {
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	bs, file := compileOps(t, tc, nil)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := Generate(bs, map[string]Lines{file: All})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, m := range ms {
		out, err := m.Apply(text)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(out, text) {
			t.Errorf("%s changes nothing", m.ID)
		}
		fmt.Fprintf(&b, "%s %s %q -> %q: %s", m.ID, m.Operator, text[m.Start:m.End], m.Replace, m.Description)
		if m.Function != "" {
			fmt.Fprintf(&b, " [%s]", m.Function)
		}
		b.WriteString("\n")
	}
	checkGolden(t, filepath.Join("testdata", "ops.golden"), b.String())
}

// TestGenerateChangedLines: only the changed lines are mutated, and a
// modifier only when its function's header changed.
func TestGenerateChangedLines(t *testing.T) {
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	bs, file := compileOps(t, tc, nil)
	for _, tt := range []struct {
		lines    Lines
		modifier bool
	}{
		{Lines{{43, 44}}, false},
		{Lines{{34, 34}, {49, 49}}, true},
	} {
		ms, err := Generate(bs, map[string]Lines{file: tt.lines})
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) == 0 {
			t.Errorf("lines %v: no mutants", tt.lines)
		}
		modifier := false
		for _, m := range ms {
			if m.Operator == Modifier {
				modifier = true
				continue
			}
			if !tt.lines.Has(m.Line) {
				t.Errorf("lines %v: mutant %s of line %d", tt.lines, m.ID, m.Line)
			}
		}
		if modifier != tt.modifier {
			t.Errorf("lines %v: modifier removed %v, want %v", tt.lines, modifier, tt.modifier)
		}
	}
	if ms, _ := Generate(bs, map[string]Lines{"/elsewhere/Other.sol": All}); len(ms) != 0 {
		t.Errorf("%d mutants of a file no build holds", len(ms))
	}
}

// checkGolden compares got with the golden file (rewritten with -update).
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
	}
}
