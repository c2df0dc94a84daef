package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestCloseStopsCampaign: closing the only open file of a project whose
// campaign runs (an hour's budget) stops the campaign; closing a file
// while another of the project stays open stops the campaign its save
// started too, since nothing open asked for it.
func TestCloseStopsCampaign(t *testing.T) {
	for _, other := range []bool{false, true} {
		name := "only file"
		if other {
			name = "another file open"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
			path := writeFile(t, dir, "src/Ok.sol", okContract)
			second := writeFile(t, dir, "src/Other.sol", strings.ReplaceAll(okContract, "contract Ok", "contract Other"))
			f := newFake(t, fakeOptions{settings: map[string]any{"fuzzBudgetSeconds": 3600, "seed": 1}, folders: []string{dir}})
			if other {
				f.open(second)
			}
			f.open(path)
			f.Await("a campaign running", func() bool {
				for _, tok := range f.tokens {
					evs := f.progress[tok]
					if _, ended := f.endedLocked(tok); !ended && len(evs) > 0 && strings.HasPrefix(evs[len(evs)-1].Message, "fuzzing") {
						return true
					}
				}
				return false
			})
			f.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}})
			f.Await("every run ended after "+filepath.Base(path)+" closed", func() bool {
				for _, tok := range f.tokens {
					if _, ended := f.endedLocked(tok); !ended {
						return false
					}
				}
				return true
			})
			f.shutdown()
		})
	}
}
