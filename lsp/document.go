package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"sync"

	"github.com/foresight-sol/foresight/solc/position"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A source is an immutable text with a lazily built position mapper. Open
// documents, compiled files and findings all point at sources, so a range
// is always converted with the text it was computed on.
type source struct {
	content []byte
	once    sync.Once
	m       *position.Mapper
}

func newSource(content []byte) *source { return &source{content: content} }

func (s *source) mapper() *position.Mapper {
	s.once.Do(func() { s.m = position.NewMapper(s.content) })
	return s.m
}

// lines returns the text of each line, without line breaks.
func (s *source) lines() []string {
	m := s.mapper()
	out := make([]string, m.Lines())
	for i := range out {
		a, b := m.LineRange(i)
		out[i] = string(s.content[a:b])
	}
	return out
}

// line returns the zero-based line of a byte offset (clamped).
func (s *source) line(offset int) int {
	l, _, err := s.mapper().LineCol(clamp(offset, 0, len(s.content)))
	if err != nil {
		return 0
	}
	return l
}

func clamp(x, lo, hi int) int {
	return max(lo, min(x, hi))
}

// toRange converts a byte range of the source to an LSP range; offsets
// outside the text are clamped.
func (s *source) toRange(start, end int) protocol.Range {
	n := len(s.content)
	start, end = clamp(start, 0, n), clamp(end, 0, n)
	if end < start {
		end = start
	}
	r, err := toRange(s.mapper(), start, end)
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
	text    *source
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
