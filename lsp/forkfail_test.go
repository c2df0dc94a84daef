package lsp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/protocol"
)

// TestForkFailureSaid: in a trusted workspace whose forkUrl names a node
// that fails, the editor is told, once per kind of failure, that the fork
// failed (the URL redacted, the reason) and that the campaign did not run
// on it; the run's progress ends saying it was not fuzzed.
func TestForkFailureSaid(t *testing.T) {
	var requests atomic.Int64
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer node.Close()
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1, "forkUrl": secretForkURL(node.URL)}
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}, initOptions: map[string]any{"trustedWorkspace": true}})
	redacted := "http://***@" + strings.TrimPrefix(node.URL, "http://") + "/v2/***?key=***"
	said := func() int {
		n := 0
		for _, m := range f.shown {
			if m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "fork") && strings.Contains(m.Message, redacted) &&
				strings.Contains(m.Message, "HTTP 500") && strings.Contains(m.Message, "not run on the fork") {
				n++
			}
		}
		return n
	}
	notFuzzed := func() int {
		n := 0
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok && strings.Contains(msg, "not fuzzed") && strings.Contains(msg, "fork") {
				n++
			}
		}
		return n
	}
	f.open(path)
	f.save(path)
	f.Await("the fork's failure said", func() bool { return said() == 1 && notFuzzed() >= 1 })
	before := requests.Load()
	f.save(path)
	f.Await("a second run that asked the node", func() bool { return requests.Load() > before && notFuzzed() >= 2 })
	f.shutdown()
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := said(); n != 1 {
		t.Errorf("the failure was shown %d times, want once", n)
	}
	for _, m := range f.shown {
		t.Logf("shown: %s", m.Message)
	}
}
