package lsp

import (
	"os"
	"path/filepath"
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
// (a compiler that hangs) or in reading the project's configuration (a
// foundry.toml that is a FIFO nobody writes: the read blocks), hover is
// answered and exit ends the server: the server holds no lock across
// either.
func TestHoverAndExitWhileCompileStuck(t *testing.T) {
	for _, tc := range []string{"hanging compiler", "foundry.toml blocks"} {
		t.Run(tc, func(t *testing.T) {
			dir := t.TempDir()
			settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}
			// stuck reports whether the run has reached the part that hangs.
			var stuck func() bool
			if tc == "hanging compiler" {
				solc := filepath.Join(t.TempDir(), "solc")
				if err := os.WriteFile(solc, []byte(hangingSolc), 0o755); err != nil {
					t.Fatal(err)
				}
				settings["solcPath"] = solc
				writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
				stuck = func() bool { _, err := os.Stat(solc + ".compiling"); return err == nil }
			} else {
				toml := filepath.Join(dir, "foundry.toml")
				if err := syscall.Mkfifo(toml, 0o644); err != nil {
					t.Skipf("mkfifo: %v", err)
				}
				// A FIFO opens for writing without blocking only once a
				// reader has it open; the writer stays open, writing
				// nothing, so the reader stays blocked until the test ends.
				var w *os.File
				stuck = func() bool {
					var err error
					w, err = os.OpenFile(toml, os.O_WRONLY|syscall.O_NONBLOCK, 0)
					return err == nil
				}
				t.Cleanup(func() {
					if w != nil {
						w.Close()
					}
				})
			}
			path := writeFile(t, dir, "src/Ok.sol", okContract)
			f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}})
			f.open(path)
			deadline := time.Now().Add(awaitTimeout)
			for !stuck() {
				if time.Now().After(deadline) {
					t.Fatal("the run never reached the part that hangs")
				}
				time.Sleep(10 * time.Millisecond) // polls a file: nothing notifies
			}
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
				t.Fatal("hover unanswered while the run is stuck")
			}
			t.Logf("hover answered in %v", time.Since(start))
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
			start = time.Now()
			f.notify(protocol.MethodExit, nil)
			select {
			case err := <-f.done:
				f.done <- err
			case <-time.After(awaitTimeout):
				t.Fatal("the server did not exit")
			}
			t.Logf("exit obeyed in %v", time.Since(start))
		})
	}
}
