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

// A countdown is what a run with a time budget has left: the campaign
// running, elapsed into its share, and the shares of the campaigns after
// it (session.Split: the direct campaign's first, then each suite's). The
// zero countdown (a budget in executions) says nothing.
//
// When the direct campaign and the suites run at the same time
// (session.RunAll), deadline is when the last of them ends and the time left
// is until then, the same in every campaign's reports.
type countdown struct {
	total, share time.Duration // the run's budget; the running campaign's share
	later        time.Duration // the shares of the campaigns after it
	deadline     time.Time
}

// newCountdown is the countdown of a run whose direct campaign has a
// time budget of direct and n suite campaigns one of share each (none
// without a time budget).
func newCountdown(direct, share time.Duration, n int) countdown {
	if direct <= 0 {
		return countdown{}
	}
	later := share * time.Duration(n)
	return countdown{total: direct + later, share: direct, later: later}
}

// of is a direct campaign's percentage after execs of a budget of
// executions; nil without one: a time budget counts down in the message
// (suffix) instead.
func (c countdown) of(execs, budget uint64) *uint32 {
	if budget == 0 {
		return nil
	}
	pct := uint32(min(100, execs*100/budget))
	return &pct
}

// left is the run's time left after elapsed of the running campaign.
func (c countdown) left(elapsed time.Duration) time.Duration {
	if !c.deadline.IsZero() {
		return max(0, time.Until(c.deadline))
	}
	return max(0, c.share-elapsed) + c.later
}

// suffix is ", 42s left" (", 2m05s left" past a minute), "" without a
// time budget.
func (c countdown) suffix(elapsed time.Duration) string {
	if c.total <= 0 {
		return ""
	}
	s := int((c.left(elapsed) + time.Second - 1) / time.Second) // rounded up: "0s left" only at the end
	if s >= 60 {
		return fmt.Sprintf(", %dm%02ds left", s/60, s%60)
	}
	return fmt.Sprintf(", %ds left", s)
}
