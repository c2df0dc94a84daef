package lsp

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/protocol"
)

// TestCarriedSetUp: once a suite has been compiled, a save of the code
// its set-up deploys is fuzzed from that set-up on the saved code before
// the suite's own compile is ready (session.Carry): the bug only the set-up
// reaches is found while that compile is held, and the finding stays once
// the compile ends and the finding is replayed on it; its replay command
// waits for that.
func TestCarriedSetUp(t *testing.T) {
	root := t.TempDir()
	vault := foundrySetUpProject(t, root, false)
	var hold atomic.Bool
	release := make(chan struct{})
	hook := func(ctx context.Context) {
		if hold.Load() {
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	}
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 30_000), beforeSuitesCompile: hook})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")
	hold.Store(true)
	mark := f.journalLen()
	f.saveEdit(vault, plantedAt, plantedBug)
	f.awaitFindingLines(vault, plantedLn)
	// The direct campaign cannot reach the bug (TestFoundrySetUpOnSave's
	// project without the test) and the suite's compile is held: the
	// finding is the carried suite's.
	f.mu.Lock()
	carried := false
	for _, e := range f.journal[mark:] {
		carried = carried || e.method == protocol.MethodProgress && strings.HasSuffix(e.event.Message, "VaultInvariantTest.setUp() (carried)")
	}
	f.mu.Unlock()
	if !carried {
		t.Errorf("no progress report of the carried suite:\n%s", f.describe())
	}
	// Its replay would run on the suite's last compile, the old code:
	// refused, saying why, until the suite's compile has replayed it.
	replay := func() (string, error) {
		f.mu.Lock()
		var id string
		for _, d := range f.findingsLocked(vault) {
			if int(d.Range.Start.Line) == plantedLn {
				id = findingIDOf(d)
			}
		}
		f.mu.Unlock()
		var trace string
		err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
			Command: cmdReplay, Arguments: []any{findingArg{URI: uriOf(vault), Finding: id}},
		}, &trace)
		return trace, err
	}
	if trace, err := replay(); err == nil || !strings.Contains(err.Error(), "while its suite (VaultInvariant.t.sol) compiled") {
		t.Errorf("replay of the carried finding before the suite's compile: %v, %q; want it refused", err, trace)
	}
	close(release)
	if end := f.awaitRunAfter(mark); !fuzzed(end) {
		t.Errorf("the save's run ended with %q", end)
	}
	f.mu.Lock()
	kept := hasFindingOn(f.findingsLocked(vault), plantedLn)
	f.mu.Unlock()
	if !kept {
		t.Errorf("the carried finding is gone once the suite compiled:\n%s", f.describe())
	}
	if trace, err := replay(); err != nil || !strings.Contains(trace, "assertion failed") {
		t.Errorf("replay once the suite compiled: %v, %q", err, trace)
	}
	f.shutdown()
}
