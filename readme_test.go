package foresight

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestReadmeCacheDir checks that docs/compilers.md says where compilers are cached
// the way solc.DefaultCacheDir decides it.
func TestReadmeCacheDir(t *testing.T) {
	readme, err := os.ReadFile("docs/compilers.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`CACHE/solc-js/<version>`", "`$FORESIGHT_CACHE_DIR`", "`$XDG_CACHE_HOME/foresight`", "`~/.cache/foresight`"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("docs/compilers.md does not say %s", want)
		}
	}
	t.Setenv("FORESIGHT_CACHE_DIR", "/x/custom")
	if got := solc.DefaultCacheDir(); got != "/x/custom" {
		t.Errorf("with $FORESIGHT_CACHE_DIR: %s, want /x/custom", got)
	}
	if runtime.GOOS != "linux" {
		return
	}
	t.Setenv("FORESIGHT_CACHE_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "/x/xdg")
	if got := solc.DefaultCacheDir(); got != "/x/xdg/foresight" {
		t.Errorf("with $XDG_CACHE_HOME: %s, want /x/xdg/foresight", got)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "/x/me")
	if got := solc.DefaultCacheDir(); got != "/x/me/.cache/foresight" {
		t.Errorf("default: %s, want /x/me/.cache/foresight", got)
	}
}

// TestDocsIndex checks that docs/README.md links every page in docs/ and
// that every relative link in README.md and docs/*.md leads to a file.
func TestDocsIndex(t *testing.T) {
	index, err := os.ReadFile("docs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		name := filepath.Base(p)
		if name != "README.md" && !strings.Contains(string(index), "("+name+")") {
			t.Errorf("docs/README.md does not link %s", name)
		}
	}
	link := regexp.MustCompile(`\]\(([^)#\s]+)(#[^)]*)?\)`)
	for _, p := range append(pages, "README.md", "examples/README.md", "editors/README.md") {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(p), target)); err != nil {
				t.Errorf("%s links %s, which does not exist", p, target)
			}
		}
	}
}
