package lsp

import (
	"testing"

	"github.com/foresight-sol/foresight/solc/position"
	"go.lsp.dev/protocol"
)

func TestToRangeCountsUTF16(t *testing.T) {
	content := []byte("// 𝄞 é\r\nassert(x);\n")
	m := position.NewMapper(content)
	start := len("// 𝄞 é\r\n")
	r, err := toRange(m, start, start+len("assert(x)"))
	if err != nil {
		t.Fatal(err)
	}
	want := protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 9}}
	if r != want {
		t.Errorf("range = %+v, want %+v", r, want)
	}
	r, err = toRange(m, len("// 𝄞"), len("// 𝄞 é"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Start.Character != 5 || r.End.Character != 7 {
		t.Errorf("astral range = %+v, want characters 5..7", r)
	}
	off, err := fromPosition(m, protocol.Position{Line: 0, Character: 6})
	if err != nil || off != len("// 𝄞 ") {
		t.Errorf("fromPosition = %d, %v", off, err)
	}
}
