package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// errCancelledByClient is the cause of a request context the client
// cancelled with $/cancelRequest.
var errCancelledByClient = errors.New("request cancelled by the client")

// A queue dispatches messages from jsonrpc2's read loop. It replaces
// jsonrpc2.AsyncHandler, which runs each message in its own goroutine but
// only after the previous one replied: a $/cancelRequest would wait behind
// the very request it cancels. The queue keeps that order (text edits must
// apply in sequence) with two changes:
//
//   - $/cancelRequest is handled at once, in the read loop: it cancels the
//     context of the request with that id, queued or running.
//   - exit is handled at once as well: nothing may delay it.
//   - A handler may release the queue before it replies (releaseQueue),
//     so a long command does not hold up typing.
type queue struct {
	s    *server
	next chan struct{} // closed when the last queued message releases; read loop only

	mu       sync.Mutex
	inflight map[jsonrpc2.ID]*inflight // requests not yet replied to
}

// inflight is a request between its arrival and its reply.
type inflight struct {
	cancel context.CancelCauseFunc
}

func newQueue(s *server) *queue {
	q := &queue{s: s, next: make(chan struct{}), inflight: map[jsonrpc2.ID]*inflight{}}
	close(q.next)
	return q
}

// releaseKey is the context key of a message's release function.
type releaseKey struct{}

// releaseQueue lets the next message start although the current one has
// not replied yet. Call it once a handler has read what it needs from the
// session and goes on with long work; later calls do nothing.
func releaseQueue(ctx context.Context) {
	if release, ok := ctx.Value(releaseKey{}).(func()); ok {
		release()
	}
}

// handle is the jsonrpc2.Handler of the connection; it runs in the read
// loop, so it never blocks.
func (q *queue) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case protocol.MethodCancelRequest:
		q.cancel(req.Params())
		return nil // a notification: no reply, and nothing queued behind it
	case protocol.MethodExit:
		// Not behind a handler that is stuck: exit ends the process
		// whatever runs (shutdown, if any, has been answered already).
		_ = q.s.exit(ctx, nil)
		return nil
	}
	ctx, cancel := context.WithCancelCause(ctx)
	if call, ok := req.(*jsonrpc2.Call); ok {
		id := call.ID()
		entry := &inflight{cancel: cancel}
		q.mu.Lock()
		q.inflight[id] = entry
		q.mu.Unlock()
		inner := reply
		reply = func(ctx context.Context, result any, err error) error {
			q.mu.Lock()
			if q.inflight[id] == entry { // a client may reuse an id
				delete(q.inflight, id)
			}
			q.mu.Unlock()
			return inner(ctx, result, err)
		}
	}
	wait := q.next
	done := make(chan struct{})
	q.next = done
	var once sync.Once
	release := func() { once.Do(func() { close(done) }) }
	ctx = context.WithValue(ctx, releaseKey{}, release)
	go func() {
		defer cancel(nil)
		defer release() // a handler that forgot to reply must not stall the rest
		<-wait
		q.s.handle(ctx, func(ctx context.Context, result any, err error) error {
			release()
			return reply(ctx, result, err)
		}, req)
	}()
	return nil
}

// cancel handles $/cancelRequest. Unknown ids (requests already answered)
// are ignored, as the protocol asks.
func (q *queue) cancel(params json.RawMessage) {
	var p struct {
		ID *jsonrpc2.ID `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.ID == nil {
		q.s.log.Warn("$/cancelRequest without a valid id", zap.ByteString("params", truncate(params, 200)))
		return
	}
	q.mu.Lock()
	entry := q.inflight[*p.ID]
	q.mu.Unlock()
	q.s.log.Debug("$/cancelRequest", zap.String("id", idString(*p.ID)), zap.Bool("inflight", entry != nil))
	if entry != nil {
		entry.cancel(errCancelledByClient)
	}
}

// idString formats a request id for logs: numbers as is, strings quoted.
func idString(id jsonrpc2.ID) string {
	raw, err := json.Marshal(&id)
	if err != nil {
		return "?"
	}
	return string(raw)
}

// cancelledByClient reports whether the client cancelled the request of
// ctx.
func cancelledByClient(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), errCancelledByClient)
}
