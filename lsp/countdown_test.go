package lsp

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// leftRe reads the countdown of a progress message.
var leftRe = regexp.MustCompile(`, (?:(\d+)m)?(\d+)s left$`)

// TestCountdown: with a time budget, a run's progress counts down the
// time the whole run has left, the direct campaign's and its suite's
// (VaultTest) shares together: never more than the budget, never up,
// and the suite's reports count on from where the direct campaign left
// off.
func TestCountdown(t *testing.T) {
	const seconds = 4
	root := vaultProject(t)
	vault := filepath.Join(root, "src", "Vault.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 0, "fuzzBudgetSeconds", seconds), folders: []string{root}})
	mark := f.journalLen()
	f.open(vault)
	f.awaitRunAfter(mark)
	f.mu.Lock()
	defer f.mu.Unlock()
	var lefts []int
	var suite bool
	for _, e := range f.journal[mark:] {
		if e.method != protocol.MethodProgress || e.event.Kind != "report" {
			continue
		}
		m := leftRe.FindStringSubmatch(e.event.Message)
		if m == nil {
			continue
		}
		mins, _ := strconv.Atoi("0" + m[1])
		sec, _ := strconv.Atoi(m[2])
		left := mins*60 + sec
		if len(lefts) > 0 && left > lefts[len(lefts)-1] {
			t.Errorf("the countdown went up from %ds to %ds at %q", lefts[len(lefts)-1], left, e.event.Message)
		}
		if left > seconds {
			t.Errorf("%ds left of a %ds budget at %q", left, seconds, e.event.Message)
		}
		suite = suite || regexp.MustCompile(`^fuzzing from VaultTest\.setUp\(\)`).MatchString(e.event.Message)
		lefts = append(lefts, left)
	}
	if len(lefts) == 0 || !suite {
		t.Fatalf("no countdown in the run's progress (suite's: %v): %v", suite, lefts)
	}
}

// TestCountdownArithmetic: the time left is the running campaign's share
// less its elapsed time, plus the shares to come, rounded up to the
// second; a budget in executions has a percentage and no countdown.
func TestCountdownArithmetic(t *testing.T) {
	c := newCountdown(30*time.Second, 30*time.Second, 2)
	for _, tt := range []struct {
		elapsed time.Duration
		want    string
	}{
		{0, ", 1m30s left"},
		{500 * time.Millisecond, ", 1m30s left"},
		{29 * time.Second, ", 1m01s left"},
		{45 * time.Second, ", 1m00s left"}, // past its share: the later shares only
	} {
		if got := c.suffix(tt.elapsed); got != tt.want {
			t.Errorf("after %s: %q, want %q", tt.elapsed, got, tt.want)
		}
	}
	if p := c.of(5, 0); p != nil {
		t.Errorf("a time budget has a percentage: %d", *p)
	}
	e := newCountdown(0, 0, 2)
	if p := e.of(5, 20); e.suffix(time.Second) != "" || p == nil || *p != 25 {
		t.Errorf("a budget in executions: %q, %v", e.suffix(time.Second), p)
	}
}
