package lsp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/protocol"
)

// TestForkOnlyWhenTrusted: a forkUrl (which a workspace's own settings
// file may set) makes no request while the workspace is untrusted; the
// campaign runs without the fork and a warning says why. Once trust is
// granted the server does connect: the check can see requests.
func TestForkOnlyWhenTrusted(t *testing.T) {
	var requests atomic.Int64
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer node.Close()
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1, "forkUrl": node.URL}
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}})
	shown := func(sub string) func() bool {
		return func() bool {
			for _, m := range f.shown {
				if strings.Contains(m.Message, sub) && m.Type == protocol.MessageTypeWarning {
					return true
				}
			}
			return false
		}
	}
	f.open(path)
	f.save(path)
	f.Await("the fork refused with a message", shown("ignoring forkUrl"))
	f.Await("a clean compile", func() bool { ds, ok := f.diags[path]; return ok && len(ds) == 0 })
	if n := requests.Load(); n != 0 {
		t.Fatalf("untrusted workspace: %d request(s) to the fork URL", n)
	}
	f.notify(methodGrantTrust, nil)
	f.save(path)
	f.Await("a request to the fork once trusted", func() bool { return requests.Load() > 0 })
	f.shutdown()
}
