package solc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Fake solc-js packages for the reinstall tests: index.js loads soljson.js
// as solc-js does, and a truncated soljson.js breaks the load.
const (
	fakeIndexJS  = `const s = require("./soljson.js"); module.exports = {version: () => "0.8.30", compile: s.cwrap("compile", "string", ["string"])};`
	goodSolJSON  = `module.exports = {cwrap: () => (input) => '{"sources":{}}'};`
	emptySolJSON = ``
)

// truncatedSolJSON is a soljson.js cut off inside its one long line, as an
// interrupted copy leaves it: node's SyntaxError quotes the line.
var truncatedSolJSON = `var Module = {data: "` + strings.Repeat("A", 200<<10)

// writeFakeSolcJS writes a solc-js 0.8.30 package with the given
// soljson.js into dir/node_modules/solc.
func writeFakeSolcJS(t *testing.T, dir, soljson string) {
	t.Helper()
	pkg := filepath.Join(dir, "node_modules", "solc")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"package.json": `{"name":"solc","version":"0.8.30"}`, "index.js": fakeIndexJS, "soljson.js": soljson} {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// npmInstalling writes an npm stand-in that logs each run to log and
// installs a fake solc-js 0.8.30 whose soljson.js is soljson.
func npmInstalling(t *testing.T, log, soljson string) string {
	t.Helper()
	src := t.TempDir()
	writeFakeSolcJS(t, src, soljson)
	path := filepath.Join(t.TempDir(), "npm")
	script := "#!/bin/sh\necho run >> '" + log + "'\ncp -R '" + filepath.Join(src, "node_modules") + "' .\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCorruptSolcJSReinstalled: a truncated or empty soljson.js in the
// cache failed every compile with that version ("bufio: buffer full",
// "solJson.cwrap is not a function") and was never reinstalled; now a
// compiler that does not load is reinstalled once and the compile goes on.
func TestCorruptSolcJSReinstalled(t *testing.T) {
	for name, broken := range map[string]string{"empty": emptySolJSON, "truncated": truncatedSolJSON} {
		t.Run(name, func(t *testing.T) {
			cache, log := t.TempDir(), filepath.Join(t.TempDir(), "log")
			writeFakeSolcJS(t, installDir(cache, MustVersion("0.8.30")), broken)
			tc := NewToolchain(Config{NPM: npmInstalling(t, log, goodSolJSON), SolcVersion: "0.8.30", NoNative: true, NoForge: true, CacheDir: cache})
			defer tc.Close()
			c, err := tc.Select(context.Background(), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Compile(context.Background(), c, tinyInput); err != nil {
				t.Fatalf("compile with a corrupt install: %v", err)
			}
			data, _ := os.ReadFile(log)
			if n := strings.Count(string(data), "run"); n != 1 {
				t.Errorf("npm ran %d times, want 1", n)
			}
		})
	}
}

// TestCorruptSolcJSStillBroken: when the fresh install does not load
// either, the error is one line naming the cache path and what to do, and
// npm ran once (no reinstall loop).
func TestCorruptSolcJSStillBroken(t *testing.T) {
	cache, log := t.TempDir(), filepath.Join(t.TempDir(), "log")
	dir := installDir(cache, MustVersion("0.8.30"))
	writeFakeSolcJS(t, dir, emptySolJSON)
	tc := NewToolchain(Config{NPM: npmInstalling(t, log, truncatedSolJSON), SolcVersion: "0.8.30", NoNative: true, NoForge: true, CacheDir: cache})
	defer tc.Close()
	c, err := tc.Select(context.Background(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		_, err = Compile(context.Background(), c, tinyInput)
		t.Logf("error: %v", err)
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "remove") || len(err.Error()) > 1000 {
			t.Errorf("err = %.2000q, want one line naming %s and saying what to do", err, dir)
		}
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), "run"); n != 1 {
		t.Errorf("npm ran %d times, want 1", n)
	}
}
