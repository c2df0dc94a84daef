package program_test

import (
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// TestCallerAssert: the router's assert of the caller's identity (its
// receive() or fallback guard) is an access check, both from 0.8's
// Panic origin (CallerAssert) and from before 0.8's INVALID
// (InvalidSites' Revert); the twin's assert of its own bookkeeping is
// neither.
func TestCallerAssert(t *testing.T) {
	for _, tt := range []struct {
		file   string
		guard  int // the guard's line
		assert int // the bookkeeping assert's line, 0 if none
	}{
		{"swc110_neg_receive_guard.sol", 36, 0},
		{"swc110_pos_receive_guard.sol", 33, 40},
		{"swc110_neg_fallback_guard04.sol", 35, 0},
		{"swc110_pos_fallback_guard04.sol", 35, 42},
	} {
		prog, err := program.New(testbuild.Compile(t, filepath.Join("..", "testdata", "vulns", tt.file)))
		if err != nil {
			t.Fatal(err)
		}
		c, ok := prog.Lookup("Router")
		if !ok {
			t.Fatalf("%s: no Router", tt.file)
		}
		line := func(pc uint64) int {
			loc, ok := c.Locate(pc, false)
			if !ok {
				return 0
			}
			l, _, err := position.NewMapper(c.Build.Units[loc.Unit].Content).LineCol(loc.Start)
			if err != nil {
				t.Fatal(err)
			}
			return l + 1
		}
		access, asserts := map[int]bool{}, map[int]bool{}
		if c.Legacy() {
			for _, s := range c.InvalidSites() {
				if s.Revert {
					access[line(s.PC)] = true
				} else if s.Panic == 0x01 {
					asserts[line(s.PC)] = true
				}
			}
		} else {
			for pc := range uint64(len(c.Artifact.Runtime.Bytes)) {
				if c.CallerAssert(pc) {
					access[line(pc)] = true
				}
			}
		}
		if want := map[int]bool{tt.guard: true}; !reflect.DeepEqual(access, want) {
			t.Errorf("%s: access checks at lines %v, want %v", tt.file, keys(access), keys(want))
		}
		if c.Legacy() && tt.assert != 0 && !asserts[tt.assert] {
			t.Errorf("%s: assertions at lines %v, want %d among them", tt.file, keys(asserts), tt.assert)
		}
	}
}

func keys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}
