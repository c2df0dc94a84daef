//go:build unix

package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The limits of a compile are progress and CPU time, never wall time
// (issue 69 item 2): these tests give their fake compilers small limits
// and decide nothing by a wall clock. Where a run must outlast its
// no-progress window, the fake compiler counts its own pauses and the
// test waits for that count (a condition), so a slow machine only makes
// the test slower.

// wantLimit checks err is a compile given up for kind, with the message
// the user sees.
func wantLimit(t *testing.T, err error, kind LimitKind, msg string) {
	t.Helper()
	var le *LimitError
	if !errors.Is(err, ErrCompilerFailed) || !errors.Is(err, ErrCompileTimeout) || !errors.As(err, &le) || le.Kind != kind {
		t.Fatalf("err = %v, want a compile given up: %s", err, msg)
	}
	if !strings.Contains(err.Error(), msg) || strings.Count(err.Error(), msg) != 1 {
		t.Errorf("err = %q, want %q once", err, msg)
	}
}

func needCPUClock(t *testing.T) {
	if !cpuClock {
		t.Skip("CPU time is not read on this system: compiles keep a wall-clock limit")
	}
}

// TestNativeNoProgressIsEnded: a compiler that sleeps (no CPU time, no
// output) is ended for making no progress, whatever its CPU budget.
func TestNativeNoProgressIsEnded(t *testing.T) {
	needCPUClock(t)
	path, pidFile := scriptSolc(t, "cat >/dev/null; sleep 1000 & echo $! > PIDFILE; wait")
	n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: time.Hour, stall: 500 * time.Millisecond}
	_, err := Compile(t.Context(), n, tinyInput)
	wantLimit(t, err, NoProgress, "made no progress for 500ms")
	assertGone(t, childPid(t, pidFile))
}

// TestNativeCPUBudgetIsEnded: a compiler that computes without end is
// ended once its process group used its CPU budget; it never stops
// making progress, so the no-progress limit (an hour here) plays no part.
func TestNativeCPUBudgetIsEnded(t *testing.T) {
	needCPUClock(t)
	// The loop runs in a child, so the budget is the group's, not the
	// direct child's alone.
	path, _ := scriptSolc(t, "cat >/dev/null; sh -c 'while :; do :; done' & wait")
	n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: 200 * time.Millisecond, stall: time.Hour}
	_, err := Compile(t.Context(), n, tinyInput)
	wantLimit(t, err, CPUBudget, "used its CPU budget of 200ms")
}

// TestNativeSlowProgressIsNotEnded: a compiler that pauses often but
// writes between pauses (a throttled process) runs for many times its
// no-progress window and is not ended: only a whole window without
// progress counts. It pauses 50 ms at a time and finishes once the test
// has seen it pause for three windows in all.
func TestNativeSlowProgressIsNotEnded(t *testing.T) {
	needCPUClock(t)
	dir := t.TempDir()
	beats, stop := filepath.Join(dir, "beats"), filepath.Join(dir, "stop")
	path, _ := scriptSolc(t, `cat >/dev/null
while [ ! -e `+stop+` ]; do sleep 0.05; echo . >&2; echo . >> `+beats+`; done
echo '{"sources":{}}'`)
	n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: time.Hour, stall: slowStall}
	compileSlowly(t, n, tinyInput, beats, stop)
}

// slowStall is the no-progress window of the slow compiles: thirty times
// their pauses of 50 ms.
const slowStall = 1500 * time.Millisecond

// compileSlowly compiles in with c, a fake compiler that pauses 50 ms at
// a time and appends a line to beats after each pause until stop exists;
// once it has paused for three no-progress windows in all, the test
// creates stop, and the compile must then succeed.
func compileSlowly(t *testing.T, c Compiler, in *Input, beats, stop string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := Compile(t.Context(), c, in)
		done <- err
	}()
	pauses := int(3 * slowStall / (50 * time.Millisecond))
	waitFor(t, "the compiler to pause for three no-progress windows", func() bool {
		select {
		case err := <-done:
			t.Fatalf("the compile ended early: %v", err)
		default:
		}
		b, _ := os.ReadFile(beats)
		return strings.Count(string(b), "\n") >= pauses
	})
	if err := os.WriteFile(stop, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("a slow compile that made progress was ended: %v", err)
	}
}

// blockingSolcJS is a fake solc-js whose compile of "block" waits on
// Atomics.wait (no CPU time, nothing written) until STOP exists, of
// "burn:N" computes until node's own CPU clock has advanced N ms (or
// without end, for N 0), of "pause" pauses 50 ms at a time writing a
// line to BEATS and to stderr until STOP exists, and of anything else
// answers at once.
const blockingSolcJS = `const fs = require("fs");
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
module.exports = {version: () => "0.8.0", compile: (s) => {
  if (s.includes("block")) { fs.writeFileSync(process.env.STARTED, "1"); while (!fs.existsSync(process.env.STOP)) nap(50); }
  const burn = /burn:(\d+)/.exec(s);
  if (burn) {
    const ms = Number(burn[1]), t0 = process.cpuUsage();
    for (;;) { const u = process.cpuUsage(t0); if (ms > 0 && (u.user + u.system) / 1000 >= ms) break; }
  }
  if (s.includes("pause")) { while (!fs.existsSync(process.env.STOP)) { nap(50); fs.appendFileSync(process.env.BEATS, ".\n"); process.stderr.write(".\n"); } }
  return '{"sources":{}}';
}};`

