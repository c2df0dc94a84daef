//go:build !windows

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// lockedBuffer is a process's stderr, read while it runs.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// signalDeadline is how long a signalled run may take to end: far longer
// than the second the issue asks for, so that reaching it is a hang, not
// a busy machine; the latency measured is logged.
const signalDeadline = 20 * time.Second

// interruptDuring starts the real binary with args, waits until ready
// holds, sends SIGTERM and checks that it exits 130 within
// signalDeadline, saying it was interrupted; it returns its stderr.
func interruptDuring(t *testing.T, phase string, ready func(stderr string, pid int) bool, args ...string) string {
	t.Helper()
	var errs lockedBuffer
	cmd := exec.Command(fixtures.Binary(t), args...)
	cmd.Stderr = &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	poll(t, phase, func() bool {
		select {
		case <-exited:
			t.Fatalf("foresight exited before %s: %s", phase, errs.String())
		default:
		}
		return ready(errs.String(), cmd.Process.Pid)
	})
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(signalDeadline):
		t.Fatalf("foresight still runs %s after SIGTERM during %s", signalDeadline, phase)
	}
	t.Logf("SIGTERM during %s: foresight exited %s later", phase, time.Since(sent).Round(time.Millisecond))
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
		t.Errorf("exit %d after SIGTERM during %s, want %d; stderr:\n%s", code, phase, exitInterrupted, errs.String())
	}
	if !strings.Contains(errs.String(), "foresight: interrupted after") {
		t.Errorf("stderr does not say the run was interrupted:\n%s", errs.String())
	}
	return errs.String()
}

// TestSignalEndsEveryPhase: SIGTERM to `foresight check` or `fuzz`
// while it compiles (a native solc that hangs), while it sets up (a
// setUp() that loops until a billion gas runs out, seconds of work on
// each chain) and while it fuzzes ends it with exit 130 and a line
// saying so. An interrupted campaign used to print "fuzzed 57
// contract(s), 0 function(s)" and exit 0, and set-up ran setUp() to its
// end whatever the signal.
func TestSignalEndsEveryPhase(t *testing.T) {
	// Set-up starts once the seed is printed; a second of CPU after that
	// is inside setUp()'s loop, which lasts seconds.
	var atSeed time.Duration = -1
	inSetUp := func(stderr string, pid int) bool {
		if !strings.Contains(stderr, "fuzzing with seed") {
			return false
		}
		if atSeed < 0 {
			atSeed = cpuTime(t, pid)
		}
		return cpuTime(t, pid) >= atSeed+time.Second
	}
	t.Run("compile", func(t *testing.T) {
		solc, pidFile := hangingSolc(t)
		t.Cleanup(func() {
			if data, err := os.ReadFile(pidFile); err == nil {
				for _, f := range strings.Fields(string(data)) {
					var pid int
					if n, err := strconv.Atoi(f); err == nil {
						pid = n
						syscall.Kill(pid, syscall.SIGKILL)
					}
				}
			}
		})
		interruptDuring(t, "compile", func(string, int) bool {
			_, err := os.Stat(pidFile)
			return err == nil
		}, "check", fixtures.Example(t, "TwoObjectives.sol"), "--solc", solc, "--execs", "100")
	})
	t.Run("set-up", func(t *testing.T) {
		dir := slowSetUpProject(t)
		errs := interruptDuring(t, "set-up", inSetUp, "fuzz", "--seed", "1", "--timeout", "10m", "--setup", "SlowTest",
			filepath.Join(dir, "src", "A.sol"), filepath.Join(dir, "test", "A.t.sol"))
		if !strings.Contains(errs, "cancelled during set-up") {
			t.Errorf("stderr does not say set-up was cancelled:\n%s", errs)
		}
	})
	t.Run("campaign", func(t *testing.T) {
		share := filepath.Join(t.TempDir(), "corpus")
		errs := interruptDuring(t, "the campaign", func(string, int) bool {
			entries, _ := os.ReadDir(filepath.Join(share, "inputs"))
			return len(entries) > 0
		}, "fuzz", "--seed", "1", "--timeout", "10m", "--corpus", share, fixtures.Example(t, "TwoObjectives.sol"))
		if !strings.Contains(errs, "executions in") {
			t.Errorf("stderr has no summary of what ran:\n%s", errs)
		}
	})
}

