package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rangeErrorSource makes solc-js 0.8.37 throw a RangeError (its parser
// recurses once per term and exhausts node's stack).
func rangeErrorSource() string {
	terms := strings.TrimSuffix(strings.Repeat("a + ", 20000), " + ")
	return "pragma solidity ^0.8.0;\ncontract Deep {\n    function f(uint a) public pure returns (uint) { return " + terms + "; }\n}\n"
}

const goodSource = "pragma solidity ^0.8.0;\ncontract Good {\n    function g() public pure returns (uint) { return 1; }\n}\n"

// TestRangeErrorDoesNotPoisonWorker: a source that makes the compiler throw
// fails with the compiler's error, and the next compile on the same worker
// works (the thrown-out instance used to answer every later compile with
// "Uncaught exception ... CompilerStack.cpp(112)").
func TestRangeErrorDoesNotPoisonWorker(t *testing.T) {
	tc := testToolchain(t)
	comp, err := tc.Select(context.Background(), []Constraint{mustConstraint("0.8.37")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	in := func(src string) *Input {
		return &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: src}}, Settings: InputSettings{OutputSelection: outputSelection(Full)}}
	}
	_, err = Compile(context.Background(), comp, in(rangeErrorSource()))
	if !errors.Is(err, ErrCompilerFailed) || !strings.Contains(err.Error(), "RangeError") {
		t.Fatalf("deep expression: err = %v, want the compiler's RangeError", err)
	}
	for i := range 2 {
		out, err := Compile(context.Background(), comp, in(goodSource))
		if err != nil {
			t.Fatalf("compile %d after the RangeError: %v", i+1, err)
		}
		for _, e := range out.Errors {
			if e.Severity == "error" {
				t.Fatalf("compile %d after the RangeError: %s", i+1, e.Message)
			}
		}
		if out.Contracts["a.sol"]["Good"].EVM.Bytecode.Object == "" {
			t.Fatalf("compile %d after the RangeError: no bytecode", i+1)
		}
	}
}

// TestCrashingFileSparesItsSiblings: one request with a file that makes
// the compiler throw and two good ones. The bad file gets one diagnostic
// with the compiler's error, the good ones compile (and would be fuzzed).
func TestCrashingFileSparesItsSiblings(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"Deep.sol": rangeErrorSource(), "Good.sol": goodSource,
		"Other.sol": strings.ReplaceAll(goodSource, "Good", "Other")}
	var paths []string
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	p, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := testToolchain(t).Compile(context.Background(), p, Request{Files: paths, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	compiled := map[string]bool{}
	var deepDiags []Diagnostic
	for _, b := range bs {
		for _, d := range b.Diagnostics {
			if d.Severity == SeverityError {
				if d.Unit != "Deep.sol" {
					t.Errorf("error on %s: %s", d.Unit, d.Message)
				}
				deepDiags = append(deepDiags, d)
			}
		}
		if b.HasErrors() {
			continue
		}
		for _, r := range b.Roots {
			compiled[r] = true
		}
	}
	if !compiled["Good.sol"] || !compiled["Other.sol"] || compiled["Deep.sol"] {
		t.Errorf("compiled roots %v, want Good.sol and Other.sol", compiled)
	}
	if len(deepDiags) != 1 || !strings.Contains(deepDiags[0].Message, "RangeError") {
		t.Errorf("Deep.sol diagnostics %+v, want one naming the RangeError", deepDiags)
	}
}
