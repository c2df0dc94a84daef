package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// hangingSolc answers --version like solc and hangs on a compile.
const hangingSolc = `#!/bin/sh
case "$1" in
--version) echo "solc, the solidity compiler commandline interface"; echo "Version: 0.8.26+commit.8a97fa7a.Linux.g++"; exit 0 ;;
esac
touch "$0.compiling"
exec sleep 3600
`

// TestHoverAndExitWhileCompileStuck: while a run is stuck in a compile
// (a compiler that hangs), hover is answered and exit ends the server:
// the server holds no lock across it.
func TestHoverAndExitWhileCompileStuck(t *testing.T) {
	dir := t.TempDir()
	solc := filepath.Join(t.TempDir(), "solc")
	if err := os.WriteFile(solc, []byte(hangingSolc), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "solcPath": solc}
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}})
	f.open(path)
	deadline := time.Now().Add(awaitTimeout)
	for {
		if _, err := os.Stat(solc + ".compiling"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run never reached the compiler")
		}
		time.Sleep(10 * time.Millisecond) // polls a file: nothing notifies
	}
	awaitHover(t, f, path)
	f.mu.Lock()
	ended := false
	for _, tok := range f.tokens {
		_, e := f.endedLocked(tok)
		ended = ended || e
	}
	f.mu.Unlock()
	if ended {
		t.Fatalf("the run was not stuck: the check saw nothing")
	}
	awaitExit(t, f)
}

// TestFIFOConfigEndsRun: a foundry.toml that is a FIFO nobody writes to
// blocked the run in its read, and every later save queued behind it. The
// read refuses it (solc's readRegular): the run ends naming the file,
// hover is answered and exit obeyed.
func TestFIFOConfigEndsRun(t *testing.T) {
	dir := t.TempDir()
	toml := filepath.Join(dir, "foundry.toml")
	if err := syscall.Mkfifo(toml, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}, folders: []string{dir}})
	f.open(path)
	f.Await("a message naming foundry.toml as not a regular file", func() bool {
		return strings.Contains(f.describe(), "not a regular file")
	})
	f.awaitEnd(0)
	awaitHover(t, f, path)
	awaitExit(t, f)
}

// awaitHover asks for a hover and fails unless it is answered.
func awaitHover(t *testing.T, f *fakeClient, path string) {
	t.Helper()
	start := time.Now()
	var hover *protocol.Hover
	done := make(chan error, 1)
	go func() {
		done <- f.call(protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}, Position: protocol.Position{Line: 5, Character: 10}}}, &hover)
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("hover: %v", err)
		}
	case <-time.After(awaitTimeout):
		t.Fatal("hover unanswered")
	}
	t.Logf("hover answered in %v", time.Since(start))
}

// awaitExit sends exit and fails unless the server ends.
func awaitExit(t *testing.T, f *fakeClient) {
	t.Helper()
	start := time.Now()
	f.notify(protocol.MethodExit, nil)
	select {
	case err := <-f.done:
		f.done <- err
	case <-time.After(awaitTimeout):
		t.Fatal("the server did not exit")
	}
	t.Logf("exit obeyed in %v", time.Since(start))
}
