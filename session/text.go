package session

import (
	"sync"

	"github.com/foresight-sol/foresight/solc/position"
)

// A Text is a file's text as one compile (or an editor's buffer) had it:
// immutable, its line mapper built on first use. Findings, notes and the
// front end's compiled files point at a Text, so a byte range is always
// read against the text it was computed on, and two ranges share a text
// exactly when they point at the same one.
type Text struct {
	content []byte
	once    sync.Once
	m       *position.Mapper
}

// NewText wraps content, which nobody changes afterwards.
func NewText(content []byte) *Text { return &Text{content: content} }

// Content is the text's bytes; callers do not modify them.
func (t *Text) Content() []byte { return t.content }

// Mapper converts the text's byte offsets to lines and columns.
func (t *Text) Mapper() *position.Mapper {
	t.once.Do(func() { t.m = position.NewMapper(t.content) })
	return t.m
}

// Lines returns the text of each line, without line breaks.
func (t *Text) Lines() []string { return Lines(t.Mapper()) }

// Line returns the zero-based line of a byte offset (clamped).
func (t *Text) Line(offset int) int { return LineOf(t.Mapper(), offset) }
