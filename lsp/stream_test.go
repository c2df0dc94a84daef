package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// rwc is an in-memory connection: reads from a string, writes to a builder.
type rwc struct {
	io.Reader
	out strings.Builder
}

func (c *rwc) Write(p []byte) (int, error) { return c.out.Write(p) }
func (c *rwc) Close() error                { return nil }

func TestStreamFraming(t *testing.T) {
	a := `{"jsonrpc":"2.0","method":"a","params":1}`
	b := `{"jsonrpc":"2.0","id":7,"method":"b"}`
	in := "\r\n" + // stray blank line
		fmt.Sprintf("content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n%s", len(a), a) +
		"X-Bogus\r\nContent-Length: 2\r\n\r\n{}" + // bad header line: skipped, reported
		"Content-Length: 5\r\n\r\nnull!" + // not JSON
		fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(b), b)
	var bad []error
	c := &rwc{Reader: strings.NewReader(in)}
	s := newStream(c, func(_ []byte, err error) { bad = append(bad, err) })
	var methods []string
	for {
		msg, _, err := s.Read(context.Background())
		if err != nil {
			break
		}
		if r, ok := msg.(jsonrpc2.Request); ok {
			methods = append(methods, r.Method())
		}
	}
	if strings.Join(methods, ",") != "a,b" || len(bad) != 2 {
		t.Errorf("methods %v, bad %v; want a,b and two bad messages", methods, bad)
	}
	if _, err := s.writeRaw([]byte(`{"x":1}`)); err != nil {
		t.Fatal(err)
	}
	if got := c.out.String(); got != "Content-Length: 7\r\n\r\n{\"x\":1}" {
		t.Errorf("frame = %q", got)
	}
}

// TestStreamResynchronises: after a header block without a usable
// Content-Length the stream finds the next message, whether the bad
// length was unreadable or over the limit (the body, if any, is scanned
// past: the announced bytes are not awaited), and reports each bad frame
// once; a message over the limit for its method is read and refused.
func TestStreamResynchronises(t *testing.T) {
	next := `{"jsonrpc":"2.0","id":2,"method":"next"}`
	frame := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(next), next)
	huge := maxSyncMessage + 1
	big := `{"jsonrpc":"2.0","method":"big","params":"` + strings.Repeat("x", maxMessage) + `"}`
	for _, c := range []struct{ name, in string }{
		{"unreadable", "Content-Length: abc\r\n\r\n" + `{"jsonrpc":"2.0","id":1,"method":"lost"}` + frame},
		{"negative", "Content-Length: -5\r\n\r\n{}" + frame},
		{"zero", "Content-Length: 0\r\n\r\n" + frame},
		{"unreadable, lower case", "content-length: 1e3\r\n\r\n{\"a\":1}\n" + strings.ToLower(frame[:16]) + frame[16:]},
		{"too large, body sent", fmt.Sprintf("Content-Length: %d\r\n\r\n", huge) + strings.Repeat("x", huge) + frame},
		{"too large, no body", fmt.Sprintf("Content-Length: %d\r\n\r\n", huge) + frame},
		{"2^63-1, no body", "Content-Length: 9223372036854775807\r\n\r\n" + frame},
		{"over the limit for its method", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(big), big) + frame},
		{"endless header line", strings.Repeat("X", 1<<20) + "\r\n\r\n" + frame},
	} {
		t.Run(c.name, func(t *testing.T) {
			var bad []error
			s := newStream(&rwc{Reader: strings.NewReader(c.in)}, func(_ []byte, err error) { bad = append(bad, err) })
			var methods []string
			for {
				msg, _, err := s.Read(context.Background())
				if err != nil {
					break
				}
				if r, ok := msg.(jsonrpc2.Request); ok {
					methods = append(methods, r.Method())
				}
			}
			if strings.Join(methods, ",") != "next" || len(bad) != 1 {
				t.Errorf("methods %v, %d bad frames (first: %v); want next and one bad frame", methods, len(bad), bad[:min(len(bad), 1)])
			}
		})
	}
}

// TestStreamWrongLength: a Content-Length a few bytes off either way
// costs at most the message it belongs to, never the next one (issue 69:
// after a wrong length the next message was lost).
func TestStreamWrongLength(t *testing.T) {
	a := `{"jsonrpc":"2.0","id":1,"method":"a"}`
	next := `{"jsonrpc":"2.0","id":2,"method":"next"}`
	frame := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(next), next)
	for _, c := range []struct {
		name  string
		delta int
		want  string
	}{
		{"exact", 0, "a,next"},
		{"one too long", 1, "a,next"},
		{"ten too long", 10, "a,next"},
		{"into the next body", len("Content-Length: 40\r\n\r\n") + 5, "a,next"},
		{"one too short", -1, "next"},
		{"ten too short", -10, "next"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(a)+c.delta, a) + frame
			s := newStream(&rwc{Reader: strings.NewReader(in)}, nil)
			var methods []string
			for {
				msg, _, err := s.Read(context.Background())
				if err != nil {
					break
				}
				if r, ok := msg.(jsonrpc2.Request); ok {
					methods = append(methods, r.Method())
				}
			}
			if got := strings.Join(methods, ","); got != c.want {
				t.Errorf("methods %q, want %q", got, c.want)
			}
		})
	}
}

