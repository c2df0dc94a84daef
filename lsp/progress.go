package lsp

import (
	"context"
	"fmt"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// A progress is one work-done progress shown by the client. Its token is
// created with window/workDoneProgress/create, a request to the client:
// call beginProgress from a background goroutine, never from a handler
// (jsonrpc2 handlers run in the read loop, which would never read the
// answer). A nil or tokenless progress does nothing.
type progress struct {
	s      *server
	token  *protocol.ProgressToken
	cancel func() // what window/workDoneProgress/cancel does, if anything

	mu    sync.Mutex
	ended bool
}

// progressReport is WorkDoneProgressReport with a percentage that may be
// 0 (protocol v0.12.0 omits a zero percentage).
type progressReport struct {
	Kind       protocol.WorkDoneProgressKind `json:"kind"`
	Message    string                        `json:"message,omitempty"`
	Percentage *uint32                       `json:"percentage,omitempty"`
}

// beginProgress creates a token and sends begin, if the client supports
// work-done progress. With cancel, the progress is cancellable: the
// client's window/workDoneProgress/cancel calls it.
func (s *server) beginProgress(title, message string, cancel func()) *progress {
	s.mu.Lock()
	ok := s.caps.Window != nil && s.caps.Window.WorkDoneProgress
	s.seq++
	id := s.seq
	s.mu.Unlock()
	p := &progress{s: s, cancel: cancel}
	if !ok {
		return p
	}
	token := protocol.NewProgressToken(fmt.Sprintf("foresight/%d", id))
	ctx, done := context.WithTimeout(s.ctx, 10*time.Second)
	defer done()
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: *token}); err != nil {
		s.log.Debug("workDoneProgress/create", zap.Error(err))
		return p
	}
	p.token = token
	if cancel != nil {
		s.mu.Lock()
		s.progress[token.String()] = p
		s.mu.Unlock()
	}
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Message: message, Cancellable: cancel != nil})
	return p
}

// workDoneProgressCancel runs the cancel function of a progress the
// client cancelled (the user pressed its Cancel button). Unknown or ended
// tokens are ignored: the progress may have ended meanwhile.
func (s *server) workDoneProgressCancel(_ context.Context, params *protocol.WorkDoneProgressCancelParams) error {
	s.mu.Lock()
	p := s.progress[params.Token.String()]
	s.mu.Unlock()
	if p != nil {
		s.log.Info("progress cancelled by the client", zap.String("token", params.Token.String()))
		p.cancel()
	}
	return nil
}

func (p *progress) send(v any) {
	if err := p.s.client.Progress(p.s.ctx, &protocol.ProgressParams{Token: *p.token, Value: v}); err != nil {
		p.s.log.Debug("$/progress", zap.Error(err))
	}
}

// report updates the message and, if percentage is set, the percentage.
func (p *progress) report(message string, percentage *uint32) {
	if p == nil || p.token == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ended {
		p.send(&progressReport{Kind: protocol.WorkDoneProgressKindReport, Message: message, Percentage: percentage})
	}
}

// end closes the progress; later calls do nothing.
func (p *progress) end(message string) {
	if p == nil || p.token == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ended {
		p.ended = true
		p.s.mu.Lock()
		delete(p.s.progress, p.token.String())
		p.s.mu.Unlock()
		p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: message})
	}
}
