package lsp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestLargeDocument opens a 50 MB document, over the protocol's limit:
// the message is refused with a warning. Then a 20 MB one: it gets a
// diagnostic and is not compiled; once the buffer is a contract again, it
// compiles.
func TestLargeDocument(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "Big.sol", brokenContract)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1}})
	for _, size := range []int{50 << 20, 20 << 20} {
		big := "// " + strings.Repeat("x", size) + "\n" + brokenContract
		f.mu.Lock()
		f.versions[path], f.texts[path] = 1, big
		f.mu.Unlock()
		f.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
			URI: uriOf(path), LanguageID: "solidity", Version: 1, Text: big,
		}})
	}
	f.Await("a warning about the 50 MB message", func() bool {
		return slices.ContainsFunc(f.shown, func(m protocol.ShowMessageParams) bool { return strings.Contains(m.Message, "over the size limit") })
	})
	f.Await("the size diagnostic", func() bool {
		ds := f.diags[path]
		return len(ds) == 1 && ds[0].Code == sizeCode && strings.Contains(ds[0].Message, "20.0 MiB, over Foresight's limit of 4 MiB")
	})
	f.save(path) // still too large: nothing compiles
	// Replace the whole buffer with the (broken) contract and save: the
	// size diagnostic goes and solc's syntax error comes.
	f.mu.Lock()
	f.versions[path]++
	f.texts[path] = brokenContract
	v := f.versions[path]
	f.mu.Unlock()
	f.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": uriOf(path), "version": v},
		"contentChanges": []any{map[string]any{"text": brokenContract}},
	})
	f.save(path)
	f.Await("solc's error, and no size diagnostic", func() bool {
		ds := f.diags[path]
		return len(ds) == 1 && ds[0].Source == sourceSolc && ds[0].Code == "2314"
	})
	f.mu.Lock()
	for _, e := range f.journal {
		for _, d := range e.diags {
			if e.path == path && d.Source == sourceSolc && strings.Contains(d.Message, "xxxx") {
				t.Errorf("the large text reached the compiler: %s", d.Message[:80])
			}
		}
	}
	f.mu.Unlock()
	f.shutdown()
}

// TestCompilerFailurePublishedOnce: a file no compiler can build (its
// pragma admits no release) gets one diagnostic, at the pragma.
func TestCompilerFailurePublishedOnce(t *testing.T) {
	path := writeFile(t, t.TempDir(), "Old.sol", "// SPDX-License-Identifier: MIT\npragma solidity 0.1.0;\n\ncontract Old {}\n")
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}})
	f.open(path)
	f.Await("a compiler failure", func() bool { return len(f.diags[path]) > 0 })
	f.mu.Lock()
	ds := f.diags[path]
	f.mu.Unlock()
	if len(ds) != 1 || ds[0].Range.Start.Line != 1 || !strings.Contains(ds[0].Message, "0.1.0") {
		raw, _ := json.Marshal(ds)
		t.Errorf("diagnostics = %s, want one, at the pragma (line 1)", raw)
	}
	f.shutdown()
}

// TestExitWhileStuck: exit ends the server although a compile ignores its
// cancellation and a request handler never returns.
func TestExitWhileStuck(t *testing.T) {
	stuck := make(chan struct{}) // released when the test ends
	t.Cleanup(func() { close(stuck) })
	entered := make(chan struct{}, 2)
	f := newFake(t, fakeOptions{
		settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0},
		beforeFullCompile: func(context.Context) {
			entered <- struct{}{}
			<-stuck // a compile that does not notice cancellation
		},
		routes: map[string]handlerFunc{"foresight/test/stuck": func(context.Context, json.RawMessage) (any, error) {
			entered <- struct{}{}
			<-stuck
			return nil, nil
		}},
	})
	path := writeFile(t, t.TempDir(), "Ok.sol", okContract)
	f.open(path)
	awaitEntered := func(what string) {
		t.Helper()
		select {
		case <-entered:
		case <-time.After(awaitTimeout):
			t.Fatalf("%s never started", what)
		}
	}
	awaitEntered("the full compile")
	go func() { _ = f.call("foresight/test/stuck", nil, nil) }()
	awaitEntered("the stuck request")
	f.notify(protocol.MethodExit, nil)
	select {
	case err := <-f.done:
		f.done <- err
	case <-time.After(awaitTimeout):
		t.Fatal("the server did not exit")
	}
}
