package fork

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// secretURL puts credentials in every place a provider puts them.
func secretURL(base string) string {
	return strings.Replace(base, "http://", "http://alice:s3cret@", 1) + "/v3/0123456789abcdef0123456789abcdef?key=hunter2"
}

// checkFault opens a fork on url and wants an error of kind, one line,
// without the credentials.
func checkFault(t *testing.T, url string, cfg Config, kind error, words string) {
	t.Helper()
	cfg.URL = url
	_, err := Open(context.Background(), cfg)
	if !errors.Is(err, kind) {
		t.Fatalf("error %v, want %v", err, kind)
	}
	msg := err.Error()
	for _, secret := range []string{"s3cret", "0123456789abcdef0123456789abcdef", "hunter2", "alice"} {
		if strings.Contains(msg, secret) {
			t.Errorf("the message shows a credential (%s): %s", secret, msg)
		}
	}
	if strings.Contains(msg, "\n") || !strings.Contains(msg, words) {
		t.Errorf("message %q: want one line saying %q", msg, words)
	}
	t.Log(msg)
}

func TestFaultUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	checkFault(t, secretURL("http://"+addr), Config{}, ErrUnreachable, "cannot reach the node")
}

func TestFaultErrorReply(t *testing.T) {
	m := newMockNode(t)
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"the method eth_chainId does not exist"}}`)
		return true
	}
	checkFault(t, secretURL(m.srv.URL), Config{}, ErrReply, "error -32601: the method eth_chainId does not exist")
}

func TestFaultRateLimitBacksOff(t *testing.T) {
	m := newMockNode(t)
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		if n <= 2 {
			w.WriteHeader(http.StatusTooManyRequests)
			return true
		}
		return false
	}
	s, err := Open(context.Background(), Config{URL: m.srv.URL, Backoff: time.Millisecond})
	if err != nil {
		t.Fatalf("two 429s then an answer: %v", err)
	}
	if got := s.Stats().Requests; got != 3 {
		t.Errorf("%d requests, want 3 (two rate-limited, retried)", got)
	}
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		w.WriteHeader(http.StatusTooManyRequests)
		return true
	}
	m.requests.Store(0)
	checkFault(t, secretURL(m.srv.URL), Config{Backoff: time.Millisecond, Retries: 3}, ErrRateLimited, "gave up after 3 retries")
	if got := m.requests.Load(); got != 4 {
		t.Errorf("%d requests, want 4 (one and three retries)", got)
	}
}

func TestFaultNoArchiveState(t *testing.T) {
	for _, msg := range []string{"missing trie node 1f2e (path )", "header not found"} {
		m := newMockNode(t)
		m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
			if n == 1 {
				return false // the header
			}
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":0,"error":{"code":-32000,"message":%q}}`, msg)
			return true
		}
		s, err := Open(context.Background(), Config{URL: secretURL(m.srv.URL), Block: 7})
		if err != nil {
			t.Fatal(err)
		}
		var heard error
		s.Watch(context.Background(), func(err error) { heard = err })
		_, err = s.Account(mockContract)
		if !errors.Is(err, ErrNoArchive) || !strings.Contains(err.Error(), "no state at the fork block") || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: error %v", msg, err)
		}
		if heard != err || s.Err() != err {
			t.Errorf("the watcher heard %v and Err is %v, want %v", heard, s.Err(), err)
		}
		// Later reads fail at once, without asking again.
		before := m.requests.Load()
		if _, err := s.Storage(mockContract, [32]byte{}); !errors.Is(err, ErrNoArchive) || m.requests.Load() != before {
			t.Errorf("a read after the failure: %v, %d more requests", err, m.requests.Load()-before)
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("credentials in %v", err)
		}
	}
}

func TestFaultTimeout(t *testing.T) {
	m := newMockNode(t)
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) }) // before the server closes
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		<-stop // never answers
		return true
	}
	checkFault(t, secretURL(m.srv.URL), Config{Timeout: 50 * time.Millisecond}, ErrTimeout, "got no answer within 50ms")
}

func TestCancelledIsNotAFault(t *testing.T) {
	m := newMockNode(t)
	s, err := Open(context.Background(), Config{URL: m.srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.Watch(ctx, nil)
	if _, err := s.Account(mockContract); !errors.Is(err, context.Canceled) {
		t.Errorf("read after the campaign ended: %v", err)
	}
	if s.Err() != nil {
		t.Errorf("a cancelled read was kept as the fork's failure: %v", s.Err())
	}
}
