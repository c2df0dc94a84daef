package foresight

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestReadmeCacheDir checks that README.md says where compilers are cached
// the way solc.DefaultCacheDir decides it.
func TestReadmeCacheDir(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"`CACHE/solc-js/<version>`", "`$FORESIGHT_CACHE_DIR`", "`$XDG_CACHE_HOME/foresight`", "`~/.cache/foresight`"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md does not say %s", want)
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
