package testbuild

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

var (
	once sync.Once
	tc   *solc.Toolchain
)

// Toolchain returns the test binary's shared toolchain.
func Toolchain() *solc.Toolchain {
	once.Do(func() { tc = solc.NewToolchain(solc.Config{NoNative: true}) })
	return tc
}

// Compile compiles the file at path in its project and fails the test on
// any compiler error.
func Compile(t testing.TB, path string) []*solc.Build {
	t.Helper()
	p, err := solc.LoadProject(solc.FindRoot(path))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := Toolchain().Compile(context.Background(), p, solc.Request{Files: []string{path}, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		if b.HasErrors() {
			t.Fatalf("compile %s: %+v", path, b.Diagnostics)
		}
	}
	return bs
}

// Program compiles the file at path into a fuzzable program.
func Program(t testing.TB, path string) *program.Program {
	t.Helper()
	prog, err := program.New(Compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// FoundryProject copies the fixture project in directory src and the
// forge-std stand-in (as lib/forge-std/src) into a scratch directory, and
// compiles the named files of it.
func FoundryProject(t testing.TB, src string, files ...string) (root string, bs []*solc.Build) {
	t.Helper()
	root = t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		return copyFile(p, filepath.Join(root, rel))
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		if err := copyFile(filepath.Join(fixtures.ForgeStd(), name), filepath.Join(root, "lib", "forge-std", "src", name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, CompileIn(t, root, files...)
}

// CompileIn compiles files (relative to root) of the project at root and
// fails the test on any compiler error.
func CompileIn(t testing.TB, root string, files ...string) []*solc.Build {
	t.Helper()
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(root, f))
	}
	bs, err := Toolchain().Compile(context.Background(), proj, solc.Request{Files: paths, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		if b.HasErrors() {
			t.Fatalf("compile: %+v", b.Diagnostics)
		}
	}
	return bs
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
