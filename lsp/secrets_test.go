package lsp

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// forkSecrets are the credentials secretForkURL puts in each place a
// provider puts them: user info, a key path segment, a query value.
var forkSecrets = []string{"alice", "s3cretPW", "0123456789abcdef0123456789abcdef", "hunter2xyz"}

func secretForkURL(base string) string {
	return strings.Replace(base, "http://", "http://alice:s3cretPW@", 1) + "/v2/0123456789abcdef0123456789abcdef?key=hunter2xyz"
}

// TestForkSecretsNeverShown runs the server's log sites that can carry a
// fork URL with a secret-bearing one (the forkUrl setting, set at
// initialize and changed later; foundry.toml's [rpc_endpoints] alias a
// set-up forks by) against a failing node on loopback, and looks for the
// credentials in everything it wrote: the log, messages shown and logged,
// diagnostics and progress.
func TestForkSecretsNeverShown(t *testing.T) {
	var requests atomic.Int64
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer node.Close()
	secret := secretForkURL(node.URL)
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n\n[rpc_endpoints]\nlocal = \""+secret+"\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	writeFile(t, dir, "test/Harness.t.sol", forkHarness)
	settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1, "forkUrl": secret}
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}, initOptions: map[string]any{"trustedWorkspace": true}})
	f.open(path)
	f.save(path)
	ended := func() bool {
		for _, tok := range f.tokens {
			if _, ok := f.endedLocked(tok); ok {
				return true
			}
		}
		return false
	}
	f.Await("a run ended", ended)
	changed := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 2, "forkUrl": secret + "&more=1"}
	f.configure(changed)
	f.save(path)
	f.Await("a request to the node", func() bool { return requests.Load() > 0 })
	f.shutdown()
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	out = append(out, f.logs.String())
	for _, m := range f.shown {
		out = append(out, "shown: "+m.Message)
	}
	for _, m := range f.logged {
		out = append(out, "logged: "+m.Message)
	}
	for _, e := range f.journal {
		b, _ := json.Marshal(e.diags)
		out = append(out, "diagnostics: "+string(b), "progress: "+e.event.Title+" "+e.event.Message)
	}
	all := strings.Join(out, "\n")
	if !strings.Contains(all, "forkUrl") && !strings.Contains(all, "ForkURL") {
		t.Errorf("no settings line was logged: the check saw nothing")
	}
	for _, s := range forkSecrets {
		if strings.Contains(all, s) {
			for _, line := range strings.Split(all, "\n") {
				if strings.Contains(line, s) {
					t.Errorf("credential %q shown: %s", s, line)
				}
			}
		}
	}
}
