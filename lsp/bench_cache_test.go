package lsp

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The compile cache's benchmarks (issue 45 item 4), each with its
// baseline in the same run: the server with FORESIGHT_COMPILE_CACHE=off,
// then with the cache. Both use TestFoundrySetUpOnSave's Foundry project
// (forge-std's stand-in, an invariant test whose setUp() deploys the
// vault); a nonce comment makes every run's sources new to the cache on
// disk, so "on" starts cold. Run them with, e.g.,
//
//	go test -run XXX -bench 'CacheSaveToFinding|CacheSaveEvery2s' -benchtime 5x -count 3 ./lsp

// cacheVariants are the two servers of a benchmark: baseline first.
var cacheVariants = []struct {
	name string
	env  []string
}{
	{"cache=off", []string{"FORESIGHT_COMPILE_CACHE=off"}},
	{"cache=on", nil},
}

// nonceVault writes the Foundry set-up project with a comment no earlier
// run wrote, and returns the vault.
func nonceVault(tb testing.TB) string {
	vault := foundrySetUpProject(tb, tb.TempDir(), false)
	f := strings.Replace(setUpVault, plantedAt, plantedAt+fmt.Sprintf(" // run %d", time.Now().UnixNano()), 1)
	return writeFile(tb, vaultRoot(vault), "src/Vault.sol", f)
}

// vaultRoot is the project root of a vault foundrySetUpProject wrote.
func vaultRoot(vault string) string {
	return strings.TrimSuffix(vault, "/src/Vault.sol")
}

// BenchmarkCacheSaveToFinding measures didSave to the planted assertion's
// finding while a person toggles it: each iteration plants the assertion
// and saves (timed), then removes it, saves and waits for that campaign
// (not timed). "novel" changes the assertion's text every iteration, so
// no compile repeats; "toggle" repeats the two texts, which the cache
// answers from the second iteration on.
func BenchmarkCacheSaveToFinding(b *testing.B) {
	for _, edit := range []string{"toggle", "novel"} {
		for _, v := range cacheVariants {
			b.Run(edit+"/"+v.name, func(b *testing.B) {
				f := newProcClientEnv(b, map[string]any{"fuzzExecs": 60_000, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1}, v.env)
				vault := nonceVault(b)
				f.open(vault)
				f.awaitRunEnd(1)
				runs := 1
				b.ResetTimer()
				for i := range b.N {
					b.StopTimer()
					bug := plantedBug
					if edit == "novel" {
						bug = strings.Replace(plantedBug, ";\n", fmt.Sprintf("; // edit %d\n", i), 1)
					}
					f.Await("no finding on the assertion's line", func() bool {
						return !hasFindingOn(f.findingsLocked(vault), plantedLn)
					})
					f.replace(vault, plantedAt, bug)
					b.StartTimer()
					f.save(vault)
					f.Await("the finding", func() bool { return hasFindingOn(f.findingsLocked(vault), plantedLn) })
					b.StopTimer()
					f.mu.Lock()
					run := f.tokens[len(f.tokens)-1]
					f.mu.Unlock()
					f.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": run})
					runs++
					f.awaitRunEnd(runs)
					f.replace(vault, bug, plantedAt)
					f.save(vault)
					runs++
					f.awaitRunEnd(runs)
					b.StartTimer()
				}
				b.StopTimer()
				f.shutdown()
			})
		}
	}
}

func hasFindingOn(ds []protocol.Diagnostic, line uint32) bool {
	for _, d := range ds {
		if d.Range.Start.Line == line {
			return true
		}
	}
	return false
}

// BenchmarkCacheSaveEvery2s is the editing session: a change
// every 100 ms and a save every 2 s, ten saves, campaigns of one second
// from the set-up. completed/10 is how many of the ten saves got a
// campaign that ended on its own (not cancelled by the next save);
// fuzzed/10 how many reached their campaign at all.
func BenchmarkCacheSaveEvery2s(b *testing.B) {
	for _, v := range cacheVariants {
		b.Run(v.name, func(b *testing.B) {
			f := newProcClientEnv(b, map[string]any{"fuzzBudgetSeconds": 1, "workers": 1, "seed": 3}, v.env)
			vault := nonceVault(b)
			f.open(vault)
			f.awaitRunEnd(1)
			var completed, started int
			typed := "run" // the nonce comment, typed into
			b.ResetTimer()
			for range b.N {
				f.mu.Lock()
				from := len(f.tokens)
				f.mu.Unlock()
				for range 10 {
					for range 20 { // a change every 100 ms: type into a comment
						f.replace(vault, "// "+typed, "// x"+typed)
						typed = "x" + typed
						time.Sleep(100 * time.Millisecond)
					}
					f.save(vault)
				}
				f.Await("the last save's run", func() bool {
					for _, tok := range f.tokens[from:] {
						if _, ok := f.endedLocked(tok); !ok {
							return false
						}
					}
					return len(f.tokens) > from
				})
				b.StopTimer()
				c, s := sessionRuns(f, from)
				completed, started = completed+c, started+s
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(completed)/float64(b.N), "completed/10")
			b.ReportMetric(float64(started)/float64(b.N), "fuzzed/10")
			f.shutdown()
		})
	}
}

// sessionRuns counts the runs since token from that reached their
// campaign, and those whose campaign then ended on its own.
func sessionRuns(f *fakeClient, from int) (completed, fuzzed int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, tok := range f.tokens[from:] {
		reached := false
		for _, e := range f.progress[tok] {
			reached = reached || e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing")
		}
		if !reached {
			continue
		}
		fuzzed++
		if msg, ended := f.endedLocked(tok); ended && !strings.HasPrefix(msg, "cancelled") {
			completed++
		}
	}
	return completed, fuzzed
}
