package main

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/internal/notices/gen"
)

// tiny builds a dependency-free program for t, as the release builds
// foresight (no cgo, -trimpath, the version by -X).
func tiny(t *testing.T, target gen.Target, version string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module tiny\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nvar version string\n\nfunc main() { println(version) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "tiny-"+target.String())
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version="+version, "-o", out, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS="+target.GOOS, "GOARCH="+target.GOARCH, "CGO_ENABLED=0", "GOFLAGS=")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build for %s: %v\n%s", target, err, b)
	}
	return out
}

// TestCheckHeader: a binary passes for its target and fails for every
// other one, by format or by machine (three formats, each as amd64 and
// arm64: building for every target would cost more and test no more).
func TestCheckHeader(t *testing.T) {
	bins := map[gen.Target]string{}
	for _, target := range []gen.Target{{GOOS: "linux", GOARCH: "arm64"}, {GOOS: "darwin", GOARCH: "arm64"}, {GOOS: "windows", GOARCH: "amd64"}} {
		bins[target] = tiny(t, target, "1.2.3")
	}
	for built, bin := range bins {
		for _, as := range gen.Targets {
			err := checkHeader(bin, as)
			if (err == nil) != (built == as) {
				t.Errorf("binary for %s checked as %s: %v", built, as, err)
			}
		}
	}
}

func TestCheckBuildInfo(t *testing.T) {
	target := gen.Target{GOOS: "linux", GOARCH: "arm64"}
	bin := tiny(t, target, "1.2.3-test+abc")
	if err := checkBuildInfo(bin, target, "1.2.3-test+abc", nil); err != nil {
		t.Errorf("the right target and version: %v", err)
	}
	if err := checkBuildInfo(bin, target, "1.2.4-test+abc", nil); err == nil || !strings.Contains(err.Error(), "main.version=1.2.4-test+abc") {
		t.Errorf("another version: %v", err)
	}
	if err := checkBuildInfo(bin, gen.Target{GOOS: "linux", GOARCH: "amd64"}, "1.2.3-test+abc", nil); err == nil || !strings.Contains(err.Error(), "GOARCH") {
		t.Errorf("another target: %v", err)
	}
}

// TestNoticedModules reads the real notices: what the release check
// compares each binary's modules with.
func TestNoticedModules(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "THIRD_PARTY_NOTICES"))
	if err != nil {
		t.Fatal(err)
	}
	mods := parseNotices(string(b))
	if n := strings.Count(string(b), ", linked for "); len(mods) != n-1 { // n-1: the standard library has no module path
		t.Errorf("parsed %d modules, the notices list %d besides the standard library", len(mods), n-1)
	}
	win, linux := gen.Target{GOOS: "windows", GOARCH: "amd64"}, gen.Target{GOOS: "linux", GOARCH: "amd64"}
	geth := &debug.Module{Path: "github.com/ethereum/go-ethereum", Version: "v1.17.10"}
	ole := &debug.Module{Path: "github.com/go-ole/go-ole", Version: mods["github.com/go-ole/go-ole"].version}
	for _, tt := range []struct {
		d  *debug.Module
		t  gen.Target
		ok bool
	}{
		{geth, linux, true},
		{&debug.Module{Path: geth.Path, Version: "v1.17.9"}, linux, false},
		{ole, win, true},
		{ole, linux, false},
		{&debug.Module{Path: "example.com/unlisted", Version: "v1.0.0"}, linux, false},
	} {
		if err := linkedIsNoticed(tt.d, tt.t, mods); (err == nil) != tt.ok {
			t.Errorf("%s %s on %s: %v, want ok=%v", tt.d.Path, tt.d.Version, tt.t, err, tt.ok)
		}
	}
}

// writeTarGz writes an archive of files (name -> content).
func writeTarGz(t *testing.T, name string, files map[string]string) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for n, c := range files {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(c)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(c))
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestArchiveContents(t *testing.T) {
	want := map[string][]byte{"LICENSE": []byte("apache"), "THIRD_PARTY_NOTICES": []byte("notices"), "README.md": []byte("readme")}
	good := map[string]string{"foresight": "bin", "LICENSE": "apache", "THIRD_PARTY_NOTICES": "notices", "README.md": "readme"}
	dir := t.TempDir()
	for _, tt := range []struct {
		name  string
		edit  func(map[string]string)
		fails string
	}{
		{"good", func(map[string]string) {}, ""},
		{"stale notices", func(m map[string]string) { m["THIRD_PARTY_NOTICES"] = "old" }, "differs"},
		{"no licence", func(m map[string]string) { delete(m, "LICENSE") }, "no LICENSE"},
		{"extra file", func(m map[string]string) { m["core"] = "x" }, "holds"},
		{"nested", func(m map[string]string) { m["foresight/README.md"] = "x" }, "top level"},
	} {
		files := map[string]string{}
		for k, v := range good {
			files[k] = v
		}
		tt.edit(files)
		name := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".tar.gz")
		writeTarGz(t, name, files)
		got, err := readArchive(name)
		if err == nil {
			err = checkContents(name, got, "foresight", want)
		}
		if (err == nil) != (tt.fails == "") || (err != nil && !strings.Contains(err.Error(), tt.fails)) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.fails)
		}
	}
}

func TestChecksums(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "foresight_1_linux_amd64.tar.gz"), []byte("archive"), 0o644)
	sum := sha256.Sum256([]byte("archive"))
	line := hex.EncodeToString(sum[:]) + "  foresight_1_linux_amd64.tar.gz\n"
	os.WriteFile(filepath.Join(dir, "checksums.txt"), []byte(line), 0o644)
	if err := checkChecksums(dir); err != nil {
		t.Errorf("good checksums: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "foresight_1_darwin_arm64.tar.gz"), []byte("unlisted"), 0o644)
	if err := checkChecksums(dir); err == nil {
		t.Error("an unlisted archive passes")
	}
	os.Remove(filepath.Join(dir, "foresight_1_darwin_arm64.tar.gz"))
	os.WriteFile(filepath.Join(dir, "foresight_1_linux_amd64.tar.gz"), []byte("tampered"), 0o644)
	if err := checkChecksums(dir); err == nil {
		t.Error("a changed archive passes")
	}
}
