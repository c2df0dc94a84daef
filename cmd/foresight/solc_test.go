package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestSolcShim answers forge's two calls through solc-js: the version line
// forge parses, and a standard-JSON compile with the path flags forge
// passes, whose output carries bytecode (and, for a broken source, the
// compiler's error in the JSON with exit 0, as native solc does).
func TestSolcShim(t *testing.T) {
	code, out, stderr := foresight(t, "solc", "0.8.37", "--version")
	if code != exitOK || !strings.Contains(out, "solc, the solidity compiler commandline interface\nVersion: 0.8.37+") {
		t.Fatalf("--version: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	compile := func(src string) (int, map[string]any, string) {
		t.Helper()
		input, _ := json.Marshal(map[string]any{
			"language": "Solidity",
			"sources":  map[string]any{"src/C.sol": map[string]string{"content": src}},
			"settings": map[string]any{"outputSelection": map[string]any{"*": map[string]any{"*": []string{"evm.bytecode.object"}}}},
		})
		old := solcStdin
		solcStdin = strings.NewReader(string(input))
		defer func() { solcStdin = old }()
		code, out, stderr := foresight(t, "solc", "0.8.37", "--allow-paths", "/p,/p/lib", "--base-path", "/p", "--include-path", "/p/lib", "--standard-json")
		var res map[string]any
		if code == exitOK {
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out)
			}
		}
		return code, res, stderr
	}
	code, res, stderr := compile("pragma solidity ^0.8.0; contract C { function f() external pure returns (uint) { return 7; } }")
	if code != exitOK {
		t.Fatalf("--standard-json: exit %d, stderr %q", code, stderr)
	}
	c, _ := res["contracts"].(map[string]any)["src/C.sol"].(map[string]any)["C"].(map[string]any)
	if obj, _ := c["evm"].(map[string]any)["bytecode"].(map[string]any)["object"].(string); len(obj) < 20 {
		t.Errorf("no bytecode for C: %v", res)
	}
	code, res, _ = compile("pragma solidity ^0.8.0; contract C { function f( }")
	errs, _ := res["errors"].([]any)
	if code != exitOK || len(errs) == 0 || !strings.Contains(errs[0].(map[string]any)["type"].(string), "ParserError") {
		t.Errorf("broken source: exit %d, output %v", code, res)
	}
}

func TestSolcShimUsage(t *testing.T) {
	for _, args := range [][]string{
		{"solc", "--version"}, // no version
		{"solc", "0.8.37"},    // no call
		{"solc", "0.8.37", "--version", "--standard-json"}, // two calls
		{"solc", "latest", "--version"},                    // not a version
		{"solc", "0.8.37", "--optimize", "--version"},      // a flag forge never passes
	} {
		code, _, stderr := foresight(t, args...)
		if code != exitUsage || !strings.Contains(stderr, "foresight solc:") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestReplayExport writes a report's finding as a Foundry test into the
// project's test folder, and a second export beside it, never over it.
func TestReplayExport(t *testing.T) {
	root := t.TempDir()
	src, err := os.ReadFile(fixtures.Example(t, "SequenceFoo.sol"))
	if err != nil {
		t.Fatal(err)
	}
	for rel, data := range map[string]string{
		"foundry.toml":        "[profile.default]\nsrc = \"src\"\n",
		"src/SequenceFoo.sol": string(src),
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	report := filepath.Join(root, "report.json")
	code, _, stderr := foresight(t, "fuzz", filepath.Join(root, "src"), "--execs", "60000", "--seed", "2", "--format", "json", "-o", report)
	if code != exitFindings {
		t.Fatalf("fuzz exit %d; stderr:\n%s", code, stderr)
	}
	want := filepath.Join(root, "test", "Foresight_SequenceFoo_assert-failure.t.sol")
	for i, path := range []string{want, strings.Replace(want, ".t.sol", "-2.t.sol", 1)} {
		code, out, stderr := foresight(t, "replay", "--export", report)
		if code != exitOK || !strings.Contains(out, "finding 1: wrote "+path) {
			t.Fatalf("export %d: exit %d, stdout %q, stderr %q", i+1, code, out, stderr)
		}
		test, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []string{`import {Test} from "forge-std/Test.sol";`, `import {SequenceFoo} from "../src/SequenceFoo.sol";`, "contract Foresight_SequenceFoo_assert_failure_Test is Test {"} {
			if !strings.Contains(string(test), w) {
				t.Errorf("%s lacks %q:\n%s", path, w, test)
			}
		}
	}
}
