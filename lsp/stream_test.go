package lsp

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
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
