package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

func rng(l1, c1, l2, c2 uint32) *protocol.Range {
	return &protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

func TestApplyChanges(t *testing.T) {
	for _, tt := range []struct {
		name    string
		content string
		changes []contentChange
		want    string
	}{
		{"insert", "ab\ncd\n", []contentChange{{Range: rng(1, 1, 1, 1), Text: "X"}}, "ab\ncXd\n"},
		{"replace across lines", "ab\ncd\nef", []contentChange{{Range: rng(0, 1, 2, 1), Text: "-"}}, "a-f"},
		{"delete line", "a\nb\nc\n", []contentChange{{Range: rng(1, 0, 2, 0), Text: ""}}, "a\nc\n"},
		// 𝄞 is two UTF-16 code units and four bytes; é one unit, two bytes.
		{"astral", "// 𝄞é x\n", []contentChange{{Range: rng(0, 6, 0, 7), Text: "y"}}, "// 𝄞éyx\n"},
		{"after astral", "𝄞𝄞;\n", []contentChange{{Range: rng(0, 4, 0, 5), Text: ""}}, "𝄞𝄞\n"},
		{"crlf", "a\r\nb\r\n", []contentChange{{Range: rng(1, 0, 1, 1), Text: "B"}}, "a\r\nB\r\n"},
		{"in order", "abc", []contentChange{
			{Range: rng(0, 0, 0, 1), Text: "xy"}, // "xybc"
			{Range: rng(0, 2, 0, 3), Text: ""},   // "xyc"
		}, "xyc"},
		{"whole document", "old", []contentChange{{Text: "new"}, {Range: rng(0, 3, 0, 3), Text: "!"}}, "new!"},
		{"end of text", "a\n", []contentChange{{Range: rng(1, 0, 1, 0), Text: "b"}}, "a\nb"},
		{"past end of line clamps", "ab\ncd", []contentChange{{Range: rng(0, 1, 0, 99), Text: "X"}}, "aX\ncd"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := applyChanges([]byte(tt.content), tt.changes)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestApplyChangesRejectsBadRanges(t *testing.T) {
	for _, c := range []contentChange{
		{Range: rng(5, 0, 5, 0), Text: "x"}, // line past the end
		{Range: rng(0, 2, 0, 1), Text: "x"}, // reversed
	} {
		if _, err := applyChanges([]byte("abc\n"), []contentChange{c}); err == nil {
			t.Errorf("change %+v: no error", c.Range)
		}
	}
}
