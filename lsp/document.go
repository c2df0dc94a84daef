package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func clamp(x, lo, hi int) int {
	return max(lo, min(x, hi))
}

// rangeIn converts a byte range of a text to an LSP range; offsets
// outside the text are clamped.
func rangeIn(t *session.Text, start, end int) protocol.Range {
	n := len(t.Content())
	start, end = clamp(start, 0, n), clamp(end, 0, n)
	if end < start {
		end = start
	}
	r, err := toRange(t.Mapper(), start, end)
	if err != nil {
		return protocol.Range{}
	}
	return r
}

// A document is an open editor buffer.
type document struct {
	uri     protocol.DocumentURI
	path    string
	version int32
	text    *session.Text
	// awaitingContent: opened empty, as a file an edit creates is before
	// the edit's text arrives (an exported test); it is compiled once
	// its content arrives, not before (solc would say the empty file
	// lacks an SPDX line and a pragma).
	awaitingContent bool
}

// pathOf returns the file path of a file:// URI.
func pathOf(u protocol.DocumentURI) (string, error) {
	parsed, err := url.Parse(string(u))
	if err != nil {
		return "", fmt.Errorf("parse uri %q: %w", u, err)
	}
	if parsed.Scheme != "file" {
		return "", fmt.Errorf("uri %q: only file:// documents are supported", u)
	}
	return filepath.Clean(filepath.FromSlash(parsed.Path)), nil
}

// uriOf returns the file:// URI of a path.
func uriOf(path string) protocol.DocumentURI {
	return protocol.DocumentURI(uri.File(path))
}
