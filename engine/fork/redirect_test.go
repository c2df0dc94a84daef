package fork

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestRedirectSameOriginStripsReferer: a node that redirects within its
// own origin is followed, but the redirected requests carry no Referer
// (Go's client sets one naming the original URL, key path and query
// included).
func TestRedirectSameOriginStripsReferer(t *testing.T) {
	m := newMockNode(t)
	var mu sync.Mutex
	var referers []string
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		mu.Lock()
		referers = append(referers, r.Header.Get("Referer"))
		mu.Unlock()
		if r.URL.Path != "/moved" {
			http.Redirect(w, r, "/moved", http.StatusTemporaryRedirect)
			return true
		}
		return false
	}
	s, err := Open(context.Background(), Config{URL: secretURL(m.srv.URL), Block: 7})
	if err != nil {
		t.Fatalf("a same-origin redirect was not followed: %v", err)
	}
	if _, err := s.Account(mockContract); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(referers) < 2 {
		t.Fatalf("%d requests: the node's redirect was never followed", len(referers))
	}
	for i, ref := range referers {
		if ref != "" {
			t.Errorf("request %d carries Referer %q", i, ref)
		}
	}
}

// TestRedirectCrossOriginRefused: a node that redirects to another origin
// is not followed (the other origin gets nothing, neither credentials nor
// Referer), and the error says so without the credentials of either URL.
func TestRedirectCrossOriginRefused(t *testing.T) {
	var mu sync.Mutex
	var elsewhere []*http.Request
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		elsewhere = append(elsewhere, r)
		mu.Unlock()
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer other.Close()
	m := newMockNode(t)
	m.intercept = func(w http.ResponseWriter, r *http.Request, n int64) bool {
		http.Redirect(w, r, other.URL+"/v2/0123456789abcdef0123456789abcdef?key=hunter3", http.StatusTemporaryRedirect)
		return true
	}
	_, err := Open(context.Background(), Config{URL: secretURL(m.srv.URL), Block: 7})
	if !errors.Is(err, ErrRedirect) {
		t.Fatalf("error %v, want %v", err, ErrRedirect)
	}
	mu.Lock()
	n := len(elsewhere)
	mu.Unlock()
	if n != 0 {
		t.Errorf("%d request(s) reached the other origin", n)
	}
	msg := err.Error()
	for _, secret := range []string{"s3cret", "alice", "0123456789abcdef0123456789abcdef", "hunter2", "hunter3"} {
		if strings.Contains(msg, secret) {
			t.Errorf("the message shows a credential (%s): %s", secret, msg)
		}
	}
	if !strings.Contains(msg, strings.TrimPrefix(other.URL, "http://")) || !strings.Contains(msg, "another origin") {
		t.Errorf("message %q: want the other origin named", msg)
	}
	t.Log(msg)
}
