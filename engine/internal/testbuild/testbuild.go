// Package testbuild compiles the engine's Solidity test fixtures, once per
// test binary's toolchain (the embedded solc-js, never a native solc, so
// every machine tests with the same compiler). Only tests import it.
package testbuild

import (
	"context"
	"sync"
	"testing"

	"github.com/foresight-sol/foresight/engine/program"
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
