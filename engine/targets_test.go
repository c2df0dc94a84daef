package engine

import (
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

func TestParseTarget(t *testing.T) {
	for in, want := range map[string]Target{
		"a/B.sol:31":     {Path: "a/B.sol", FromLine: 31, ToLine: 31},
		"B.sol:10-12":    {Path: "B.sol", FromLine: 10, ToLine: 12},
		"C:/x/B.sol:5":   {Path: "C:/x/B.sol", FromLine: 5, ToLine: 5},
		"B.sol:bar":      {Path: "B.sol", Function: "bar"},
		"B.sol:Bar.bar2": {Path: "B.sol", Function: "Bar.bar2"},
		"asserts":        {Asserts: true},
	} {
		got, err := ParseTarget(in)
		if err != nil || got != want {
			t.Errorf("ParseTarget(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"B.sol", "B.sol:0", "B.sol:5-3", "B.sol:x-y", ":4", "B.sol:", "B.sol:a b", "B.sol:Bar."} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("ParseTarget(%q) succeeded", bad)
		}
	}
}

func TestTargetPCs(t *testing.T) {
	path := fixtures.Example(t, "LookaheadBar.sol")
	prog, err := program.New(compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	pcs, err := targetPCs(prog, []Target{{Path: path, FromLine: 31, ToLine: 31}}, false)
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
	if _, err := targetPCs(prog, []Target{{Path: path, FromLine: 3, ToLine: 3}}, false); err == nil {
		t.Error("a target on a comment line was accepted")
	}
	if pcs, err := targetPCs(prog, []Target{{Path: path, FromLine: 3, ToLine: 3}}, true); err != nil || len(pcs) != 0 {
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

// TestTargetKinds maps function and assert targets to the PCs of their
// source: every PC lies inside the function, or on an assert line.
func TestTargetKinds(t *testing.T) {
	path := fixtures.Example(t, "LookaheadBar.sol")
	prog, err := program.New(compile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	lines := func(pcs map[int][]uint64) map[int]bool {
		out := map[int]bool{}
		for ci, list := range pcs {
			c := prog.Contracts[ci]
			for _, pc := range list {
				loc, ok := c.Locate(pc, false)
				if !ok {
					t.Fatalf("pc %d has no location", pc)
				}
				out[lineOf(c.Build.Units[loc.Unit].Content, loc.Start)] = true
			}
		}
		return out
	}
	asserts, err := targetPCs(prog, []Target{{Asserts: true}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines(asserts); !reflect.DeepEqual(got, map[int]bool{23: true, 28: true, 31: true}) {
		t.Errorf("assert targets on lines %v, want 23, 28 and 31", got)
	}
	fn, err := targetPCs(prog, []Target{{Path: path, Function: "bar"}}, false)
	if err != nil {
		t.Fatal(err)
	}
	got := lines(fn)
	for l := range got {
		if l < 8 || l > 34 {
			t.Errorf("function target covers line %d, outside bar", l)
		}
	}
	if !got[31] || !got[23] {
		t.Errorf("function target misses lines of bar: %v", got)
	}
	if _, err := targetPCs(prog, []Target{{Path: path, Function: "nope"}}, false); err == nil {
		t.Error("a target naming no function was accepted")
	}
}
