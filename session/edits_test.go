package session

import (
	"reflect"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc/position"
)

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func TestDiffLines(t *testing.T) {
	for _, tt := range []struct {
		name, old, new string
		want           []Hunk
	}{
		{"same", "a\nb", "a\nb", nil},
		{"change", "a\nb\nc", "a\nB\nc", []Hunk{{1, 2, 1, 2}}},
		{"insert", "a\nc", "a\nb\nc", []Hunk{{1, 1, 1, 2}}},
		{"delete", "a\nb\nc", "a\nc", []Hunk{{1, 2, 1, 1}}},
		{"two hunks", "a\nb\nc\nd\ne", "A\nb\nc\nd\nE\nf", []Hunk{{0, 1, 0, 1}, {4, 5, 4, 6}}},
		{"moved block", "x\na\nb\ny", "a\nb\nx\ny", []Hunk{{0, 1, 0, 0}, {3, 3, 2, 3}}},
		{"all new", "", "a\nb", []Hunk{{0, 0, 0, 2}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := DiffLines(split(tt.old), split(tt.new)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("diffLines = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestTouchesAndShift(t *testing.T) {
	hunks := []Hunk{{2, 3, 2, 4}, {6, 6, 7, 9}} // line 2 became two lines; two lines inserted before old 6
	for _, tt := range []struct {
		first, last int
		want        bool
	}{
		{0, 1, false}, {2, 2, true}, {1, 3, true}, {3, 5, false}, {5, 6, true}, {6, 8, false},
	} {
		if got := Touches(hunks, tt.first, tt.last, true); got != tt.want {
			t.Errorf("touches old [%d,%d] = %v, want %v", tt.first, tt.last, got, tt.want)
		}
	}
	for line, want := range map[int]int{0: 0, 1: 1, 3: 4, 5: 6, 6: 9, 10: 13} {
		if got, ok := ShiftLine(hunks, line); !ok || got != want {
			t.Errorf("ShiftLine(%d) = %d, %v, want %d", line, got, ok, want)
		}
	}
	if _, ok := ShiftLine(hunks, 2); ok {
		t.Error("shiftLine of a changed line succeeded")
	}
}

func TestRelocate(t *testing.T) {
	old := position.NewMapper([]byte("contract C {\n    function f() public {\n        assert(false);\n    }\n}\n"))
	new := position.NewMapper([]byte("// 𝄞\ncontract C {\n    uint x;\n    function f() public {\n        assert(false);\n    }\n}\n"))
	hunks := DiffLines(Lines(old), Lines(new))
	start := strings.Index(string(old.Content()), "assert")
	s, e, ok := Relocate(old, new, hunks, start, start+len("assert(false)"))
	if !ok || string(new.Content()[s:e]) != "assert(false)" {
		t.Errorf("Relocate = %d, %d, %v", s, e, ok)
	}
	edited := position.NewMapper([]byte(strings.Replace(string(old.Content()), "assert(false)", "assert(true)", 1)))
	if _, _, ok := Relocate(old, edited, DiffLines(Lines(old), Lines(edited)), start, start+6); ok {
		t.Error("relocated a range on an edited line")
	}
}
