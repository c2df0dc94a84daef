package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// ErrForkUntrusted is a fork asked for in a workspace that is not
// trusted: its settings may name any URL, and a forked campaign makes
// network requests to it. The campaign runs without the fork.
var ErrForkUntrusted = errors.New("the workspace is not trusted: not forking")

// ErrForkRedacted is a finding found on a fork whose URL the report
// keeps without its credentials: the user must give the URL again.
var ErrForkRedacted = errors.New("the report leaves out the fork URL's credentials")

// ForkCacheDir is where forks keep what they fetched, per chain and
// block, shared by the command line and the editor.
func ForkCacheDir() string { return filepath.Join(solc.DefaultCacheDir(), "fork") }

// CampaignFork is the fork a campaign runs on: none without a URL, url
// at block (0: the latest when opened, then pinned) otherwise, and none
// with ErrForkUntrusted when the workspace naming it is not trusted.
func CampaignFork(url string, block uint64, trusted bool) (*fork.Config, error) {
	switch {
	case url == "":
		return nil, nil
	case !trusted:
		return nil, ErrForkUntrusted
	}
	return &fork.Config{URL: url, Block: block, CacheDir: ForkCacheDir()}, nil
}

// ReplayFork is the fork a finding replays on, given the fork record of
// its report: none when it was found without a fork or its set-up
// selected the fork itself (the set-up selects it again, SetUpForks);
// else url (the user's, "" for the report's) at block (0 for the
// report's). A report whose URL was redacted needs the user's
// (ErrForkRedacted).
func ReplayFork(rec *report.ForkInfo, url string, block uint64) (*fork.Config, error) {
	if rec == nil || rec.SetUp {
		return nil, nil
	}
	if url == "" {
		if rec.Redacted {
			return nil, fmt.Errorf("the findings were found on a fork of chain %d at block %d through %s: %w", rec.ChainID, rec.Block, rec.URL, ErrForkRedacted)
		}
		url = rec.URL
	}
	if block == 0 {
		block = rec.Block
	}
	return &fork.Config{URL: url, Block: block, CacheDir: ForkCacheDir()}, nil
}

// SetUpForks are the forks a Foundry set-up may select itself
// (vm.createSelectFork), pinned to pin's chain and block when replaying
// a finding (nil: a campaign). Untrusted, they refuse to fork before any
// request: the set-up and foundry.toml that name the URL are workspace
// files.
func SetUpForks(ctx context.Context, trusted bool, pin *report.ForkInfo) *engine.SetUpForks {
	return engine.NewSetUpForks(ctx, engine.SetUpForksConfig{CacheDir: ForkCacheDir(), Untrusted: !trusted, Pin: pin})
}

// ForkRequest is the fork a run's campaigns run on (Request.Fork): URL
// at Block (0: the latest when opened, then pinned), none without a URL,
// with the contracts deployed there that are fuzzed too (Targets).
// Trusted says the URL may be used: the user typed it (the command line)
// or the workspace naming it is trusted (the editor); otherwise the
// campaigns run without it and the set-up's forks refuse to fork.
type ForkRequest struct {
	URL     string
	Block   uint64
	Targets []report.ForkTarget
	Trusted bool
}

// Forks are what Run opened for a run's campaigns: the fork (nil without
// one) and those a Foundry set-up may select itself. Run hands them to
// the Sink (ForksDone) once the campaigns ended, to say what they
// fetched and write their disk caches.
type Forks struct {
	Source *fork.Source
	SetUp  *engine.SetUpForks
}

// openForks opens fr for opts. An untrusted URL opens no fork
// (ErrForkUntrusted: the campaigns run without it); any other error
// opens none, and the run stops.
func openForks(ctx context.Context, opts *engine.Options, fr ForkRequest) (Forks, error) {
	f := Forks{SetUp: SetUpForks(ctx, fr.Trusted, nil)}
	opts.SetUpForks = f.SetUp
	cfg, err := CampaignFork(fr.URL, fr.Block, fr.Trusted)
	if cfg == nil || err != nil {
		return f, err
	}
	src, err := fork.Open(ctx, *cfg)
	if err != nil {
		return f, err
	}
	f.Source = src
	opts.Fork, opts.ForkTargets = src, fr.Targets
	return f, nil
}

// OpenReplayFork opens the fork a finding replays on (ReplayFork: rec is
// its report's fork record, url and block the user's, "" and 0 for the
// report's) with the forks its set-up may select itself (SetUpForks,
// pinned to rec), for the front end to close once replayed. A finding
// found without a fork opens none. An error of ReplayFork
// (ErrForkRedacted) or of the node opens nothing; an untrusted workspace
// opens no fork but the refusing set-up forks, with ErrForkUntrusted:
// the replay runs without the fork.
func OpenReplayFork(ctx context.Context, rec *report.ForkInfo, url string, block uint64, trusted bool) (Forks, error) {
	cfg, err := ReplayFork(rec, url, block)
	if err != nil {
		return Forks{}, err
	}
	f := Forks{SetUp: SetUpForks(ctx, trusted, rec)}
	if cfg == nil {
		return f, nil
	}
	if !trusted {
		return f, ErrForkUntrusted
	}
	if f.Source, err = fork.Open(ctx, *cfg); err != nil {
		return Forks{}, err
	}
	return f, nil
}

// ForkFailure is the kind of fork failure err wraps (the node
// unreachable, a rate limit, ...: one of engine/fork's sentinel kinds),
// so that a front end says each kind once; ok is false when err is not
// the fork's.
func ForkFailure(err error) (kind error, ok bool) {
	var fe *fork.Error
	if errors.As(err, &fe) {
		return fe.Kind, true
	}
	return nil, false
}
