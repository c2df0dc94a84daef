package fork

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/foresight-sol/foresight/internal/redact"
)

// Call is one JSON-RPC call of a batch.
type Call struct {
	Method string
	Params []any
}

// client sends batches of JSON-RPC calls over HTTP. Every attempt runs
// under its own deadline, so a node that stops answering ends the campaign
// with ErrTimeout instead of hanging it; HTTP 429 and rate-limit error
// objects are retried with exponential back-off (the server's Retry-After
// when it sends one, capped).
type client struct {
	url     string // with credentials: never printed
	shown   string // redact.URL(url)
	http    *http.Client
	timeout time.Duration
	retries int
	backoff time.Duration // first back-off; doubles per retry
	// requests counts HTTP requests sent (retries included); calls the
	// JSON-RPC calls in them.
	requests, calls atomic.Uint64
}

// maxReply bounds the body read from the node.
const maxReply = 64 << 20

// maxBackoff caps one wait between retries, a server's Retry-After too.
const maxBackoff = 10 * time.Second

func newClient(rawURL string, timeout time.Duration, retries int, backoff time.Duration) (*client, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("fork URL %s: want an http:// or https:// JSON-RPC endpoint", redact.URL(rawURL))
	}
	return &client{url: rawURL, shown: redact.URL(rawURL), http: &http.Client{CheckRedirect: checkRedirect}, timeout: timeout, retries: retries, backoff: backoff}, nil
}

type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      int    `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

// batch sends calls in one request and returns their results in order.
func (c *client) batch(ctx context.Context, calls []Call) ([]json.RawMessage, error) {
	reqs := make([]request, len(calls))
	for i, cl := range calls {
		reqs[i] = request{JSONRPC: "2.0", ID: i, Method: cl.Method, Params: cl.Params}
	}
	var body []byte
	var err error
	if len(reqs) == 1 {
		body, err = json.Marshal(reqs[0])
	} else {
		body, err = json.Marshal(reqs)
	}
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", calls[0].Method, err)
	}
	wait := c.backoff
	for attempt := 0; ; attempt++ {
		res, retryAfter, err := c.send(ctx, calls, body)
		if !errors.Is(err, ErrRateLimited) || attempt >= c.retries {
			if errors.Is(err, ErrRateLimited) {
				err.(*Error).Detail = fmt.Sprintf("%s; gave up after %d retries", err.(*Error).Detail, attempt)
			}
			return res, err
		}
		if retryAfter > 0 {
			wait = retryAfter
		}
		t := time.NewTimer(min(wait, maxBackoff))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		wait *= 2
	}
}

// send makes one attempt; for a rate limit it returns the server's
// Retry-After (0 when none).
func (c *client) send(ctx context.Context, calls []Call, body []byte) ([]json.RawMessage, time.Duration, error) {
	method := calls[0].Method
	fail := func(kind error, detail string) *Error {
		return &Error{Kind: kind, URL: c.shown, Method: method, Detail: oneLine(detail, c.url)}
	}
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, 0, fail(ErrUnreachable, "bad request")
	}
	req.Header.Set("Content-Type", "application/json")
	c.requests.Add(1)
	c.calls.Add(uint64(len(calls)))
	resp, err := c.http.Do(req)
	if err == nil {
		defer resp.Body.Close()
		var b []byte
		b, err = io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
		if err == nil {
			return c.answer(resp, b, calls, fail)
		}
	}
	switch {
	case ctx.Err() != nil:
		return nil, 0, ctx.Err()
	case actx.Err() != nil:
		return nil, 0, fail(ErrTimeout, c.timeout.String())
	}
	var re *redirectError
	if errors.As(err, &re) {
		return nil, 0, fail(ErrRedirect, re.Error())
	}
	// A *url.Error names the URL, credentials and all: keep its cause,
	// and redact any URL left in it (a redirect's target).
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return nil, 0, fail(ErrUnreachable, redact.Text(err.Error()))
}

// answer interprets an HTTP response.
func (c *client) answer(resp *http.Response, b []byte, calls []Call, fail func(error, string) *Error) ([]json.RawMessage, time.Duration, error) {
	if resp.StatusCode == http.StatusTooManyRequests {
		return nil, retryAfter(resp.Header.Get("Retry-After")), fail(ErrRateLimited, "HTTP 429")
	}
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fail(ErrReply, "HTTP "+resp.Status)
	}
	if len(b) > maxReply {
		return nil, 0, fail(ErrBadReply, "over 64 MiB")
	}
	res, rerr, err := parseReplies(b, len(calls))
	if err != nil {
		return nil, 0, fail(ErrBadReply, err.Error())
	}
	if rerr != nil {
		kind := classify(rerr.Code, rerr.Message)
		return nil, 0, fail(kind, fmt.Sprintf("error %d: %s", rerr.Code, rerr.Message))
	}
	return res, 0, nil
}

// retryAfter reads a Retry-After header in seconds (the HTTP-date form is
// ignored: back-off applies).
func retryAfter(h string) time.Duration {
	s, err := strconv.Atoi(h)
	if err != nil || s <= 0 {
		return 0
	}
	return time.Duration(s) * time.Second
}
