package solc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestInvalidUTF8Offsets: bytes of invalid UTF-8 in comments leave solc's
// offsets the file's, so every function's name is found at the offset the
// AST gives (issue 69: a finding drifted 17 columns right of its code).
func TestInvalidUTF8Offsets(t *testing.T) {
	tc := testToolchain(t)
	for name, junk := range map[string]string{
		"bytes":        "\xff\xfe\xfd",
		"truncated":    "\xe2\x82",
		"continuation": "\x80\x80\x80\x80",
		"overlong":     "\xc0\xaf",
		"mixed":        "ok \xc3\x28 é \xf0\x9f\x98 €",
	} {
		t.Run(name, func(t *testing.T) {
			src := "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n// " + junk + "\n/* " + junk + junk + " */\ncontract C { // " + junk + "\n    function first() external pure returns (uint256) { return 1; } // " + junk + "\n    /// " + junk + "\n    function second(uint256 x) external pure returns (uint256) { return x + 1; }\n}\n"
			dir := t.TempDir()
			path := filepath.Join(dir, "C.sol")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			b := compileFile(t, tc, path, nil)
			if b.Output == nil || b.HasErrors() {
				t.Fatalf("compile: %v", b.Diagnostics)
			}
			var unit string
			for u := range b.Units {
				unit = u
			}
			seen := 0
			for _, fn := range b.Functions(unit) {
				if fn.Name == "" {
					continue
				}
				seen++
				if fn.NameStart < 0 || fn.NameStart+len(fn.Name) > len(src) || src[fn.NameStart:fn.NameStart+len(fn.Name)] != fn.Name {
					t.Errorf("%s at offset %d, where the file has %q", fn.Name, fn.NameStart, src[max(0, fn.NameStart):min(len(src), max(0, fn.NameStart)+len(fn.Name))])
				}
				if !strings.Contains(src[fn.Start:fn.End], "function "+fn.Name) {
					t.Errorf("%s's range %d-%d is %q", fn.Name, fn.Start, fn.End, src[fn.Start:min(fn.End, len(src))])
				}
			}
			if seen != 2 {
				t.Errorf("%d named functions, want 2", seen)
			}
		})
	}
}

// FuzzCompilerText: what the compiler gets is valid UTF-8 of the file's
// length, equal to the file wherever the file was valid.
func FuzzCompilerText(f *testing.F) {
	f.Add([]byte("// \xff\xfe\ncontract C {}"))
	f.Add([]byte("é\xc3\x28€\xf0\x9f\x98"))
	f.Fuzz(func(t *testing.T, b []byte) {
		out := compilerText(b)
		if len(out) != len(b) || !utf8.ValidString(out) {
			t.Fatalf("compilerText(%q) = %q", b, out)
		}
		if utf8.Valid(b) && out != string(b) {
			t.Fatalf("valid %q changed to %q", b, out)
		}
	})
}
