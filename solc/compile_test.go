package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// testToolchain uses the embedded solc-js compilers only, so the tests
// behave the same on machines with and without native solc.
func testToolchain(t testing.TB) *Toolchain {
	t.Helper()
	tc := NewToolchain(Config{NoNative: true, NoForge: true, Notify: func(msg string) { t.Log(msg) }})
	t.Cleanup(func() { tc.Close() })
	return tc
}

func compileFile(t *testing.T, tc *Toolchain, path string, overlay Overlay) *Build {
	t.Helper()
	p, err := LoadProject(FindRoot(path))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{path}, Overlay: overlay, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("got %d builds, want 1", len(bs))
	}
	return bs[0]
}

func TestCompileSharedContractsByPragma(t *testing.T) {
	tc := testToolchain(t)
	tests := []struct {
		file, contract string
		version        string
	}{
		{"SequenceFoo.sol", "SequenceFoo", "0.8.37"},
		{"BonusWallet.sol", "BonusWallet", "0.4.26"},
		{"QuizGame.sol", "QuizGame", "0.4.26"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b := compileFile(t, tc, fixtures.Example(t, tt.file), nil)
			if b.HasErrors() {
				t.Fatalf("build failed: %+v %v", b.Diagnostics, b.Err)
			}
			if got := b.Compiler.Version().String(); got != tt.version {
				t.Errorf("compiler %s, want %s", got, tt.version)
			}
			c, ok := b.Output.Contracts[tt.file][tt.contract]
			if !ok {
				t.Fatalf("contract %s missing from output", tt.contract)
			}
			if len(c.EVM.DeployedBytecode.Object) < 100 || c.EVM.DeployedBytecode.SourceMap == "" || len(c.ABI) < 10 {
				t.Errorf("incomplete output: %d bytes of code, map %d bytes, abi %s", len(c.EVM.DeployedBytecode.Object), len(c.EVM.DeployedBytecode.SourceMap), c.ABI)
			}
			if len(b.Output.Sources[tt.file].AST) == 0 {
				t.Error("no AST")
			}
		})
	}
}

func TestCompileErrorsBecomeDiagnostics(t *testing.T) {
	tc := testToolchain(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "Broken.sol")
	src := "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Broken {\n    function f() public {\n        uint x = 1\n    }\n}\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	b := compileFile(t, tc, path, nil)
	if !b.HasErrors() {
		t.Fatal("syntax error not reported")
	}
	d := b.Diagnostics[0]
	if d.Severity != SeverityError || d.Code != "2314" || d.Type != "ParserError" || d.Path != path {
		t.Errorf("diagnostic = %+v", d)
	}
	if !strings.Contains(d.Message, "Expected ';'") {
		t.Errorf("message = %q", d.Message)
	}
	if got := src[d.Start:d.End]; got != "}" {
		t.Errorf("diagnostic range covers %q, want the closing brace", got)
	}

	// The overlay wins over the disk: the fixed buffer compiles.
	fixed := strings.Replace(src, "uint x = 1\n", "uint x = 1;\n        x;\n", 1)
	b = compileFile(t, tc, path, Overlay{path: []byte(fixed)})
	if b.HasErrors() {
		t.Errorf("fixed overlay still fails: %+v", b.Diagnostics)
	}
}

