package testbuild

import (
	"context"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// CompilesCleanly compiles paths of the project at root with the real
// compiler and fails t on any error (an exported test must compile).
func CompilesCleanly(t testing.TB, root string, paths []string) {
	t.Helper()
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Toolchain().Compile(context.Background(), proj, solc.Request{Files: paths, Mode: solc.Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range out {
		for _, d := range b.Diagnostics {
			if d.Severity == solc.SeverityError {
				t.Errorf("%s:%d: %s %s", d.Unit, d.Start, d.Type, d.Message)
			}
		}
		if b.Err != nil {
			t.Error(b.Err)
		}
	}
}
