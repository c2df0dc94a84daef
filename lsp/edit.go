package lsp

import (
	"fmt"

	"github.com/foresight-sol/foresight/solc/position"
	"go.lsp.dev/protocol"
)

// contentChange is one entry of didChange's contentChanges. Unlike
// protocol.TextDocumentContentChangeEvent its range is a pointer: a change
// without a range replaces the whole document, even under incremental
// sync, and a zero range would be an insertion at the start.
type contentChange struct {
	Range *protocol.Range `json:"range,omitempty"`
	Text  string          `json:"text"`
}

// didChangeParams is protocol.DidChangeTextDocumentParams with
// contentChange.
type didChangeParams struct {
	TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                          `json:"contentChanges"`
}

// applyChanges applies changes in order, each to the result of the last.
// Positions count UTF-16 code units, as LSP specifies.
func applyChanges(content []byte, changes []contentChange) ([]byte, error) {
	for i, c := range changes {
		if c.Range == nil {
			content = []byte(c.Text)
			continue
		}
		m := position.NewMapper(content)
		start, err := fromPosition(m, c.Range.Start)
		if err != nil {
			return nil, fmt.Errorf("change %d: start: %w", i, err)
		}
		end, err := fromPosition(m, c.Range.End)
		if err != nil {
			return nil, fmt.Errorf("change %d: end: %w", i, err)
		}
		if end < start {
			return nil, fmt.Errorf("change %d: range ends before it starts", i)
		}
		next := make([]byte, 0, len(content)-(end-start)+len(c.Text))
		next = append(next, content[:start]...)
		next = append(next, c.Text...)
		next = append(next, content[end:]...)
		content = next
	}
	return content, nil
}
