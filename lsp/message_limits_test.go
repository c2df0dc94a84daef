package lsp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// rawClient speaks raw frames to an in-process server and collects its
// answers: responses by id, and replies with a null id (which do not
// decode as responses) as text.
type rawClient struct {
	t         *testing.T
	srv       *server
	conn      net.Conn
	out       *stream
	done      chan error // the server's end
	responses chan *jsonrpc2.Response
	nulls     chan string

	mu      sync.Mutex
	decoded []int // sizes of the bodies the server's stream decoded
}

func newRawClient(t *testing.T) *rawClient {
	serverSide, clientSide := net.Pipe()
	c := &rawClient{
		t: t, conn: clientSide, done: make(chan error, 1),
		responses: make(chan *jsonrpc2.Response, 64), nulls: make(chan string, 64),
	}
	c.srv = newServer(serverSide, Options{Version: "test", Toolchain: testToolchain()})
	c.srv.stream.decode = func(data []byte) (jsonrpc2.Message, error) {
		c.mu.Lock()
		c.decoded = append(c.decoded, len(data))
		c.mu.Unlock()
		return decode(data)
	}
	go func() { c.done <- c.srv.run(context.Background()) }()
	c.out = newStream(clientSide, func(data []byte, _ error) { c.nulls <- string(data) })
	go func() {
		for {
			msg, _, err := c.out.Read(context.Background())
			if err != nil {
				return
			}
			if r, ok := msg.(*jsonrpc2.Response); ok {
				c.responses <- r
			}
		}
	}()
	t.Cleanup(func() {
		clientSide.Close()
		select {
		case <-c.done:
		case <-time.After(awaitTimeout):
			t.Errorf("server did not stop")
		}
	})
	return c
}

// raw writes bytes as they are.
func (c *rawClient) raw(s string) {
	c.t.Helper()
	if _, err := c.conn.Write([]byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

// send frames a JSON body.
func (c *rawClient) send(body string) {
	c.t.Helper()
	if _, err := c.out.writeRaw([]byte(body)); err != nil {
		c.t.Fatal(err)
	}
}

// await returns the response with id, failing on any other.
func (c *rawClient) await(id int32) *jsonrpc2.Response {
	c.t.Helper()
	timeout := time.After(awaitTimeout)
	for {
		select {
		case r := <-c.responses:
			if r.ID() == jsonrpc2.NewNumberID(id) {
				return r
			}
			c.t.Errorf("unexpected response %v", r.ID())
		case <-timeout:
			c.t.Fatalf("no answer to request %d", id)
		}
	}
}

// awaitNull returns the next reply with a null id.
func (c *rawClient) awaitNull() string {
	c.t.Helper()
	select {
	case data := <-c.nulls:
		return data
	case <-time.After(awaitTimeout):
		c.t.Fatal("no reply with a null id")
		return ""
	}
}

func (c *rawClient) initialize() {
	c.t.Helper()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`)
	if r := c.await(1); r.Err() != nil {
		c.t.Fatalf("initialize: %v", r.Err())
	}
	c.send(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
}

// TestHugeContentLengthThenExit: a frame announcing a body far over the
// limit, with no body, is answered with one ParseError without waiting
// for the announced bytes; the next request is answered and exit ends the
// server.
func TestHugeContentLengthThenExit(t *testing.T) {
	for _, length := range []string{"100000000", "9223372036854775807"} {
		t.Run(length, func(t *testing.T) {
			c := newRawClient(t)
			c.raw("Content-Length: " + length + "\r\n\r\n")
			c.initialize()
			if data := c.awaitNull(); !strings.Contains(data, `"code":-32700`) || !strings.Contains(data, length) {
				t.Errorf("reply to the huge frame = %s, want a ParseError naming its length", data)
			}
			c.send(`{"jsonrpc":"2.0","method":"exit"}`)
			select {
			case err := <-c.done:
				c.done <- err // for Cleanup
				if !errors.Is(err, ErrNoShutdown) {
					t.Errorf("exit without shutdown: %v, want ErrNoShutdown", err)
				}
			case <-time.After(awaitTimeout):
				t.Fatal("exit did not end the server")
			}
		})
	}
}

// padded is a didChangeConfiguration of about size bytes that sets
// fuzzExecs to 77 and carries a long array of numbers beside it.
func padded(size int) string {
	const head = `{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":{"foresight":{"fuzzExecs":77,"pad":[0`
	const tail = `]}}}}`
	return head + strings.Repeat(",0", (size-len(head)-len(tail))/2) + tail
}

// TestHugeConfigurationRefusedBeforeDecode: a didChangeConfiguration over
// the limit of messages other than document sync is refused before it is
// decoded (InvalidRequest; its settings do not apply), and one over the
// document limit is not even read (ParseError); the stream goes on with
// the next request each time.
func TestHugeConfigurationRefusedBeforeDecode(t *testing.T) {
	c := newRawClient(t)
	c.initialize()
	for i, tt := range []struct {
		name string
		size int
		code string
	}{
		{"over the message limit", 2 << 20, `"code":-32600`},
		{"over the document limit", 40 << 20, `"code":-32700`},
	} {
		body := padded(tt.size)
		c.send(body)
		id := int32(i + 10)
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"foresight/ping"}`, id))
		if r := c.await(id); rpcCode(r.Err()) != jsonrpc2.MethodNotFound {
			t.Errorf("%s: the next request got %v, want MethodNotFound", tt.name, r.Err())
		}
		if data := c.awaitNull(); !strings.Contains(data, tt.code) || !strings.Contains(data, "limit") {
			t.Errorf("%s: reply = %s, want %s about the limit", tt.name, data, tt.code)
		}
	}
	c.mu.Lock()
	for _, n := range c.decoded {
		if n > 1<<20 {
			t.Errorf("a body of %d bytes was decoded", n)
		}
	}
	c.mu.Unlock()
	c.srv.mu.Lock()
	if c.srv.settings.FuzzExecs == 77 {
		t.Error("the refused settings were applied")
	}
	c.srv.mu.Unlock()
}
