package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestForkRedirectCLI: a node that redirects to another origin is not
// followed (the other origin gets no request: no Referer with the key, no
// credentials), the run stops with one line naming the redirect, and no
// credential of the URL reaches stdout or stderr.
func TestForkRedirectCLI(t *testing.T) {
	var elsewhere atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer other.Close()
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/moved", http.StatusTemporaryRedirect)
	}))
	defer node.Close()
	dir := t.TempDir()
	src := filepath.Join(dir, "Ok.sol")
	if err := os.WriteFile(src, []byte("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Ok { uint256 x; function set(uint256 v) public { x = v; } }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	secret := strings.Replace(node.URL, "http://", "http://alice:s3cretPW@", 1) + "/v2/0123456789abcdef0123456789abcdef?key=hunter2xyz"
	code, out, errs, _ := forkRun(t, "fuzz", src, "--seed", "1", "--execs", "50", "--workers", "1", "--timeout", "0", "--fork-url", secret)
	if code != exitUsage || !strings.Contains(errs, "another origin") {
		t.Errorf("exit %d, want %d and a message naming the redirect:\n%s%s", code, exitUsage, out, errs)
	}
	if n := elsewhere.Load(); n != 0 {
		t.Errorf("%d request(s) followed the redirect to another origin", n)
	}
	for _, s := range []string{"alice", "s3cretPW", "0123456789abcdef0123456789abcdef", "hunter2xyz"} {
		if strings.Contains(out+errs, s) {
			t.Errorf("the credential %q is in the output:\n%s%s", s, out, errs)
		}
	}
}
