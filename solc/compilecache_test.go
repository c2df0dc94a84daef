package solc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// countingSolc is a native solc that counts its compiles in a file and
// answers every input with the same empty output.
func countingSolc(t *testing.T) (bin, count string) {
	t.Helper()
	dir := t.TempDir()
	bin, count = filepath.Join(dir, "solc"), filepath.Join(dir, "count")
	script := "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Version: 0.8.20+commit.a1b79de6.Linux.g++'; exit 0; fi\n" +
		"cat >/dev/null\necho x >> " + count + "\necho '{\"sources\":{},\"contracts\":{}}'\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin, count
}

func compiles(t *testing.T, count string) int {
	t.Helper()
	data, err := os.ReadFile(count)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "x")
}

func cachedToolchain(t *testing.T, bin, cacheDir string, size int64) *Toolchain {
	t.Helper()
	tc := NewToolchain(Config{SolcPath: bin, NoForge: true, NoInstall: true, CacheDir: cacheDir, CompileCache: true, CompileCacheSize: size})
	t.Cleanup(func() { tc.Close() })
	return tc
}

func compileOnce(t *testing.T, tc *Toolchain, root string, files ...string) *Build {
	t.Helper()
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	var abs []string
	for _, f := range files {
		abs = append(abs, filepath.Join(root, f))
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: abs, Mode: Full})
	if err != nil || len(bs) != 1 {
		t.Fatalf("compile: %v, %d builds", err, len(bs))
	}
	return bs[0]
}

// cacheEntries lists the entries on disk.
func cacheEntries(t *testing.T, cacheDir string) []string {
	t.Helper()
	got, err := filepath.Glob(filepath.Join(cacheDir, "compile", "*", "*.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestCompileCacheShared: a unit compiled once (by the command line, say)
// is not compiled again by another toolchain on the same cache (the
// editor) while its input is unchanged; a changed source is.
func TestCompileCacheShared(t *testing.T) {
	bin, count := countingSolc(t)
	cacheDir := t.TempDir()
	root := writeTree(t, map[string]string{"A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
	cli, editor := cachedToolchain(t, bin, cacheDir, 0), cachedToolchain(t, bin, cacheDir, 0)
	if b := compileOnce(t, cli, root, "A.sol"); b.Cached || b.Output == nil {
		t.Fatalf("first compile: cached %t, output %v, %+v", b.Cached, b.Output, b.Diagnostics)
	}
	if b := compileOnce(t, editor, root, "A.sol"); !b.Cached || b.Output == nil {
		t.Errorf("second compile: cached %t, output %v", b.Cached, b.Output)
	}
	if n := compiles(t, count); n != 1 {
		t.Errorf("compiler ran %d times for one input, want 1", n)
	}
	os.WriteFile(filepath.Join(root, "A.sol"), []byte("pragma solidity ^0.8.0;\ncontract A { uint x; }\n"), 0o644)
	compileOnce(t, editor, root, "A.sol")
	if n := compiles(t, count); n != 2 {
		t.Errorf("a changed source: compiler ran %d times in all, want 2", n)
	}
	// Off for this process: the compiler runs.
	t.Setenv("FORESIGHT_COMPILE_CACHE", "off")
	compileOnce(t, cachedToolchain(t, bin, cacheDir, 0), root, "A.sol")
	if n := compiles(t, count); n != 3 {
		t.Errorf("FORESIGHT_COMPILE_CACHE=off: compiler ran %d times in all, want 3", n)
	}
}

// TestCompileCacheCorruptEntry: an entry that does not check out (a
// flipped byte, a truncated file, another key's entry) is ignored,
// compiled again and replaced by a good one.
func TestCompileCacheCorruptEntry(t *testing.T) {
	for _, damage := range []struct {
		name string
		fn   func(data []byte) []byte
	}{
		{"flipped byte", func(d []byte) []byte { d[len(d)-10] ^= 0xff; return d }},
		{"truncated", func(d []byte) []byte { return d[:len(d)/2] }},
		{"empty", func([]byte) []byte { return nil }},
		{"other key", func(d []byte) []byte { d[len(compileCacheMagic)] ^= 1; return d }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			bin, count := countingSolc(t)
			cacheDir := t.TempDir()
			root := writeTree(t, map[string]string{"A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
			tc := cachedToolchain(t, bin, cacheDir, 0)
			compileOnce(t, tc, root, "A.sol")
			entries := cacheEntries(t, cacheDir)
			if len(entries) != 1 {
				t.Fatalf("entries = %v", entries)
			}
			data, _ := os.ReadFile(entries[0])
			good := string(data)
			os.WriteFile(entries[0], damage.fn(data), 0o600)
			if b := compileOnce(t, tc, root, "A.sol"); b.Cached || b.Output == nil {
				t.Errorf("a damaged entry was used: cached %t", b.Cached)
			}
			if n := compiles(t, count); n != 2 {
				t.Errorf("compiler ran %d times, want 2", n)
			}
			if data, _ := os.ReadFile(entries[0]); string(data) != good {
				t.Error("the damaged entry was not replaced")
			}
			if b := compileOnce(t, tc, root, "A.sol"); !b.Cached {
				t.Error("the replaced entry is not used")
			}
		})
	}
}

// TestCompileCacheEvictsLeastRecentlyUsed: beyond its size the cache
// drops the entries used longest ago, keeping one just used.
func TestCompileCacheEvictsLeastRecentlyUsed(t *testing.T) {
	bin, count := countingSolc(t)
	cacheDir := t.TempDir()
	files := map[string]string{}
	for _, n := range []string{"A", "B", "C"} {
		files[n+".sol"] = "pragma solidity ^0.8.0;\ncontract " + n + " {}\n"
	}
	root := writeTree(t, files)
	tc := cachedToolchain(t, bin, cacheDir, 1<<20)
	compileOnce(t, tc, root, "A.sol")
	compileOnce(t, tc, root, "B.sol")
	entries := cacheEntries(t, cacheDir)
	if len(entries) != 2 {
		t.Fatalf("entries = %v", entries)
	}
	st, _ := os.Stat(entries[0])
	size := st.Size()
	// Age both, then use A: B is now the least recently used.
	old := time.Now().Add(-time.Hour)
	for _, e := range entries {
		os.Chtimes(e, old, old)
	}
	if b := compileOnce(t, tc, root, "A.sol"); !b.Cached {
		t.Fatal("A not cached")
	}
	tc.cache.max = 2*size + size/2 // room for two entries
	compileOnce(t, tc, root, "C.sol")
	if got := len(cacheEntries(t, cacheDir)); got != 2 {
		t.Errorf("%d entries after eviction, want 2", got)
	}
	before := compiles(t, count)
	if b := compileOnce(t, tc, root, "A.sol"); !b.Cached {
		t.Error("the recently used entry was evicted")
	}
	if b := compileOnce(t, tc, root, "B.sol"); b.Cached {
		t.Error("the least recently used entry was kept")
	}
	if n := compiles(t, count) - before; n != 1 {
		t.Errorf("compiler ran %d times, want 1 (B)", n)
	}
}
