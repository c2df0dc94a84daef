package solc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// Native is a solc binary, run once per request.
type Native struct {
	Path    string
	Ver     Version
	Timeout time.Duration // per request; zero means DefaultTimeout
}

// DefaultTimeout bounds one compiler run unless configured otherwise.
const DefaultTimeout = 2 * time.Minute

// Version returns the binary's version.
func (n *Native) Version() Version { return n.Ver }

func (n *Native) String() string { return fmt.Sprintf("solc %s (%s)", n.Ver, n.Path) }

// CompileJSON runs `solc --standard-json` with the input on stdin. The
// process gets an interrupt when ctx ends or the timeout passes, and a kill
// shortly after.
func (n *Native) CompileJSON(ctx context.Context, input []byte) ([]byte, error) {
	timeout := n.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, n.Path, "--standard-json")
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 2 * time.Second
	err := cmd.Run()
	if ctx.Err() != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) && !errors.Is(context.Cause(ctx), context.Canceled) {
			return nil, &CompilerError{Compiler: n.String(), What: fmt.Sprintf("timed out after %s", timeout), Err: ctx.Err()}
		}
		return nil, ctx.Err()
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 500 {
			msg = msg[:500]
		}
		what := "crashed"
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				what = "was killed by " + ws.Signal().String()
			} else {
				what = fmt.Sprintf("exited with status %d", ee.ExitCode())
			}
		}
		if msg != "" {
			what += ": " + msg
		}
		return nil, &CompilerError{Compiler: n.String(), What: what, Err: err}
	}
	return stdout.Bytes(), nil
}

// probeNative runs `solc --version` and parses the version it prints.
func probeNative(ctx context.Context, path string) (Version, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--version").Output()
	if err != nil {
		return Version{}, fmt.Errorf("%s --version: %w", path, err)
	}
	// "Version: 0.8.19+commit.7dd6d404.Linux.g++"
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "Version:"); ok {
			return ParseVersion(strings.TrimSpace(rest))
		}
	}
	return Version{}, fmt.Errorf("%s --version: no version in %q", path, out)
}
