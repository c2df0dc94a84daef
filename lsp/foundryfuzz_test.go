package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestEditorFoundryDepth: the editor's campaign honours foundry.toml's
// [invariant] depth as the command line does: SequenceFoo's assert needs
// three calls, so a depth of 2 hides it, and without the key the same
// campaign finds it (before, the editor never read the section).
func TestEditorFoundryDepth(t *testing.T) {
	src, err := os.ReadFile(fixtures.Example(t, "SequenceFoo.sol"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FOUNDRY_INVARIANT_DEPTH", "")
	os.Unsetenv("FOUNDRY_INVARIANT_DEPTH")
	for _, tt := range []struct {
		toml  string
		lines []uint32
	}{
		{"[profile.default]\nsrc = 'src'\n[invariant]\ndepth = 2\n", nil},
		{"[profile.default]\nsrc = 'src'\n", []uint32{16}},
	} {
		root := t.TempDir()
		writeFile(t, root, "foundry.toml", tt.toml)
		path := writeFile(t, root, filepath.Join("src", "SequenceFoo.sol"), string(src))
		f := newFake(t, fakeOptions{settings: budget, folders: []string{root}})
		f.open(path)
		f.awaitFuzzedEnd("the campaign")
		f.awaitFindingLines(path, tt.lines...)
		f.shutdown()
	}
}