// FuzzStream reads arbitrary input followed by a well-formed frame: the
// stream ends (no hang, no panic) and reads every byte.
func FuzzStream(f *testing.F) {
	f.Add("Content-Length: abc\r\n\r\n{}")
	f.Add("Content-Length: 2\r\n\r\n{}")
	f.Add("content-length: 99999999999\r\n\r\n")
	f.Add("Content-Length: 9223372036854775807\r\n\r\nContent-Length: 2\r\n\r\n{}")
	f.Add("X\r\nContent-Length: 1\r\n\r\n{")
	f.Add(`{"jsonrpc":"2.0","id":81}`)
	f.Fuzz(func(t *testing.T, in string) {
		s := newStream(&rwc{Reader: strings.NewReader(in)}, nil)
		var total int64
		for range len(in) + 1 {
			_, n, err := s.Read(context.Background())
			total += n
			if err != nil {
				break
			}
		}
		if total > int64(len(in)) {
			t.Errorf("read %d bytes of %d", total, len(in))
		}
	})
}

func TestDecodeIDWithoutMethod(t *testing.T) {
	for _, body := range []string{`{"jsonrpc":"2.0","id":81}`, `{"jsonrpc":"2.0"}`} {
		if _, err := decode([]byte(body)); !errors.Is(err, errInvalidRequest) {
			t.Errorf("decode(%s) = %v, want an invalid request", body, err)
		}
	}
	for _, body := range []string{`{"jsonrpc":"2.0","id":81,"result":null}`, `{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}`, `{"jsonrpc":"2.0","method":"m"}`} {
		if _, err := decode([]byte(body)); err != nil {
			t.Errorf("decode(%s) = %v", body, err)
		}
	}
}

// TestStreamAdmitsEscapedDocument: a didOpen of a document at the
// server's limit (maxDocument) whose every byte JSON escapes as \u00XX,
// the worst case, is under maxSyncMessage and decodes; a request of the
// same size is refused before decoding.
func TestStreamAdmitsEscapedDocument(t *testing.T) {
	text := strings.Repeat("\x01", maxDocument)
	open, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": protocol.MethodTextDocumentDidOpen, "params": protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: protocol.DocumentURI("file:///" + strings.Repeat("u", 4096) + ".sol"), LanguageID: "solidity", Version: 1, Text: text},
	}})
	if err != nil {
		t.Fatal(err)
	}
	hover := strings.Replace(string(open), `"method":"textDocument/didOpen"`, `"id":3,"method":"textDocument/hover"`, 1)
	in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(open), open) + fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(hover), hover)
	var bad []error
	s := newStream(&rwc{Reader: strings.NewReader(in)}, func(_ []byte, err error) { bad = append(bad, err) })
	decoded := 0
	s.decode = func(data []byte) (jsonrpc2.Message, error) {
		decoded++
		return decode(data)
	}
	msg, _, err := s.Read(context.Background())
	if err != nil {
		t.Fatalf("read the document (%d bytes): %v", len(open), err)
	}
	var p protocol.DidOpenTextDocumentParams
	if n, ok := msg.(*jsonrpc2.Notification); !ok || json.Unmarshal(n.Params(), &p) != nil || p.TextDocument.Text != text {
		t.Fatalf("the document did not decode: %T", msg)
	}
	if _, _, err := s.Read(context.Background()); err == nil || len(bad) != 1 || !errors.Is(bad[0], errTooLarge) || decoded != 1 {
		t.Errorf("a hover of %d bytes: %v, bad %v, %d decodes; want it refused undecoded", len(hover), err, bad, decoded)
	}
}

// TestStreamAdmitsManyWatchedFiles: a checkout that changes 20,000 files
// sends one didChangeWatchedFiles over the 1 MiB limit of other messages;
// it is read, not refused.
func TestStreamAdmitsManyWatchedFiles(t *testing.T) {
	events := make([]*protocol.FileEvent, 20000)
	for i := range events {
		events[i] = &protocol.FileEvent{URI: protocol.DocumentURI(fmt.Sprintf("file:///project/lib/dependency/src/contracts/File%05d.sol", i)), Type: protocol.FileChangeTypeChanged}
	}
	msg, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": protocol.MethodWorkspaceDidChangeWatchedFiles, "params": protocol.DidChangeWatchedFilesParams{Changes: events}})
	if err != nil {
		t.Fatal(err)
	}
	if len(msg) <= maxMessage {
		t.Fatalf("the message is %d bytes, not over the limit of %d", len(msg), maxMessage)
	}
	in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(msg), msg)
	var bad []error
	s := newStream(&rwc{Reader: strings.NewReader(in)}, func(_ []byte, err error) { bad = append(bad, err) })
	got, _, err := s.Read(context.Background())
	if err != nil || len(bad) != 0 {
		t.Fatalf("read: %v, bad frames %v", err, bad)
	}
	var p protocol.DidChangeWatchedFilesParams
	if n, ok := got.(*jsonrpc2.Notification); !ok || json.Unmarshal(n.Params(), &p) != nil || len(p.Changes) != len(events) {
		t.Fatalf("the events did not decode: %T", got)
	}
}
