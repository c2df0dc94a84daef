package solc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scriptSolc writes a shell script standing in for a native solc; "PIDFILE"
// in body is replaced by a file the script may write a child's pid to.
func scriptSolc(t *testing.T, body string) (path, pidFile string) {
	t.Helper()
	dir := t.TempDir()
	path, pidFile = filepath.Join(dir, "solc"), filepath.Join(dir, "pid")
	body = strings.ReplaceAll(body, "PIDFILE", pidFile)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, pidFile
}

// waitFor polls cond until it holds; the test's own timeout bounds it.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for d := time.Millisecond; !cond(); d = min(2*d, 100*time.Millisecond) {
		if t.Context().Err() != nil {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(d)
	}
}

// childPid reads the pid a script wrote, waiting until it is there.
func childPid(t *testing.T, pidFile string) int {
	t.Helper()
	var pid int
	waitFor(t, "the child's pid", func() bool {
		data, err := os.ReadFile(pidFile)
		if err != nil || !strings.HasSuffix(string(data), "\n") {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(data)))
		return err == nil
	})
	return pid
}

// alive reports whether pid is a running (not zombie) process.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// "pid (comm) S ...": the state follows the last ')'.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func assertGone(t *testing.T, pid int) {
	t.Helper()
	waitFor(t, "the grandchild to die", func() bool { return !alive(pid) })
}

var tinyInput = &Input{Language: "Solidity", Sources: map[string]InputSource{"a.sol": {Content: "contract A {}"}}}

func TestNativeEndlessOutputIsKilled(t *testing.T) {
	for _, stream := range []string{"stdout", "stderr"} {
		t.Run(stream, func(t *testing.T) {
			redirect := ""
			if stream == "stderr" {
				redirect = " >&2"
			}
			path, _ := scriptSolc(t, "cat >/dev/null; exec yes yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"+redirect)
			n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: time.Hour, maxOut: 1 << 20, maxErr: 64 << 10}
			_, err := Compile(context.Background(), n, tinyInput)
			var limit *OutputLimitError
			if !errors.Is(err, ErrCompilerFailed) || !errors.As(err, &limit) || limit.Stream != stream {
				t.Fatalf("err = %v, want an output limit on %s", err, stream)
			}
			if !strings.Contains(err.Error(), "printed more than") || !strings.Contains(err.Error(), path) {
				t.Errorf("err = %q", err)
			}
		})
	}
}

func TestNativeHangWithGrandchild(t *testing.T) {
	// The grandchild inherits stdout and ignores SIGINT (a background job
	// of a non-interactive shell): only killing the group ends it.
	path, pidFile := scriptSolc(t, "sleep 1000 & echo $! > PIDFILE; wait")
	n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: 300 * time.Millisecond, stall: 300 * time.Millisecond}
	_, err := Compile(context.Background(), n, tinyInput)
	want := "made no progress for 300ms"
	if !cpuClock {
		want = "timed out after 300ms"
	}
	if !errors.Is(err, ErrCompilerFailed) || !errors.Is(err, ErrCompileTimeout) || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v, want %q", err, want)
	}
	assertGone(t, childPid(t, pidFile))
}

func TestNativeExitLeavingGrandchild(t *testing.T) {
	// solc answered and exited, but a child of it holds stdout open: the
	// answer counts, the wait is bounded and the child is killed.
	path, pidFile := scriptSolc(t, `cat >/dev/null; sleep 1000 & echo $! > PIDFILE; echo '{"sources":{}}'`)
	n := &Native{Path: path, Ver: MustVersion("0.8.0"), Timeout: time.Hour}
	if _, err := Compile(context.Background(), n, tinyInput); err != nil {
		t.Fatalf("err = %v", err)
	}
	assertGone(t, childPid(t, pidFile))
}

func TestProbeHangs(t *testing.T) {
	old := probeTimeout
	probeTimeout = 300 * time.Millisecond
	t.Cleanup(func() { probeTimeout = old })
	path, pidFile := scriptSolc(t, "sleep 1000 & echo $! > PIDFILE; wait")
	tc := NewToolchain(Config{SolcPath: path, NoNative: true})
	defer tc.Close()
	_, err := tc.Select(context.Background(), nil, nil)
	if err == nil || !strings.Contains(err.Error(), "--version: timed out") {
		t.Fatalf("err = %v, want the probe to time out", err)
	}
	assertGone(t, childPid(t, pidFile))
}

func TestCloseStopsStuckCompile(t *testing.T) {
	path, pidFile := scriptSolc(t, `case "$1" in --version) echo 'Version: 0.8.0';; *) sleep 1000 & echo $! > PIDFILE; wait;; esac`)
	root := writeTree(t, map[string]string{"A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
	tc := NewToolchain(Config{SolcPath: path, NoNative: true, Timeout: time.Hour})
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan *Build, 1)
	go func() {
		bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "A.sol")}})
		if err != nil || len(bs) != 1 {
			t.Errorf("compile: %v, %d builds", err, len(bs))
			done <- nil
			return
		}
		done <- bs[0]
	}()
	pid := childPid(t, pidFile)
	if err := tc.Close(); err != nil {
		t.Fatal(err)
	}
	b := <-done
	if b == nil {
		return
	}
	if !errors.Is(b.Err, ErrCompilerFailed) || !errors.Is(b.Err, errClosed) {
		t.Errorf("Err = %v, want the run stopped by Close", b.Err)
	}
	assertGone(t, pid)
	// Later compiles fail instead of starting processes.
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "A.sol")}})
	if err != nil || len(bs) != 1 || !errors.Is(bs[0].Err, errClosed) {
		t.Errorf("compile after Close: %v, %+v", err, bs)
	}
}
