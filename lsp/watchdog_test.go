//go:build unix

package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/solc"
)

// holdingSolcJS is a solc-js package that is the real one (REAL), except
// that a compile of a source holding "hold the worker" first writes
// STARTED and then waits on Atomics.wait (no CPU time, nothing written)
// until STOP exists: a compiler that holds the worker, as solc-js did in
// the soak.
const holdingSolcJS = `const fs = require("fs");
const real = require(REAL);
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
module.exports = {version: () => real.version(), compile: (s, cb) => {
  if (s.includes("hold the worker")) { fs.writeFileSync(STARTED, "1"); while (!fs.existsSync(STOP)) nap(50); }
  return real.compile(s, cb);
}};
`

// holdingCompiler makes a compiler cache holding holdingSolcJS as the
// release the shared toolchain compiles okContract with, and returns
// the server's compiler configuration and the STARTED and STOP files.
func holdingCompiler(t *testing.T) (cfg *solc.Config, started, stop string) {
	t.Helper()
	pragma, err := solc.ParseConstraint("^0.8.0")
	if err != nil {
		t.Fatal(err)
	}
	c, err := testToolchain().Select(t.Context(), []solc.Constraint{pragma}, nil)
	if err != nil {
		t.Fatal(err)
	}
	js, ok := c.(*solc.SolcJS)
	if !ok {
		t.Skipf("the test toolchain compiles with %T, not solc-js", c)
	}
	cache, files := t.TempDir(), t.TempDir()
	started, stop = filepath.Join(files, "started"), filepath.Join(files, "stop")
	// The fake holds until the test ends, then lets go of any process the
	// watchdog did not end.
	t.Cleanup(func() { os.WriteFile(stop, nil, 0o644) })
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	src := strings.NewReplacer("REAL", quote(filepath.Join(js.Dir, "node_modules", "solc")),
		"STARTED", quote(started), "STOP", quote(stop)).Replace(holdingSolcJS)
	pkg := filepath.Join(cache, "solc-js", js.Ver.String(), "node_modules", "solc")
	writeFile(t, pkg, "index.js", src)
	writeFile(t, pkg, "package.json", `{"name":"solc","version":"`+js.Ver.String()+`","main":"index.js"}`)
	return &solc.Config{SolcVersion: js.Ver.String(), CacheDir: cache, NoNative: true, NoInstall: true, NoForge: true}, started, stop
}

// TestHeldWorkerRunCloses is the editor's watchdog of issue 69 item 3: a
// save whose compile holds the solc-js worker (no CPU, no output) and is
// then superseded by the next save leaves the worker held by a compile
// nobody waits for; the next save's compile restarts the worker and its
// run must close, with its diagnostics published, and so must the first
// run. In the soak such a run stayed open 87 s, the server idle.
func TestHeldWorkerRunCloses(t *testing.T) {
	cfg, started, _ := holdingCompiler(t)
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract+"// hold the worker\n")
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}, folders: []string{dir}, compiler: cfg})
	f.open(path)
	f.save(path)
	deadline := time.Now().Add(awaitTimeout)
	for _, err := os.Stat(started); err != nil; _, err = os.Stat(started) {
		if time.Now().After(deadline) {
			f.mu.Lock()
			defer f.mu.Unlock()
			t.Fatalf("the compile never reached the compiler:\n%s", f.describe())
		}
		time.Sleep(10 * time.Millisecond) // polls a file: nothing notifies
	}
	f.mu.Lock()
	held := len(f.tokens)
	f.mu.Unlock()
	f.replace(path, "// hold the worker", "// let go")
	f.save(path)
	var later string
	f.Await("the next save's run to close", func() bool {
		for _, tok := range f.tokens[held:] {
			if _, ok := f.endedLocked(tok); ok {
				later = tok
				return true
			}
		}
		return false
	})
	f.Await("every run to close", func() bool {
		for _, tok := range f.tokens {
			if _, ok := f.endedLocked(tok); !ok {
				return false
			}
		}
		return true
	})
	f.mu.Lock()
	msg, _ := f.endedLocked(later)
	n := f.publishN[path]
	for _, tok := range f.tokens {
		end, _ := f.endedLocked(tok)
		t.Logf("run %s ended: %s", tok, end)
	}
	f.mu.Unlock()
	if strings.Contains(msg, "cancel") || n == 0 {
		t.Errorf("the next save's run ended %q with %d publishes of diagnostics; want a run that compiled", msg, n)
	}
	if !strings.Contains(f.logs.String(), "a compile nobody waits for holds the solc-js worker") {
		t.Errorf("the worker was not restarted; server log:\n%s", f.logs.String())
	}
}
