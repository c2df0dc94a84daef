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
	s     *server
	token *protocol.ProgressToken

	mu    sync.Mutex
	ended bool
}

// beginProgress creates a token and sends begin, if the client supports
// work-done progress.
func (s *server) beginProgress(title, message string) *progress {
	s.mu.Lock()
	ok := s.caps.Window != nil && s.caps.Window.WorkDoneProgress
	s.seq++
	id := s.seq
	s.mu.Unlock()
	p := &progress{s: s}
	if !ok {
		return p
	}
	token := protocol.NewProgressToken(fmt.Sprintf("foresight/%d", id))
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: *token}); err != nil {
		s.log.Debug("workDoneProgress/create", zap.Error(err))
		return p
	}
	p.token = token
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Message: message})
	return p
}

func (p *progress) send(v any) {
	if err := p.s.client.Progress(p.s.ctx, &protocol.ProgressParams{Token: *p.token, Value: v}); err != nil {
		p.s.log.Debug("$/progress", zap.Error(err))
	}
}

// report updates the message.
func (p *progress) report(message string) {
	if p == nil || p.token == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ended {
		p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Message: message})
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
		p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: message})
	}
}
