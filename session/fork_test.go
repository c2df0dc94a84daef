package session

import (
	"errors"
	"fmt"
	"testing"

	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestForks: which fork a campaign and a replay run on, the rule both
// front ends follow. A campaign forks only with a URL and in a trusted
// workspace; a replay forks as its report did, at its block unless one
// is given, with the user's URL over the report's, which it needs when
// the report's was redacted; a set-up that forked itself forks again.
func TestForks(t *testing.T) {
	for _, tt := range []struct {
		name    string
		url     string
		block   uint64
		trusted bool
		want    string
		err     error
	}{
		{"no URL", "", 5, true, "", nil},
		{"a URL at a block", "http://node", 5, true, "http://node@5", nil},
		{"untrusted", "http://node", 0, false, "", ErrForkUntrusted},
	} {
		cfg, err := CampaignFork(tt.url, tt.block, tt.trusted)
		if got := forkString(cfg); got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("campaign, %s: %q, %v; want %q, %v", tt.name, got, err, tt.want, tt.err)
		}
	}
	found := &report.ForkInfo{URL: "http://found", Block: 7, ChainID: 1}
	redacted := &report.ForkInfo{URL: "http://found/<redacted>", Block: 7, ChainID: 1, Redacted: true}
	for _, tt := range []struct {
		name  string
		rec   *report.ForkInfo
		url   string
		block uint64
		want  string
		err   error
	}{
		{"not found on a fork", nil, "", 0, "", nil},
		{"the set-up forked", &report.ForkInfo{SetUp: true, URL: "http://found", Block: 7}, "", 0, "", nil},
		{"the report's fork", found, "", 0, "http://found@7", nil},
		{"the user's URL at the report's block", found, "http://mine", 0, "http://mine@7", nil},
		{"another block", found, "", 9, "http://found@9", nil},
		{"redacted", redacted, "", 0, "", ErrForkRedacted},
		{"redacted, the URL given", redacted, "http://mine", 0, "http://mine@7", nil},
	} {
		cfg, err := ReplayFork(tt.rec, tt.url, tt.block)
		if got := forkString(cfg); got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("replay, %s: %q, %v; want %q, %v", tt.name, got, err, tt.want, tt.err)
		}
	}
}

// forkString is "url@block" of a fork, "" for none.
func forkString(cfg *fork.Config) string {
	if cfg == nil {
		return ""
	}
	if cfg.CacheDir != ForkCacheDir() {
		return "a fork outside the shared cache"
	}
	return fmt.Sprintf("%s@%d", cfg.URL, cfg.Block)
}
