package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestOpenedEmptyNotCompiled: a file the editor creates for an export
// (workspace/applyEdit: createFile, then the test's text inserted) is
// opened empty, and a run then compiled it as it was: solc said the file
// had no SPDX line and no pragma, though both arrive with its text (issue
// 48). A document opened empty is compiled once its content arrives.
func TestOpenedEmptyNotCompiled(t *testing.T) {
	dir := t.TempDir()
	src := writeFile(t, dir, "src/C.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C { function f() external {} }\n")
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 1), folders: []string{dir}})
	f.open(src)
	f.awaitRunEnd(1)

	created := writeFile(t, dir, "test/New.t.sol", "")
	f.mu.Lock()
	f.versions[created], f.texts[created] = 1, ""
	f.mu.Unlock()
	f.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uriOf(created), LanguageID: "solidity", Version: 1, Text: "",
	}})
	f.mu.Lock()
	before := len(f.tokens)
	f.mu.Unlock()
	f.save(src) // a run while the new file is still empty
	f.Await("a run after the save that was not cancelled", func() bool {
		for _, tok := range f.tokens[before:] {
			if msg, ok := f.endedLocked(tok); ok && msg != "cancelled" {
				return true
			}
		}
		return false
	})

	text := "// SPDX-License-Identifier: UNLICENSED\npragma solidity ^0.8.0;\ncontract T { function test_x() public pure { uint256 unused; } }\n"
	f.mu.Lock()
	f.versions[created], f.texts[created] = 2, text
	f.mu.Unlock()
	f.notify(protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": uriOf(created), "version": 2},
		"contentChanges": []any{map[string]any{"text": text}},
	})
	f.save(created)
	f.Await("the new file's own warning", func() bool {
		for _, d := range f.diags[created] {
			if strings.Contains(d.Message, "Unused local variable") {
				return true
			}
		}
		return false
	})
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range f.journal {
		if e.method != protocol.MethodTextDocumentPublishDiagnostics || e.path != created {
			continue
		}
		for _, d := range e.diags {
			if strings.Contains(d.Message, "SPDX") || strings.Contains(d.Message, "pragma") {
				t.Errorf("%s: %q published while the file was empty", filepath.Base(created), d.Message)
			}
		}
	}
}
