package solc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileSolc writes an executable that records that it ran by creating
// marker, and otherwise behaves like a solc 0.8.37 that compiles nothing.
func hostileSolc(t *testing.T, path, marker string) {
	t.Helper()
	script := "#!/bin/sh\ntouch '" + marker + "'\n" +
		"case \"$1\" in --version) echo 'Version: 0.8.37+commit.00000000.Linux.g++';; *) cat >/dev/null; echo '{\"sources\":{}}';; esac\n"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

const trustSource = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract A { function f() public pure returns (uint) { return 1; } }\n"

// compileTrust compiles root/src/A.sol with the given toolchain settings
// and returns the build, whether the marker file appeared and what the
// toolchain said.
func compileTrust(t *testing.T, cfg Config, root, marker string) (*Build, bool, []string) {
	t.Helper()
	var notes []string
	cfg.Notify = func(msg string) { notes = append(notes, msg) }
	tc := NewToolchain(cfg)
	t.Cleanup(func() { tc.Close() })
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "src", "A.sol")}, Mode: Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("got %d builds", len(bs))
	}
	t.Logf("compiler %v, notes %q", bs[0].Compiler, notes)
	_, err = os.Stat(marker)
	return bs[0], err == nil, notes
}

// saidOnce checks that exactly one note names what was skipped.
func saidOnce(t *testing.T, notes []string, want string) {
	t.Helper()
	n := 0
	for _, s := range notes {
		if strings.Contains(s, want) && strings.Contains(s, "untrusted") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("notes %q: want one saying why %s was skipped", notes, want)
	}
}

func TestUntrustedFoundrySolcIsNeverRun(t *testing.T) {
	tests := []struct {
		name, toml, profile string
	}{
		{"relative", "[profile.default]\nsolc = \"bin/evil\"\n", ""},
		{"dot relative", "[profile.default]\nsolc_version = \"./bin/evil\"\n", ""},
		{"absolute", "[profile.default]\nsolc = \"ROOT/bin/evil\"\n", ""},
		{"profile", "[profile.default]\nsolc = \"0.8.37\"\n[profile.ci]\nsolc = \"ROOT/bin/evil\"\n", "ci"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{"src/A.sol": trustSource})
			marker := filepath.Join(t.TempDir(), "ran")
			hostileSolc(t, filepath.Join(root, "bin", "evil"), marker)
			toml := strings.ReplaceAll(tt.toml, "ROOT", root)
			if err := os.WriteFile(filepath.Join(root, "foundry.toml"), []byte(toml), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Setenv("FOUNDRY_PROFILE", tt.profile)

			b, ran, notes := compileTrust(t, Config{NoNative: true, Untrusted: true}, root, marker)
			saidOnce(t, notes, "foundry.toml")
			if ran {
				t.Error("untrusted: the workspace's compiler ran")
			}
			if b.HasErrors() {
				t.Fatalf("untrusted: build failed: %+v %v", b.Diagnostics, b.Err)
			}
			if _, ok := b.Compiler.(*SolcJS); !ok {
				t.Errorf("untrusted: compiled with %v, want solc-js", b.Compiler)
			}

			// Trusted, the pinned path is used, resolved against the root
			// (the test runs in solc/, not in root).
			b, ran, _ = compileTrust(t, Config{NoNative: true}, root, marker)
			if !ran {
				t.Errorf("trusted: the pinned compiler did not run (compiler %v, err %v)", b.Compiler, b.Err)
			}
			if n, ok := b.Compiler.(*Native); !ok || n.Path != filepath.Join(root, "bin", "evil") {
				t.Errorf("trusted: compiled with %v, want %s", b.Compiler, filepath.Join(root, "bin", "evil"))
			}
		})
	}
}

func TestUntrustedFoundrySolcVersionStillApplies(t *testing.T) {
	root := writeTree(t, map[string]string{
		"src/A.sol":    "pragma solidity >=0.4.0;\ncontract A {}\n",
		"foundry.toml": "[profile.default]\nsolc = \"0.4.26\"\n",
	})
	b, _, notes := compileTrust(t, Config{NoNative: true, Untrusted: true}, root, filepath.Join(root, "none"))
	if len(notes) != 0 {
		t.Errorf("a version pin is not an executable, yet: %q", notes)
	}
	if b.HasErrors() || b.Compiler.Version() != MustVersion("0.4.26") {
		t.Errorf("compiler %v, err %v; want the pinned 0.4.26", b.Compiler, b.Err)
	}
}

func TestUntrustedPathSolc(t *testing.T) {
	root := writeTree(t, map[string]string{"src/A.sol": trustSource})
	marker := filepath.Join(t.TempDir(), "ran")
	hostileSolc(t, filepath.Join(root, "bin", "solc"), marker)
	hostileSolc(t, filepath.Join(root, "rel", "solc"), marker)
	home := t.TempDir() // no svm, no solc-select
	t.Chdir(root)
	t.Setenv("PATH", "rel"+string(filepath.ListSeparator)+"."+string(filepath.ListSeparator)+
		filepath.Join(root, "bin")+string(filepath.ListSeparator)+os.Getenv("PATH"))

	b, ran, notes := compileTrust(t, Config{Home: home, Untrusted: true}, root, marker)
	saidOnce(t, notes, filepath.Join(root, "bin", "solc"))
	if ran {
		t.Error("untrusted: a solc inside the workspace ran")
	}
	if b.HasErrors() {
		t.Fatalf("untrusted: build failed: %+v %v", b.Diagnostics, b.Err)
	}
	if _, ok := b.Compiler.(*SolcJS); !ok {
		t.Errorf("untrusted: compiled with %v, want solc-js", b.Compiler)
	}

	// Trusted, an absolute PATH entry is the user's choice and counts; the
	// relative entry before it still does not.
	b, ran, _ = compileTrust(t, Config{Home: home}, root, marker)
	if n, ok := b.Compiler.(*Native); !ran || !ok || n.Path != filepath.Join(root, "bin", "solc") {
		t.Errorf("trusted: compiled with %v (ran %v), want %s", b.Compiler, ran, filepath.Join(root, "bin", "solc"))
	}
}

func TestWithin(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, filepath.Join(outside, "back")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want bool
	}{
		{filepath.Join(root, "a", "b"), true},
		{root, true},
		{filepath.Join(root, "..", "x"), false},
		{filepath.Join(root, "link", "x"), false},
		{filepath.Join(outside, "back", "x"), true},
		{"/etc/passwd", false},
	}
	for _, tt := range tests {
		if got := within(root, tt.path); got != tt.want {
			t.Errorf("within(root, %s) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
