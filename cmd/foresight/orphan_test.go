//go:build !windows

// Unix only: process groups, signals and /bin/sh (Windows has no watchdog,
// solc/sysproc_windows.go).

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// hangingSolc writes a solc that answers --version and, asked to compile,
// is a shell with two sleeping children: it writes "shell child child" to
// the returned file and waits for them forever.
func hangingSolc(t *testing.T) (solcPath, pidFile string) {
	t.Helper()
	dir := t.TempDir()
	solcPath, pidFile = filepath.Join(dir, "solc"), filepath.Join(dir, "pids")
	script := `#!/bin/sh
if [ "$1" = --version ]; then echo "Version: 0.8.37+commit.8dec2ff1.Linux.g++"; exit 0; fi
sleep 1000 & a=$!
sleep 1000 & b=$!
echo "$$ $a $b" > '` + pidFile + `.tmp' && mv '` + pidFile + `.tmp' '` + pidFile + `'
wait
`
	if err := os.WriteFile(solcPath, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return solcPath, pidFile
}

// pollLimit bounds each poll: far longer than anything here takes, so
// reaching it is a failure, not a slow machine.
const pollLimit = 30 * time.Second

// poll waits until cond holds, failing the test after pollLimit.
func poll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(pollLimit)
	for d := time.Millisecond; !cond(); d = min(2*d, 100*time.Millisecond) {
		if time.Now().After(deadline) || t.Context().Err() != nil {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(d)
	}
}

// compilerPids waits for the hanging solc to write its pids.
func compilerPids(t *testing.T, pidFile string) []int {
	t.Helper()
	var pids []int
	poll(t, "the compiler to start", func() bool {
		data, err := os.ReadFile(pidFile)
		if err != nil {
			return false
		}
		pids = pids[:0]
		for _, f := range strings.Fields(string(data)) {
			pid, err := strconv.Atoi(f)
			if err != nil {
				return false
			}
			pids = append(pids, pid)
		}
		return len(pids) == 3
	})
	return pids
}

// running reports whether pid is a live (not zombie) process.
func running(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// startForesight starts the real binary; the returned channel is closed
// once it has exited.
// Its stdin is a file, so that waiting for it waits for nothing else.
func startForesight(t *testing.T, stdin *os.File, args ...string) (*exec.Cmd, <-chan struct{}) {
	t.Helper()
	cmd := exec.Command(fixtures.Binary(t), args...)
	if stdin != nil {
		cmd.Stdin = stdin
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	return cmd, exited
}

// signalLeavesNoOrphan sends sig to foresight once the compiler runs and
// checks that foresight and every process of the compiler end.
func signalLeavesNoOrphan(t *testing.T, cmd *exec.Cmd, exited <-chan struct{}, pidFile string, sig syscall.Signal) {
	t.Helper()
	pids := compilerPids(t, pidFile)
	t.Cleanup(func() {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	poll(t, "foresight to exit", func() bool {
		select {
		case <-exited:
			return true
		default:
			return false
		}
	})
	for _, pid := range pids {
		poll(t, fmt.Sprintf("compiler process %d to die after %v", pid, sig), func() bool { return !running(pid) })
	}
}

// TestSignalKillsCompilerChildren: SIGINT, SIGTERM or SIGKILL to
// `foresight check` while a native solc hangs leaves none of the
// compiler's processes behind, grandchildren included.
func TestSignalKillsCompilerChildren(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			solc, pidFile := hangingSolc(t)
			cmd, exited := startForesight(t, nil, "check", fixtures.Example(t, "TwoObjectives.sol"), "--solc", solc, "--execs", "100")
			signalLeavesNoOrphan(t, cmd, exited, pidFile, sig)
		})
	}
}

// lspFrame is one protocol message with its header.
func lspFrame(msg map[string]any) string {
	msg["jsonrpc"] = "2.0"
	body, _ := json.Marshal(msg)
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// TestSignalKillsLSPCompilerChildren: SIGTERM or SIGKILL to `foresight
// lsp` while the native solc a trusted foundry.toml pins hangs leaves none
// of the compiler's processes behind.
func TestSignalKillsLSPCompilerChildren(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			solc, pidFile := hangingSolc(t)
			dir := t.TempDir()
			src, err := os.ReadFile(fixtures.Example(t, "TwoObjectives.sol"))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, "src", "TwoObjectives.sol")
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\nsolc = \""+solc+"\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			pr, pw, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd, exited := startForesight(t, pr, "lsp")
			pr.Close()
			t.Cleanup(func() { pw.Close() })
			go func() {
				w := bufio.NewWriter(pw)
				w.WriteString(lspFrame(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{
					"processId": nil, "rootUri": "file://" + dir, "capabilities": map[string]any{},
					"workspaceFolders":      []any{map[string]any{"uri": "file://" + dir, "name": "w"}},
					"initializationOptions": map[string]any{"trustedWorkspace": true},
				}}))
				w.WriteString(lspFrame(map[string]any{"method": "initialized", "params": map[string]any{}}))
				w.WriteString(lspFrame(map[string]any{"method": "textDocument/didOpen", "params": map[string]any{
					"textDocument": map[string]any{"uri": "file://" + file, "languageId": "solidity", "version": 1, "text": string(src)},
				}}))
				w.Flush()
			}()
			signalLeavesNoOrphan(t, cmd, exited, pidFile, sig)
		})
	}
}
