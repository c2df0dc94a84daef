package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestPipelinedSave saves while a campaign fuzzes, with the new save's
// full compile held: the campaign keeps fuzzing while the save compiles,
// completes on its execution budget (it is not cancelled) and publishes
// its findings, which keep their lines (the edit added a function below
// foo); once the new build is ready, its own campaign runs.
func TestPipelinedSave(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	g := &gate{}
	f := newFake(t, fakeOptions{settings: budget, beforeFullCompile: g.hook})
	f.open(path)
	f.awaitReport(0, "fuzzing")
	f.mu.Lock()
	first, _ := f.runReportLocked(0, "fuzzing")
	f.mu.Unlock()

	g.close()
	mark := f.journalLen()
	f.replace(path, "    }\n}\n", "    }\n\n    function bar() public pure {}\n}\n")
	f.save(path)
	var second string
	f.Await("the second save's run", func() bool {
		for _, e := range f.journal[mark:] {
			if e.method == protocol.MethodProgress && e.event.Kind == "begin" && e.token != first {
				second = e.token
				return true
			}
		}
		return false
	})
	f.Await("the first campaign's end", func() bool {
		_, ok := f.endedLocked(first)
		return ok
	})
	f.mu.Lock()
	end, _ := f.endedLocked(first)
	_, secondEnded := f.endedLocked(second)
	f.mu.Unlock()
	if secondEnded {
		t.Fatal("the second save's run ended while its full compile was held")
	}
	if !fuzzed(end) {
		t.Fatalf("the first campaign ended with %q while the second save compiled, want it completed", end)
	}
	f.awaitFindingLines(path, 10, 13)

	g.open()
	f.Await("the second save's campaign", func() bool {
		msg, ok := f.endedLocked(second)
		return ok && fuzzed(msg)
	})
	f.awaitFindingLines(path, 10, 13)
	f.shutdown()
}

// TestSuiteBesideDirect saves the planted assertion, which only the
// test's set-up reaches, with a direct share far larger than the suite
// needs: the suite's campaign runs beside the direct one, so the finding
// arrives, and the run is cancelled, before the direct campaign spent its
// share (run in turn, the suite starts only after it).
func TestSuiteBesideDirect(t *testing.T) {
	const execs = 1_000_000 // the direct campaign's share is half
	root := t.TempDir()
	vault := foundrySetUpProject(t, root, false)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", execs)})
	f.open(vault)
	f.awaitFuzzing(0)
	f.mu.Lock()
	from := len(f.tokens)
	f.mu.Unlock()
	f.saveEdit(vault, plantedAt, plantedBug)
	f.awaitFindingLines(vault, plantedLn)
	run := f.awaitFuzzing(from)
	f.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": run})
	var end string
	f.Await("the save's run cancelled", func() bool {
		var ok bool
		end, ok = f.endedLocked(run)
		return ok
	})
	var n uint64
	if _, err := fmt.Sscanf(end, "cancelled after %d execs", &n); err != nil {
		t.Fatalf("the save's run ended with %q, want it cancelled after its executions", end)
	}
	if n >= execs/2 {
		t.Errorf("the finding came after %d executions, want it before the direct campaign's share (%d) was spent", n, execs/2)
	}
	f.shutdown()
}

// TestShutdownStopsPipelinedCampaign shuts down while a campaign fuzzes
// (no budget but time, 600 s) and the next save's full compile is held:
// shutdown stops both runs, the campaign the save was to replace too.
func TestShutdownStopsPipelinedCampaign(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	g := &gate{}
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 0, "fuzzBudgetSeconds", 600), beforeFullCompile: g.hook})
	f.open(path)
	first := f.awaitFuzzing(0)
	g.close()
	f.replace(path, "    }\n}\n", "    }\n\n    function bar() public pure {}\n}\n")
	f.save(path)
	f.Await("the save's run", func() bool { return len(f.tokens) > 1 })
	if err := f.call(protocol.MethodShutdown, nil, nil); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	f.Await("the campaign stopped by shutdown", func() bool {
		msg, ok := f.endedLocked(first)
		return ok && strings.HasPrefix(msg, "cancelled")
	})
	f.notify(protocol.MethodExit, nil)
}
