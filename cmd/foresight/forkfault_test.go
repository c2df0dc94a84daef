package main

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForkFaultsAnvil gives each fault a real node can show one clear
// message, and keeps credentials out of output and reports. (An error
// reply, a rate limit and a timeout are engine/fork's unit tests: anvil
// does not produce them.)
func TestForkFaultsAnvil(t *testing.T) {
	id := uint64(60000 + os.Getpid()%5000)
	a := startAnvil(t, id)
	forkCacheCleanup(t, id)
	dir, _, block := forkProject(t, a)
	lender := filepath.Join(dir, "src", "Lender.sol")
	campaign := []string{"fuzz", lender, "--seed", "1", "--execs", "300", "--workers", "1", "--timeout", "0"}
	fault := func(name string, want string, args ...string) {
		t.Helper()
		code, out, errs, _ := forkRun(t, append(campaign, args...)...)
		if code != exitUsage || !strings.Contains(errs, want) {
			t.Errorf("%s: exit %d, want %d and a message with %q:\n%s%s", name, code, exitUsage, want, out, errs)
			return
		}
		for _, line := range strings.Split(errs, "\n") {
			if strings.Contains(line, want) {
				t.Logf("%s: %s", name, line)
			}
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := fmt.Sprintf("http://127.0.0.1:%d", ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	fault("unreachable", "cannot reach the node", "--fork-url", closed)
	fault("block past the head", fmt.Sprintf("the node has no block %d", block+100), "--fork-url", a.url, "--fork-block", fmt.Sprint(block+100))
	fault("no URL", "needs --fork-url", "--fork-block", "3")

	pruned := startAnvil(t, id+1, "--prune-history", "1")
	forkCacheCleanup(t, id+1)
	for i := 0; i < 5; i++ {
		pruned.call("evm_mine")
	}
	fault("no archive state", "the node has no state at the fork block", "--fork-url", pruned.url, "--fork-block", "1")

	// Credentials: in the URL, never in the output or the report.
	secret := strings.Replace(a.url, "http://", "http://alice:s3cret@", 1) + "/?apikey=hunter2hunter2"
	report := filepath.Join(dir, "secret.json")
	code, out, errs, _ := forkRun(t, append(campaign, "--fork-url", secret, "--fork-block", fmt.Sprint(block), "--format", "json", "-o", report)...)
	rep, _ := os.ReadFile(report)
	for _, s := range []string{"s3cret", "hunter2", "alice"} {
		if strings.Contains(out+errs+string(rep), s) {
			t.Errorf("the credential %q is in the output or the report", s)
		}
	}
	if code != exitFindings || !strings.Contains(string(rep), `"redacted": true`) {
		t.Fatalf("with credentials: exit %d, report %.400s\n%s", code, rep, errs)
	}
	code, _, errs, _ = forkRun(t, "replay", report)
	if code != exitUsage || !strings.Contains(errs, "give the URL with --fork-url") {
		t.Errorf("replay of a report whose URL was redacted: exit %d\n%s", code, errs)
	}
	if code, out, errs, _ := forkRun(t, "replay", report, "--fork-url", secret); code != exitFindings || strings.Contains(out+errs, "s3cret") {
		t.Errorf("replay with --fork-url: exit %d\n%s%s", code, out, errs)
	}
}
