package solc

import (
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
	Path string
	Ver  Version
	// Timeout is the CPU-time budget of one request (a wall-clock limit
	// where CPU time is not read); zero: it grows with the input
	// (compileBudget).
	Timeout time.Duration

	life           *lifetime     // the Toolchain's, so Close stops the run; nil for none
	maxOut, maxErr int           // output caps; zero means MaxCompilerOutput and 1 MiB
	stall          time.Duration // the no-progress limit; zero: NoProgressLimit (tests set less)
}

// Version returns the binary's version.
func (n *Native) Version() Version { return n.Ver }

func (n *Native) String() string { return fmt.Sprintf("solc %s (%s)", n.Ver, n.Path) }

// CompileJSON runs `solc --standard-json` with the input on stdin, in its
// own process group. The group is killed when ctx ends, it breaks a limit
// (no progress, its CPU budget: compileLimits), the output passes
// MaxCompilerOutput (stderr: 1 MiB) or the Toolchain closes.
func (n *Native) CompileJSON(ctx context.Context, input []byte) ([]byte, error) {
	limits := compileLimits(n.Timeout, len(input), n.stall)
	maxOut, maxErr := n.maxOut, n.maxErr
	if maxOut == 0 {
		maxOut, maxErr = MaxCompilerOutput, maxCompilerStderr
	}
	// solc's own import callback reads missing sources relative to its
	// working directory: give it an empty one, so that it finds nothing
	// Foresight did not hand it (Project.Sources decides what is read).
	dir, err := os.MkdirTemp("", "foresight-solc-")
	if err != nil {
		return nil, fmt.Errorf("compile with %s: %w", n, err)
	}
	defer os.RemoveAll(dir)
	r := runProcess(ctx, procSpec{
		path: n.Path, args: []string{"--standard-json"}, stdin: input, dir: dir,
		maxOut: maxOut, maxErr: maxErr, limits: &limits, life: n.life,
	})
	if r.err == nil {
		return r.stdout, nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var what string
	var limit *OutputLimitError
	var given *LimitError
	switch {
	case errors.As(r.err, &given):
		return nil, &CompilerError{Compiler: n.String(), Err: given, TimedOut: true}
	case errors.Is(r.err, errClosed):
		return nil, &CompilerError{Compiler: n.String(), What: "was stopped", Err: r.err}
	case errors.As(r.err, &limit):
		return nil, &CompilerError{Compiler: n.String(), What: limit.Error(), Err: limit}
	}
	what = exitDescription(r.err)
	if msg := strings.TrimSpace(string(r.stderr)); msg != "" {
		if len(msg) > 500 {
			msg = msg[:500]
		}
		what += ": " + msg
	}
	// Our own kills were handled above: a signal now is the compiler's
	// (a segmentation fault on a deep expression), so other inputs may
	// compile.
	return nil, &CompilerError{Compiler: n.String(), What: what, Err: r.err, Crashed: signaled(r.err)}
}

// signaled reports whether err says the process was killed by a signal.
func signaled(err error) bool {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		ws, ok := ee.Sys().(syscall.WaitStatus)
		return ok && ws.Signaled()
	}
	return false
}

// exitDescription says how a process ended: "exited with status 2", "was
// killed by killed", or "crashed" when exec cannot tell.
func exitDescription(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "was killed by " + ws.Signal().String()
		}
		return fmt.Sprintf("exited with status %d", ee.ExitCode())
	}
	return "crashed"
}

// probeNative runs `solc --version` and parses the version it prints. The
// run is bounded like a compile: its own process group, probeTimeout, and
// at most maxProbeOutput read.
func probeNative(ctx context.Context, path string, life *lifetime) (Version, error) {
	r := runProcess(ctx, procSpec{path: path, args: []string{"--version"}, maxOut: maxProbeOutput, maxErr: maxProbeOutput, timeout: probeTimeout, life: life})
	switch {
	case errors.Is(r.err, errTimedOut):
		return Version{}, fmt.Errorf("%s --version: timed out after %s", path, probeTimeout)
	case r.err != nil:
		return Version{}, fmt.Errorf("%s --version: %w", path, r.err)
	}
	// "Version: 0.8.19+commit.7dd6d404.Linux.g++"
	for _, line := range strings.Split(string(r.stdout), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "Version:"); ok {
			return ParseVersion(strings.TrimSpace(rest))
		}
	}
	out := r.stdout
	if len(out) > 200 {
		out = out[:200]
	}
	return Version{}, fmt.Errorf("%s --version: no version in %q", path, out)
}
