package lsp

import (
	"fmt"

	"github.com/foresight-sol/foresight/solc/position"
	"go.lsp.dev/protocol"
)

// toRange converts a byte range of content to an LSP range in UTF-16 code
// units.
func toRange(m *position.Mapper, start, end int) (protocol.Range, error) {
	sl, sc, err := m.UTF16(start)
	if err != nil {
		return protocol.Range{}, fmt.Errorf("range start: %w", err)
	}
	el, ec, err := m.UTF16(end)
	if err != nil {
		return protocol.Range{}, fmt.Errorf("range end: %w", err)
	}
	return protocol.Range{
		Start: protocol.Position{Line: uint32(sl), Character: uint32(sc)},
		End:   protocol.Position{Line: uint32(el), Character: uint32(ec)},
	}, nil
}

// fromPosition converts an LSP position to a byte offset.
func fromPosition(m *position.Mapper, p protocol.Position) (int, error) {
	return m.Offset(int(p.Line), int(p.Character))
}