func TestNoCompilerForPragma(t *testing.T) {
	tc := testToolchain(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "Old.sol")
	if err := os.WriteFile(path, []byte("pragma solidity ^0.3.0;\ncontract Old {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := compileFile(t, tc, path, nil)
	if b.Output != nil || len(b.Diagnostics) != 1 {
		t.Fatalf("build = %+v", b)
	}
	d := b.Diagnostics[0]
	if !strings.Contains(d.Message, "^0.3.0 in Old.sol") || !strings.Contains(d.Message, "0.8.37") {
		t.Errorf("message does not name the pragma and the versions: %q", d.Message)
	}
	if d.Start != 0 || d.End != len("pragma solidity ^0.3.0;") {
		t.Errorf("range = %d..%d", d.Start, d.End)
	}
	var nc *NoCompilerError
	if !errors.As(b.Err, &nc) {
		t.Errorf("Err = %v, want *NoCompilerError", b.Err)
	}
}

func TestConflictingFilesSplitIntoBuilds(t *testing.T) {
	tc := testToolchain(t)
	dir := fixtures.Examples(t)
	files, err := SolidityFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: files, Mode: Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	versions := map[string]int{}
	for _, b := range bs {
		if b.HasErrors() {
			t.Errorf("build with %v failed: %+v", b.Compiler, b.Diagnostics)
			continue
		}
		versions[b.Compiler.Version().String()] += len(b.Roots)
	}
	if versions["0.8.37"] != 4 || versions["0.4.26"] != 2 {
		t.Errorf("files per version = %v, want 4 on 0.8.37 and 2 on 0.4.26", versions)
	}
}

// fakeSolc writes a shell script standing in for a broken native solc.
func fakeSolc(t *testing.T, body string) *Native {
	t.Helper()
	path := filepath.Join(t.TempDir(), "solc")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: 500 * time.Millisecond, stall: 500 * time.Millisecond}
}

func TestNativeFailures(t *testing.T) {
	in := &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: "contract A {}"}}}
	hang := "made no progress for 500ms"
	if !cpuClock {
		hang = "timed out after 500ms"
	}
	tests := []struct {
		name, body, want string
	}{
		{"crash", "echo 'segmentation fault' >&2; exit 139", "exited with status 139: segmentation fault"},
		{"garbage", "echo 'this is not json'", "not standard JSON"},
		{"hang", "exec sleep 30", hang},
		{"killed", "kill -9 $$", "killed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := fakeSolc(t, tt.body)
			_, err := Compile(context.Background(), c, in)
			if !errors.Is(err, ErrCompilerFailed) {
				t.Fatalf("err = %v, want ErrCompilerFailed", err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), c.Path) {
				t.Errorf("err = %q, want it to name %s and say %q", err, c.Path, tt.want)
			}
		})
	}
	// Cancellation is the caller's, not a compiler failure.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compile(ctx, fakeSolc(t, "exec sleep 30"), in); !errors.Is(err, context.Canceled) || errors.Is(err, ErrCompilerFailed) {
		t.Errorf("cancelled compile: err = %v", err)
	}
}

func TestNodeWorkerFailures(t *testing.T) {
	in := &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: "contract A {}"}}}

	missing := &SolcJS{Ver: MustVersion("0.8.0"), Dir: t.TempDir(), Worker: NewNodeWorker("", nil)}
	defer missing.Worker.Close()
	_, err := Compile(context.Background(), missing, in)
	if !errors.Is(err, ErrCompilerFailed) || !strings.Contains(err.Error(), "solc 0.8.0 (solc-js) failed") {
		t.Errorf("missing package: err = %v", err)
	}

	noNode := &SolcJS{Ver: MustVersion("0.8.0"), Dir: t.TempDir(), Worker: NewNodeWorker("/nonexistent/node", nil)}
	_, err = Compile(context.Background(), noNode, in)
	if !errors.Is(err, ErrCompilerFailed) || !strings.Contains(err.Error(), "could not start node") {
		t.Errorf("missing node: err = %v", err)
	}

	// A package whose compile computes without end is killed at its CPU
	// budget, and the worker serves the next request.
	dir := t.TempDir()
	pkg := filepath.Join(dir, "node_modules", "solc")
	os.MkdirAll(pkg, 0o755)
	os.WriteFile(filepath.Join(pkg, "index.js"), []byte(`module.exports = {version: () => "0.0.0", compile: (s) => { if (s.includes("hang")) { for(;;){} } if (s.includes("crash")) process.exit(3); return '{"sources":{}}'; }};`), 0o644)
	w := NewNodeWorker("", nil)
	defer w.Close()
	fake := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Second}
	hang := &Input{Language: "Solidity", Sources: map[string]InputSource{"hang.sol": {Content: "hang"}}}
	want := "used its CPU budget of 1s"
	if !cpuClock {
		want = "timed out after 1s"
	}
	if _, err := Compile(context.Background(), fake, hang); !errors.Is(err, ErrCompilerFailed) || !strings.Contains(err.Error(), want) {
		t.Errorf("hang: err = %v", err)
	}
	// The rest restart node on the same worker: under a loaded machine a
	// restart alone can take longer than the hang's one second, so they
	// get a timeout that only a hang would reach.
	patient := &SolcJS{Ver: fake.Ver, Dir: dir, Worker: w, Timeout: time.Minute}
	if _, err := Compile(context.Background(), patient, in); err != nil {
		t.Errorf("after restart: %v", err)
	}
	crash := &Input{Language: "Solidity", Sources: map[string]InputSource{"crash.sol": {Content: "crash"}}}
	if _, err := Compile(context.Background(), patient, crash); !errors.Is(err, ErrCompilerFailed) || !strings.Contains(err.Error(), "crashed") {
		t.Errorf("crash: err = %v", err)
	}
	if _, err := Compile(context.Background(), patient, in); err != nil {
		t.Errorf("after crash: %v", err)
	}
}
