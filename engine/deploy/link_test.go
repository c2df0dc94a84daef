package deploy

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestLinkOwnBuild: a library two compilers both compile (a project
// with pragma ^0.4.24 and ^0.8.0 files that import it) is two contracts,
// and each contract links the one of its own build. Link took the first
// of the name, so the 0.4 contract ran the 0.8 library (its checked
// arithmetic included).
func TestLinkOwnBuild(t *testing.T) {
	prog, err := program.New(testbuild.CompileIn(t, filepath.Join("testdata", "twocompilers"), "Old.sol", "New.sol"))
	if err != nil {
		t.Fatal(err)
	}
	ch, d := planAndDeploy(t, prog, 1)
	libs := 0
	for _, c := range prog.Contracts {
		if c.Name == "MathLib" || d.Errors[c.Index] != nil {
			continue
		}
		code := ch.Reader().GetCode(d.Addrs[c.Index])
		for _, lib := range prog.Contracts {
			if lib.Name != "MathLib" {
				continue
			}
			libs++
			if linked, own := bytes.Contains(code, d.Addrs[lib.Index][:]), lib.Build == c.Build; linked != own {
				t.Errorf("%s links the MathLib of %s: %v, want %v", c.Name, lib.Build.Compiler, linked, own)
			}
		}
	}
	if libs != 4 {
		t.Fatalf("%d (counter, MathLib) pairs checked, want 4: two counters deployed and two MathLibs", libs)
	}
}
