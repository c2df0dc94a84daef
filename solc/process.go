package solc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"sync"
	"time"
)

// Limits on what Foresight reads from a compiler. A standard-JSON output
// with every AST and source map of a large project is tens of megabytes;
// 256 MiB leaves room for that and still stops a compiler that prints
// without end long before it exhausts memory.
const (
	MaxCompilerOutput = 256 << 20 // stdout of a native compiler; one solc-js response
	maxCompilerStderr = 1 << 20   // stderr of a native compiler or npm
	maxProbeOutput    = 64 << 10  // `solc --version`
	// waitDelay bounds how long a finished or killed process may hold its
	// output pipes open through a child it left behind.
	waitDelay = 2 * time.Second
)

// probeTimeout bounds `solc --version`; a variable for tests.
var probeTimeout = 10 * time.Second

// closeTimeout bounds how long Toolchain.Close waits for killed runs.
const closeTimeout = 5 * time.Second

// errClosed is the cause when a run is stopped by Toolchain.Close.
var errClosed = errors.New("the compiler toolchain was closed")

// errTimedOut is the cause when a run outlives its timeout.
var errTimedOut = errors.New("timed out")

// OutputLimitError says a process printed more than Foresight reads.
type OutputLimitError struct {
	Stream string // "stdout", "stderr" or "a response"
	Limit  int
}

func (e *OutputLimitError) Error() string {
	return fmt.Sprintf("printed more than %d KiB (%s) and was killed", e.Limit>>10, e.Stream)
}

// procSpec is one subprocess run.
type procSpec struct {
	path    string
	args    []string
	dir     string
	env     []string // nil: Foresight's own
	stdin   []byte
	maxOut  int
	maxErr  int
	timeout time.Duration // a wall-clock limit (probes); zero for none
	// limits, when set, end a compile by progress and CPU time
	// (watchRun) with a *LimitError.
	limits *runLimits
	life   *lifetime // nil: not stopped by Toolchain.Close
}

type procResult struct {
	stdout, stderr []byte
	// err is the parent context's error, errTimedOut, a *LimitError,
	// errClosed, an *OutputLimitError, or what exec returned.
	err error
}

// runProcess runs a process in its own process group, so that whatever it
// spawns dies with it: on timeout, a broken limit, cancellation, too much
// output or Toolchain.Close the whole group is killed, and the group is killed again
// once the process has exited, so no grandchild outlives the run; should
// Foresight die first, the watchdog kills the group (orphans.go). Every wait
// is bounded (waitDelay), even when a grandchild holds the pipes open.
func runProcess(ctx context.Context, s procSpec) procResult {
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if s.timeout > 0 {
		var stop context.CancelFunc
		ctx, stop = context.WithTimeoutCause(ctx, s.timeout, errTimedOut)
		defer stop()
	}
	if s.life != nil {
		if !s.life.enter() {
			return procResult{err: errClosed}
		}
		defer s.life.leave()
		go func() {
			select {
			case <-s.life.stop:
				cancel(errClosed)
			case <-ctx.Done():
			}
		}()
	}
	stdout := &capWriter{max: s.maxOut, full: func() { cancel(&OutputLimitError{"stdout", s.maxOut}) }}
	stderr := &capWriter{max: s.maxErr, full: func() { cancel(&OutputLimitError{"stderr", s.maxErr}) }}
	cmd := exec.CommandContext(ctx, s.path, s.args...)
	cmd.Dir = s.dir
	cmd.Env = s.env
	cmd.Stdin = bytes.NewReader(s.stdin)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = procAttr()
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = waitDelay
	err := cmd.Start()
	if err == nil {
		guardGroup('+', cmd.Process.Pid)
		stopWatch := watchProcess(ctx, cancel, s.limits, cmd.Process.Pid, stdout, stderr)
		err = cmd.Wait()
		stopWatch()
		killGroup(cmd) // children it left behind
		guardGroup('-', cmd.Process.Pid)
	}
	res := procResult{stdout: stdout.Bytes(), stderr: stderr.Bytes(), err: err}
	switch {
	case parent.Err() != nil:
		res.err = parent.Err()
	case ctx.Err() != nil:
		res.err = context.Cause(ctx)
	case errors.Is(err, exec.ErrWaitDelay):
		// It exited successfully; only a child of it held the pipes.
		res.err = nil
	}
	return res
}

// watchProcess watches the process group pgid under limits (watchRun),
// counting what it wrote to stdout and stderr as progress, and cancels
// the run with the *LimitError it breaks. The returned func stops the
// watch and waits for it. Without limits it does nothing.
func watchProcess(ctx context.Context, cancel context.CancelCauseFunc, limits *runLimits, pgid int, stdout, stderr *capWriter) (stop func()) {
	if limits == nil {
		return func() {}
	}
	ctx, done := context.WithCancel(ctx)
	ended := make(chan struct{})
	meter := newCPUMeter(pgid, false)
	go func() {
		defer close(ended)
		sample := func() progress {
			u, ok := meter.read()
			return progress{usage: u, out: stdout.written() + stderr.written(), ok: ok}
		}
		if le := watchRun(ctx, *limits, sample); le != nil {
			cancel(le)
		}
	}()
	return func() {
		done()
		<-ended
	}
}

// capWriter keeps up to max bytes; past that it calls full once and
// discards the rest (draining, so the writer is not blocked before the kill
// arrives).
type capWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	max  int
	n    int64 // every byte written, kept or not: progress (watchRun)
	over bool
	full func()
}

// written returns how many bytes were written, kept or not.
func (w *capWriter) written() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.n += int64(len(p))
	if w.over {
		return len(p), nil
	}
	if w.buf.Len()+len(p) > w.max {
		w.over = true
		w.full()
		return len(p), nil
	}
	return w.buf.Write(p)
}

func (w *capWriter) Bytes() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Bytes()
}

// lifetime tracks the runs of a Toolchain so that Close can stop them and
// wait, boundedly, until they are gone.
type lifetime struct {
	stop chan struct{} // closed by close

	mu     sync.Mutex
	n      int
	closed bool
	idle   chan struct{} // closed when closed and n reaches 0
}

func newLifetime() *lifetime {
	return &lifetime{stop: make(chan struct{}), idle: make(chan struct{})}
}

func (l *lifetime) enter() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	l.n++
	return true
}

func (l *lifetime) leave() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
	if l.closed && l.n == 0 {
		close(l.idle)
	}
}

// close stops every run and waits up to limit for them to end.
func (l *lifetime) close(limit time.Duration) {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		close(l.stop)
		if l.n == 0 {
			close(l.idle)
		}
	}
	l.mu.Unlock()
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-l.idle:
	case <-t.C:
	}
}