// workerLine is -v's line before a worker deploys the contracts
// (workerSetUpLog).
var workerLine = regexp.MustCompile(`set-up: a worker deploys the contracts\s+\{"worker": (\d+), "of": (\d+)\}`)

// TestSignalDuringWorkerSetUp: SIGTERM while the last of --workers at
// the clamp (the CPUs) deploys a project of many contracts ends the run
// with exit 130, saying it was cancelled during set-up. Each worker
// deploys every contract on its own chain and then reads their storage
// for the privilege oracles' words, reads that grow with contracts and
// their 32-byte constants and checked no context: a signal there was
// noticed only once the worker was ready, and the run then said it had
// fuzzed every contract. The latency is logged; the deadline only tells
// a hang from a busy machine.
func TestSignalDuringWorkerSetUp(t *testing.T) {
	file := filepath.Join(t.TempDir(), "Many.sol")
	if err := os.WriteFile(file, []byte(manyContracts(40)), 0o644); err != nil {
		t.Fatal(err)
	}
	workers := runtime.NumCPU()
	errs := interruptDuring(t, "the last worker's set-up", func(stderr string, _ int) bool {
		m := workerLine.FindAllStringSubmatch(stderr, -1)
		return len(m) > 0 && m[len(m)-1][1] == m[len(m)-1][2]
	}, "fuzz", "-v", "--seed", "1", "--timeout", "10m", "--workers", "100000", file)
	if !strings.Contains(errs, fmt.Sprintf("using %d", workers)) {
		t.Errorf("--workers 100000 was not clamped to the %d CPUs:\n%s", workers, errs)
	}
	if !strings.Contains(errs, "the campaign was cancelled during set-up: nothing was fuzzed") {
		t.Errorf("stderr does not say set-up was cancelled:\n%s", errs)
	}
}

// manyContracts is a file of n contracts whose constructors loop (20,000
// rounds, a few hundredths of a second each, so a worker's set-up lasts
// long enough to be signalled in) and whose code holds 32-byte constants
// (roles, for the privilege oracles' reads).
func manyContracts(n int) string {
	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n")
	for i := range n {
		fmt.Fprintf(&b, `contract W%d {
    bytes32 constant A = keccak256("W%d.A");
    bytes32 constant B = keccak256("W%d.B");
    mapping(bytes32 => mapping(address => bool)) roles;
    uint256 public x;
    constructor() {
        roles[A][msg.sender] = true;
        uint256 a = %d;
        unchecked { for (uint256 j = 0; j < 20000; j++) { a = a * 31 + j; } }
        x = a;
    }
    function f(uint256 v) public { require(roles[A][msg.sender] || roles[B][msg.sender]); x = v; }
}
`, i, i, i, i)
	}
	return b.String()
}

// slowSetUpProject writes a Foundry project whose test contract's
// setUp() deploys A and then loops until its gas runs out.
func slowSetUpProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"foundry.toml": "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n",
		"src/A.sol":    "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract A { uint256 public x; function f(uint256 a) public { x = a; } }\n",
		"test/A.t.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "../src/A.sol";
contract SlowTest {
    A a;
    uint256 s;
    function setUp() public {
        a = new A();
        while (true) { s += 1; }
    }
    function invariant_x() public view returns (bool) { return a.x() != 7; }
}
`,
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// cpuTime is the user and system CPU time process pid has used.
func cpuTime(t *testing.T, pid int) time.Duration {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	// Fields 14 and 15 of stat (utime, stime), counted from the state.
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}