// workerEnv sets the fake's files and returns STARTED, STOP and BEATS.
func workerEnv(t *testing.T) (started, stop, beats string) {
	dir := t.TempDir()
	started, stop, beats = filepath.Join(dir, "started"), filepath.Join(dir, "stop"), filepath.Join(dir, "beats")
	t.Setenv("STARTED", started)
	t.Setenv("STOP", stop)
	t.Setenv("BEATS", beats)
	return started, stop, beats
}

func sourceInput(content string) *Input {
	return &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: content}}}
}

// TestWorkerNoProgressIsEnded: a solc-js compile that waits without CPU
// time or output is ended for making no progress, the worker is
// restarted, and the next compile works.
func TestWorkerNoProgressIsEnded(t *testing.T) {
	needCPUClock(t)
	workerEnv(t)
	dir := fakeSolcJS(t, blockingSolcJS)
	w := NewNodeWorker("", nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour, stall: 500 * time.Millisecond}
	_, err := Compile(t.Context(), c, sourceInput("block"))
	wantLimit(t, err, NoProgress, "made no progress for 500ms")
	if _, err := Compile(t.Context(), c, tinyInput); err != nil {
		t.Fatalf("the compile after: %v", err)
	}
}

// TestWorkerCPUBudgetIsPerRequest: the worker serves request after
// request, so a request's CPU budget counts only the CPU time used during
// it: after a request that used 600 ms, a quick one with a 300 ms budget
// compiles, and one that computes without end is ended at its budget.
func TestWorkerCPUBudgetIsPerRequest(t *testing.T) {
	needCPUClock(t)
	workerEnv(t)
	dir := fakeSolcJS(t, blockingSolcJS)
	w := NewNodeWorker("", nil)
	defer w.Close()
	big := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour, stall: time.Hour}
	if _, err := Compile(t.Context(), big, sourceInput("burn:600")); err != nil {
		t.Fatalf("a request within its budget: %v", err)
	}
	small := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: 300 * time.Millisecond, stall: time.Hour}
	if _, err := Compile(t.Context(), small, tinyInput); err != nil {
		t.Fatalf("a quick request after one that used more than its budget: %v", err)
	}
	_, err := Compile(t.Context(), small, sourceInput("burn:0"))
	wantLimit(t, err, CPUBudget, "used its CPU budget of 300ms")
}

// TestWorkerSlowProgressIsNotEnded is TestNativeSlowProgressIsNotEnded on
// the solc-js worker.
func TestWorkerSlowProgressIsNotEnded(t *testing.T) {
	needCPUClock(t)
	_, stop, beats := workerEnv(t)
	dir := fakeSolcJS(t, blockingSolcJS)
	w := NewNodeWorker("", nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour, stall: slowStall}
	compileSlowly(t, c, sourceInput("pause"), beats, stop)
}

// TestRestartedWorkerResumesWaiter is the watchdog of issue 69 item 3: a
// compile nobody waits for (its caller's context ended, as a newer save
// does) holds the worker without using CPU, which no limit of its own
// would end for a long time; the request waiting behind it restarts the
// worker after abandonGrace and compiles, and nothing of the abandoned
// request stays behind (its goroutines, its watch).
func TestRestartedWorkerResumesWaiter(t *testing.T) {
	started, _, _ := workerEnv(t)
	old := abandonGrace
	abandonGrace = 200 * time.Millisecond
	t.Cleanup(func() { abandonGrace = old })
	dir := fakeSolcJS(t, blockingSolcJS)
	w := NewNodeWorker("", nil)
	defer w.Close()
	c := &SolcJS{Ver: MustVersion("0.8.0"), Dir: dir, Worker: w, Timeout: time.Hour, stall: time.Hour}
	ctx, cancel := context.WithCancel(t.Context())
	first := make(chan error, 1)
	go func() {
		_, err := Compile(ctx, c, sourceInput("block"))
		first <- err
	}()
	waitFor(t, "the first compile to start", func() bool { return fileExists(started) })
	pid := workerPid(w)
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("the abandoned compile: err = %v", err)
	}
	if _, err := Compile(t.Context(), c, tinyInput); err != nil {
		t.Fatalf("the waiting compile was not resumed: %v", err)
	}
	if workerPid(w) == pid {
		t.Error("the worker was not restarted")
	}
	waitFor(t, "the abandoned process to be killed", func() bool { return !alive(pid) })
	waitFor(t, "the requests' goroutines to end", func() bool {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		return !strings.Contains(stacks, "(*NodeWorker).callOnce") && !strings.Contains(stacks, "solc.watchRun")
	})
}
