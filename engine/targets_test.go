package engine

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

func TestParseTarget(t *testing.T) {
	for in, want := range map[string]Target{
		"a/B.sol:31":   {"a/B.sol", 31, 31},
		"B.sol:10-12":  {"B.sol", 10, 12},
		"C:/x/B.sol:5": {"C:/x/B.sol", 5, 5},
	} {
		got, err := ParseTarget(in)
		if err != nil || got != want {
			t.Errorf("ParseTarget(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"B.sol", "B.sol:0", "B.sol:5-3", "B.sol:x", ":4"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q) succeeded", bad)
		}
	}
}

func TestTargetPCs(t *testing.T) {
	path := fixtures.Shared(t, "LookaheadBar.sol")
	prog, err := program.New(compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	pcs, err := targetPCs(prog, []Target{{path, 31, 31}}, false)
	if err != nil || len(pcs) != 1 {
		t.Fatalf("targets of line 31: %v, %v", pcs, err)
	}
	for ci, list := range pcs {
		c := prog.Contracts[ci]
		for _, pc := range list {
			loc, ok := c.Locate(pc, false)
			if !ok {
				t.Fatalf("pc %d has no location", pc)
			}
			if line := lineOf(c.Build.Units[loc.Unit].Content, loc.Start); line != 31 {
				t.Errorf("pc %d is on line %d", pc, line)
			}
		}
	}
	// A comment line has no code: an error, or nothing when skipping.
	if _, err := targetPCs(prog, []Target{{path, 3, 3}}, false); err == nil {
		t.Error("a target on a comment line was accepted")
	}
	if pcs, err := targetPCs(prog, []Target{{path, 3, 3}}, true); err != nil || len(pcs) != 0 {
		t.Errorf("skipping empty targets: %v, %v", pcs, err)
	}
}

func lineOf(content []byte, off int) int {
	line := 1
	for _, b := range content[:off] {
		if b == '\n' {
			line++
		}
	}
	return line
}
