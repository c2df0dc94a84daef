package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// rpcCode returns the JSON-RPC error code of err, or 0.
func rpcCode(err error) jsonrpc2.Code {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

func TestLifecycle(t *testing.T) {
	f := newFake(t, fakeOptions{noInit: true})
	if err := f.call(protocol.MethodTextDocumentHover, map[string]any{}, nil); rpcCode(err) != jsonrpc2.ServerNotInitialized {
		t.Errorf("hover before initialize: %v, want ServerNotInitialized", err)
	}
	var res protocol.InitializeResult
	if err := f.call(protocol.MethodInitialize, map[string]any{"processId": 1, "capabilities": map[string]any{}}, &res); err != nil {
		t.Fatal(err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "foresight" {
		t.Errorf("serverInfo = %+v", res.ServerInfo)
	}
	raw, _ := json.Marshal(res.Capabilities)
	for _, want := range []string{`"change":2`, `"save":{}`, cmdReplay, cmdExportTest, cmdFuzzFunc, `"codeLensProvider"`, `"hoverProvider":true`, `"quickfix"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("capabilities lack %s: %s", want, raw)
		}
	}
	if err := f.call(protocol.MethodInitialize, map[string]any{"processId": 1, "capabilities": map[string]any{}}, nil); rpcCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("second initialize: %v, want InvalidRequest", err)
	}
	f.notify(protocol.MethodInitialized, map[string]any{})
	if err := f.call(protocol.MethodShutdown, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := f.call(protocol.MethodTextDocumentHover, map[string]any{}, nil); rpcCode(err) != jsonrpc2.InvalidRequest {
		t.Errorf("hover after shutdown: %v, want InvalidRequest", err)
	}
	f.notify(protocol.MethodExit, nil)
	if err := <-f.done; err != nil {
		t.Errorf("run after shutdown and exit = %v, want nil", err)
	}
	f.done <- nil
}

func TestExitWithoutShutdown(t *testing.T) {
	f := newFake(t, fakeOptions{})
	f.notify(protocol.MethodExit, nil)
	err := <-f.done
	f.done <- err
	if !errors.Is(err, ErrNoShutdown) {
		t.Errorf("run = %v, want ErrNoShutdown", err)
	}
}

func TestUnknownMethod(t *testing.T) {
	f := newFake(t, fakeOptions{})
	err := f.call("foresight/noSuchMethod", map[string]any{}, nil)
	if rpcCode(err) != jsonrpc2.MethodNotFound {
		t.Errorf("unknown request: %v, want MethodNotFound", err)
	}
	// Unknown notifications are ignored, and the server goes on.
	f.notify("$/noSuchNotification", map[string]any{})
	f.notify(protocol.MethodCancelRequest, map[string]any{"id": 1})
	if err := f.call("textDocument/definition", map[string]any{}, nil); rpcCode(err) != jsonrpc2.MethodNotFound {
		t.Errorf("unimplemented standard method: %v, want MethodNotFound", err)
	}
	if err := f.call(protocol.MethodTextDocumentCodeAction, json.RawMessage(`{"textDocument":42}`), nil); rpcCode(err) != jsonrpc2.InvalidParams {
		t.Errorf("bad params: %v, want InvalidParams", err)
	}
	f.shutdown()
}

func TestMalformedMessages(t *testing.T) {
	f := newFake(t, fakeOptions{})
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":`, // truncated
		`[1, 2`,
		`"just a string"`,
	} {
		if _, err := f.stream.writeRaw([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	f.Await("three error replies", func() bool { return len(f.invalid) >= 3 })
	// Replies may arrive in any order (JSON-RPC does not order them): two
	// parse errors and one invalid request, all with a null id.
	f.mu.Lock()
	codes := map[int]int{}
	for i, raw := range f.invalid {
		var resp struct {
			ID    any `json:"id"`
			Error struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(raw, &resp); err != nil {
			t.Errorf("reply %d: %v: %s", i, err, raw)
			continue
		}
		if resp.ID != nil {
			t.Errorf("reply %d = %s, want id null", i, raw)
		}
		codes[resp.Error.Code]++
	}
	if codes[int(jsonrpc2.ParseError)] != 2 || codes[int(jsonrpc2.InvalidRequest)] != 1 {
		t.Errorf("error codes %v, want two %d and one %d", codes, jsonrpc2.ParseError, jsonrpc2.InvalidRequest)
	}
	f.mu.Unlock()
	// A frame without Content-Length is skipped as well.
	if _, err := f.stream.rwc.Write([]byte("Content-Type: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	f.Await("a reply about the bad frame", func() bool { return len(f.invalid) >= 4 })
	var hover *protocol.Hover
	if err := f.call(protocol.MethodTextDocumentHover, map[string]any{
		"textDocument": map[string]any{"uri": "file:///nowhere.sol"},
		"position":     map[string]any{"line": 0, "character": 0},
	}, &hover); err != nil {
		t.Fatalf("server stopped answering after bad input: %v", err)
	}
	f.shutdown()
}

func TestPanicRecovered(t *testing.T) {
	f := newFake(t, fakeOptions{routes: map[string]handlerFunc{
		"foresight/test/panic": func(context.Context, json.RawMessage) (any, error) { panic("boom") },
	}})
	for range 2 {
		if err := f.call("foresight/test/panic", nil, nil); rpcCode(err) != jsonrpc2.InternalError {
			t.Errorf("panicking handler: %v, want InternalError", err)
		}
	}
	f.Await("the panic shown", func() bool { return len(f.shown) > 0 })
	// Shown once: the second panic goes to the log only.
	f.Await("the second panic logged", func() bool { return len(f.logged) > 0 })
	f.mu.Lock()
	if len(f.shown) != 1 || !strings.Contains(f.shown[0].Message, "boom") || f.shown[0].Type != protocol.MessageTypeError {
		t.Errorf("shown = %+v", f.shown)
	}
	f.mu.Unlock()
	f.shutdown()
}
