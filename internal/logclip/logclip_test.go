package logclip

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// TestClip: no line holds more than a clipped field's worth of any one
// value, whether the long value is the message, a string, bytes or an
// error, in a field given at once or by With; short values are kept.
func TestClip(t *testing.T) {
	long := strings.Repeat("é", 1<<19) // 1 MiB, two bytes a character
	var buf bytes.Buffer
	enc := zap.NewDevelopmentEncoderConfig()
	log := zap.New(Core(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.AddSync(&buf), zapcore.DebugLevel)))
	log.Info(long)
	log.Info("string", zap.String("name", long), zap.String("short", "kept"))
	log.Info("bytes", zap.ByteString("body", []byte(long)))
	log.Info("error", zap.Error(errors.New(long)))
	log.With(zap.String("name", long)).Info("with")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5", len(lines))
	}
	for _, l := range lines {
		if len(l) > 3*MaxField {
			t.Errorf("a line of %d bytes: %.80s...", len(l), l)
		}
		if !strings.Contains(l, "(1048576 bytes, clipped)") {
			t.Errorf("line does not say it was clipped: %.120s", l)
		}
		if !strings.Contains(strings.ToValidUTF8(l, "\x00"), "é") || strings.ContainsRune(l, '\uFFFD') {
			t.Errorf("clipped inside a character: %.120s", l)
		}
	}
	if !strings.Contains(lines[1], `"short": "kept"`) {
		t.Errorf("a short field changed: %s", lines[1])
	}
}
