// Package logclip bounds what one log line holds: a zap core that clips
// every string, byte string and error field, and the message, to
// MaxField bytes. A request can carry a megabyte where a name belongs
// (a fuzzFunction of 1 MB wrote a log line of a million characters), and
// a log is read by people and kept on disk.
package logclip

import (
	"fmt"
	"unicode/utf8"

	"go.uber.org/zap/zapcore"
)

// MaxField is the most bytes of one field or message kept.
const MaxField = 1024

// Core wraps c so that every entry it writes is clipped.
func Core(c zapcore.Core) zapcore.Core { return core{c} }

type core struct{ zapcore.Core }

func (c core) With(fs []zapcore.Field) zapcore.Core { return core{c.Core.With(clipFields(fs))} }

func (c core) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c core) Write(e zapcore.Entry, fs []zapcore.Field) error {
	e.Message = Clip(e.Message)
	return c.Core.Write(e, clipFields(fs))
}

// clipFields returns fs with its long values clipped; fs itself is left
// as it is when nothing needs clipping.
func clipFields(fs []zapcore.Field) []zapcore.Field {
	var out []zapcore.Field
	for i, f := range fs {
		g, changed := clipField(f)
		if !changed {
			if out != nil {
				out = append(out, f)
			}
			continue
		}
		if out == nil {
			out = append(make([]zapcore.Field, 0, len(fs)), fs[:i]...)
		}
		out = append(out, g)
	}
	if out == nil {
		return fs
	}
	return out
}

func clipField(f zapcore.Field) (zapcore.Field, bool) {
	switch f.Type {
	case zapcore.StringType:
		if len(f.String) > MaxField {
			f.String = Clip(f.String)
			return f, true
		}
	case zapcore.ByteStringType:
		if b, ok := f.Interface.([]byte); ok && len(b) > MaxField {
			return zapcore.Field{Key: f.Key, Type: zapcore.StringType, String: Clip(string(b))}, true
		}
	case zapcore.ErrorType:
		if err, ok := f.Interface.(error); ok && err != nil {
			if s := err.Error(); len(s) > MaxField {
				return zapcore.Field{Key: f.Key, Type: zapcore.StringType, String: Clip(s)}, true
			}
		}
	}
	return f, false
}

// Clip returns s cut to MaxField bytes on a character boundary, saying
// how long it was.
func Clip(s string) string {
	if len(s) <= MaxField {
		return s
	}
	cut := MaxField
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes, clipped)", s[:cut], len(s))
}
