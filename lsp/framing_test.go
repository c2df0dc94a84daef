package lsp

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// TestBadFramesThenRequests speaks raw frames to a server: after a frame
// whose Content-Length is unreadable, one over the 32 MiB limit (70 MB,
// sent in full, scanned past) and a message with an id but no method,
// the next request is answered each time; the bad frames get one error
// each, the message without a method InvalidRequest with its id.
func TestBadFramesThenRequests(t *testing.T) {
	serverSide, clientSide := net.Pipe()
	srv := newServer(serverSide, Options{Version: "test", Toolchain: testToolchain()})
	done := make(chan error, 1)
	go func() { done <- srv.run(context.Background()) }()
	defer func() {
		clientSide.Close()
		<-done
	}()
	// Replies with a null id do not decode as responses: they land here.
	nullReplies := make(chan string, 16)
	client := newStream(clientSide, func(data []byte, _ error) { nullReplies <- string(data) })
	responses := make(chan *jsonrpc2.Response, 16)
	go func() {
		for {
			msg, _, err := client.Read(context.Background())
			if err != nil {
				close(responses)
				return
			}
			if r, ok := msg.(*jsonrpc2.Response); ok {
				responses <- r
			}
		}
	}()
	// await reads responses until the one with id; it returns the others.
	await := func(id int32) (*jsonrpc2.Response, []*jsonrpc2.Response) {
		t.Helper()
		var others []*jsonrpc2.Response
		timeout := time.After(awaitTimeout)
		for {
			select {
			case r, ok := <-responses:
				if !ok {
					t.Fatalf("connection closed before the answer to %d", id)
				}
				if r.ID() == jsonrpc2.NewNumberID(id) {
					return r, others
				}
				others = append(others, r)
			case <-timeout:
				t.Fatalf("no answer to request %d", id)
			}
		}
	}
	request := func(id int32) {
		t.Helper()
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"shutdown"}`, id)
		if _, err := client.writeRaw([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	raw := func(s string) {
		t.Helper()
		if _, err := clientSide.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	const big = 70 << 20
	var replies []*jsonrpc2.Response // with an id, other than the ones awaited
	for i, bad := range []func(){
		func() { raw("Content-Length: abc\r\n\r\n" + `{"jsonrpc":"2.0","id":99,"method":"shutdown"}`) },
		func() {
			raw(fmt.Sprintf("Content-Length: %d\r\n\r\n", big))
			chunk := strings.Repeat(`{"content":[1,2,3]}`, 1<<14)
			for n := 0; n < big; n += len(chunk) {
				raw(chunk[:min(len(chunk), big-n)])
			}
		},
	} {
		bad()
		id := int32(i + 1)
		request(id)
		r, others := await(id)
		replies = append(replies, others...)
		// Before initialize: answered, with ServerNotInitialized.
		if rpcCode(r.Err()) != jsonrpc2.ServerNotInitialized {
			t.Errorf("request %d after a bad frame: %v", id, r.Err())
		}
	}
	raw(`Content-Length: 25` + "\r\n\r\n" + `{"jsonrpc":"2.0","id":81}`)
	r, others := await(81)
	replies = append(replies, others...)
	if rpcCode(r.Err()) != jsonrpc2.InvalidRequest {
		t.Errorf("id without method: %v, want InvalidRequest", r.Err())
	}
	request(3)
	_, others = await(3)
	replies = append(replies, others...)
	if len(replies) != 0 {
		t.Errorf("unexpected replies %v", replies)
	}
	// One ParseError per bad frame, with a null id.
	for i := range 2 {
		select {
		case data := <-nullReplies:
			if !strings.Contains(data, `"id":null`) || !strings.Contains(data, `"code":-32700`) {
				t.Errorf("reply to bad frame %d = %s, want a ParseError with a null id", i, data)
			}
		case <-time.After(awaitTimeout):
			t.Fatalf("%d replies to the two bad frames", i)
		}
	}
}
