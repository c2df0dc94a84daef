package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func hoverAt(path string, line, char uint32) protocol.HoverParams {
	return protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}, Position: protocol.Position{Line: line, Character: char},
	}}
}

// TestCancelRequest cancels a request that holds the queue (it never
// releases it) and one queued behind it: $/cancelRequest must not wait
// behind the request it cancels, and both answer RequestCancelled.
func TestCancelRequest(t *testing.T) {
	f := newFake(t, fakeOptions{routes: map[string]handlerFunc{
		"foresight/test/block": func(ctx context.Context, _ json.RawMessage) (any, error) {
			<-ctx.Done()
			return "finished anyway", nil
		},
	}})
	block := f.start("foresight/test/block", nil, nil)
	queued := f.start(protocol.MethodTextDocumentHover, hoverAt("/nowhere.sol", 0, 0), nil)
	f.cancel(queued)
	f.cancel(block)
	if err := block.wait(t); rpcCode(err) != protocol.CodeRequestCancelled {
		t.Errorf("cancelled running request: %v, want RequestCancelled (%d)", err, protocol.CodeRequestCancelled)
	}
	if err := queued.wait(t); rpcCode(err) != protocol.CodeRequestCancelled {
		t.Errorf("cancelled queued request: %v, want RequestCancelled", err)
	}
	if strings.Contains(f.logs.String(), `"method": "textDocument/hover"`) {
		t.Error("the queued hover ran although it was cancelled before it started")
	}

	// Cancels of answered, unknown or malformed ids are ignored.
	f.cancel(block)
	f.notify(protocol.MethodCancelRequest, map[string]any{"id": 424242})
	f.notify(protocol.MethodCancelRequest, map[string]any{"id": map[string]any{"not": "an id"}})
	f.notify(protocol.MethodCancelRequest, nil)
	var hover *protocol.Hover
	if err := f.call(protocol.MethodTextDocumentHover, hoverAt("/nowhere.sol", 0, 0), &hover); err != nil {
		t.Errorf("hover after cancellations: %v", err)
	}
	f.shutdown()
}

// TestCancelExport cancels "Export as Foundry test" while the server waits
// for the client to apply its edit: the command answers RequestCancelled,
// the server cancels its own workspace/applyEdit, and while the command
// waits, other requests are answered (it released the queue).
func TestCancelExport(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: budget})
	f.open(path)
	f.awaitFindingLines(path, 10, 13)
	f.mu.Lock()
	id := findingIDOf(f.findingsLocked(path)[0])
	hold := make(chan struct{})
	f.holdEdit = hold
	f.mu.Unlock()
	defer close(hold)

	export := f.start(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdExportTest, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
	}, nil)
	f.Await("the server's workspace/applyEdit", func() bool { return len(f.edits) == 1 })
	var hover *protocol.Hover
	if err := f.call(protocol.MethodTextDocumentHover, hoverAt(path, 10, 14), &hover); err != nil || hover == nil {
		t.Errorf("hover while the export waits: %v, %v", err, hover)
	}
	f.cancel(export)
	if err := export.wait(t); rpcCode(err) != protocol.CodeRequestCancelled {
		t.Errorf("cancelled export: %v, want RequestCancelled", err)
	}
	f.Await("$/cancelRequest for the applyEdit", func() bool { return len(f.cancels) == 1 })
	f.shutdown()
}
