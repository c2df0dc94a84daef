//go:build unix

package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// workerPid is the pid of w's node process, or 0 when none runs.
func workerPid(w *NodeWorker) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cmd == nil {
		return 0
	}
	return w.cmd.Process.Pid
}

// TestStoppedWorkerIsReplaced: a worker stopped between requests (SIGSTOP)
// held every later compile until its timeout; now it fails its liveness
// ping and is replaced, and the compile succeeds.
func TestStoppedWorkerIsReplaced(t *testing.T) {
	dir := fakeSolcJS(t, `module.exports = {version: () => "0.8.0", compile: (s) => '{"sources":{}}'};`)
	w := NewNodeWorker("", nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour}
	if _, err := Compile(context.Background(), c, tinyInput); err != nil {
		t.Fatal(err)
	}
	old := workerPid(w)
	if err := syscall.Kill(old, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(old, syscall.SIGKILL)
	// Generous, yet far below the hour the old code waited.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := Compile(ctx, c, tinyInput); err != nil {
		t.Fatalf("compile after the worker was stopped: %v", err)
	}
	if pid := workerPid(w); pid == old {
		t.Error("the stopped worker still serves")
	}
	waitFor(t, "the stopped worker to be killed", func() bool { return !alive(old) })
}

// TestAbandonedCompileYieldsWorker: a compile whose caller left (an editor
// save cancels the previous one) no longer holds the worker until its
// timeout: a new request waiting for it replaces the worker.
func TestAbandonedCompileYieldsWorker(t *testing.T) {
	started := filepath.Join(t.TempDir(), "started")
	t.Setenv("STARTED", started)
	dir := fakeSolcJS(t, `module.exports = {version: () => "0.8.0", compile: (s) => {
  if (s.includes("hang")) { require("fs").writeFileSync(process.env.STARTED, "1"); for (;;) {} }
  return '{"sources":{}}';
}};`)
	w := NewNodeWorker("", nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour}
	hang := &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: "hang"}}}
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := Compile(ctx, c, hang)
		first <- err
	}()
	waitFor(t, "the first compile to start", func() bool { return fileExists(started) })
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("first: err = %v", err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel2()
	if _, err := Compile(ctx2, c, tinyInput); err != nil {
		t.Fatalf("the next compile: %v", err)
	}
}

// fakeNode writes a node stand-in: `--version` prints version; anything
// else prints stderr's text and exits 1, as an old node does on
// worker.js's syntax.
func fakeNode(t *testing.T, version, stderr string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "node")
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo " + version + "; exit 0; fi\ncat >/dev/null &\nprintf '%s' '" + stderr + "' >&2\nexit 1\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

const oldNodeStderr = `[eval]:40
  header ??= null;
         ^^^

SyntaxError: Unexpected token ?
    at new Script (vm.js:83:7)
`

// TestOldNodeIsNamed: a node too old for solc-js failed every compile with
// "crashed (twice…): write |1: broken pipe", its SyntaxError only in the
// log; now the error names node's version and the minimum.
func TestOldNodeIsNamed(t *testing.T) {
	dir := fakeSolcJS(t, `module.exports = {version: () => "0.8.0", compile: (s) => '{}'};`)
	w := NewNodeWorker(fakeNode(t, "v8.17.0", oldNodeStderr), nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w}
	_, err := Compile(context.Background(), c, tinyInput)
	if err == nil || !strings.Contains(err.Error(), "node v8.17.0") || !strings.Contains(err.Error(), "too old for solc-js") || !strings.Contains(err.Error(), "Node.js >= 12") {
		t.Errorf("err = %v, want node's version and the minimum named", err)
	}
}

// TestWorkerStartFailureNamesStderr: a worker that dies at start says why:
// the first meaningful line of its stderr is in the error.
func TestWorkerStartFailureNamesStderr(t *testing.T) {
	dir := fakeSolcJS(t, `module.exports = {version: () => "0.8.0", compile: (s) => '{}'};`)
	w := NewNodeWorker(fakeNode(t, "v20.0.0", oldNodeStderr), nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w}
	_, err := Compile(context.Background(), c, tinyInput)
	if err == nil || !strings.Contains(err.Error(), "SyntaxError: Unexpected token ?") || strings.Contains(err.Error(), "\n") {
		t.Errorf("err = %q, want one line with node's SyntaxError", err)
	}
}
