package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
)

// forkFlags are the fork-mode flags of fuzz, check and replay
// (docs/cli.md, "Fork mode").
type forkFlags struct {
	url     string
	block   uint64
	targets []report.ForkTarget
}

func (f *forkFlags) register(fs *flag.FlagSet, targets bool) {
	stringSetting(fs, &f.url, "", "fork-url")
	uint64Setting(fs, &f.block, "", "fork-block", 0)
	if !targets {
		return
	}
	fs.Func("target-address", "with --fork-url, also fuzz the contract deployed at `ADDR:CONTRACT`, whose code is the build's CONTRACT; repeatable", func(v string) error {
		addr, name, ok := strings.Cut(v, ":")
		if !ok || name == "" || !common.IsHexAddress(addr) {
			return fmt.Errorf("want ADDRESS:CONTRACT (0x and 40 hex digits, a contract name), got %q", v)
		}
		f.targets = append(f.targets, report.ForkTarget{Address: common.HexToAddress(addr).Hex(), Contract: name})
		return nil
	})
}

// errNoForkURL is a fork flag given without --fork-url.
var errNoForkURL = errors.New("needs --fork-url")

// check refuses the fork flags that need --fork-url without it; the
// fork itself is opened by session.Run (Request.Fork).
func (f *forkFlags) check() error {
	if f.url == "" && (f.block != 0 || len(f.targets) > 0) {
		return fmt.Errorf("--fork-block and --target-address: %w", errNoForkURL)
	}
	return nil
}

// openReplay opens the fork a report's findings were found on and the
// forks its set-up may select (session.OpenReplayFork: the report's URL
// unless --fork-url names one, which it must when the report's was
// redacted; the report's block unless --fork-block names one).
func (f *forkFlags) openReplay(ctx context.Context, rec *report.ForkInfo, stderr io.Writer) (session.Forks, error) {
	switch {
	case rec != nil && rec.SetUp && f.url != "":
		// The set-up selects it again (session.SetUpForks).
		return session.Forks{}, fmt.Errorf("--fork-url: the report's set-up selected its fork itself (%s at block %d); replay it without --fork-url", forkName(rec), rec.Block)
	case rec == nil && f.url != "":
		return session.Forks{}, errors.New("--fork-url: the report's findings were not found on a fork")
	}
	forks, err := session.OpenReplayFork(ctx, rec, f.url, f.block, true)
	if errors.Is(err, session.ErrForkRedacted) {
		return forks, fmt.Errorf("%w: give the URL with --fork-url", err)
	}
	if err != nil {
		return forks, err
	}
	sayForking(forks, stderr)
	return forks, nil
}

// sayForking says which chain a run forks, if it does.
func sayForking(f session.Forks, stderr io.Writer) {
	if f.Source == nil {
		return
	}
	h := f.Source.Header()
	fmt.Fprintf(stderr, "foresight: forking chain %d at block %d (%s)\n", h.ChainID, h.Number, f.Source.URL())
}

// closeFork writes the fork's disk cache and says what the run asked the
// node; the set-up's forks are closeSetUpForks'.
func closeFork(f session.Forks, stderr io.Writer) {
	src := f.Source
	if src == nil {
		return
	}
	st := src.Stats()
	fmt.Fprintf(stderr, "foresight: fork: %d requests (%d calls) to the node, %d accounts and slots fetched, %d from the disk cache\n",
		st.Requests, st.Calls, st.Fetched, st.Cached)
	if err := src.Close(); err != nil {
		cliErrorf(stderr, "", "warning: the fork cache was not written: %w", err)
	}
}

// forkName is how the report names a set-up's fork: its alias, else its
// URL (without credentials).
func forkName(rec *report.ForkInfo) string {
	if rec.Alias != "" {
		return fmt.Sprintf("alias %q", rec.Alias)
	}
	return rec.URL
}

// closeSetUpForks writes the set-up's forks' disk caches and says what
// they asked the node.
func closeSetUpForks(forks *engine.SetUpForks, stderr io.Writer) {
	st, n := forks.Stats()
	if n == 0 {
		return
	}
	if info := forks.Info(); info != nil {
		fmt.Fprintf(stderr, "foresight: the set-up forked chain %d at block %d (%s)\n", info.ChainID, info.Block, forkName(info))
	}
	fmt.Fprintf(stderr, "foresight: set-up fork: %d requests (%d calls) to the node, %d accounts and slots fetched, %d from the disk cache\n",
		st.Requests, st.Calls, st.Fetched, st.Cached)
	if err := forks.Close(); err != nil {
		cliErrorf(stderr, "", "warning: the fork cache was not written: %w", err)
	}
}
