package solc

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
)

//go:embed worker.js
var workerScript string

// SolcJS is a solc-js package installed in Dir (Dir/node_modules/solc),
// compiled through a shared long-lived node worker.
type SolcJS struct {
	Ver    Version
	Dir    string
	Worker *NodeWorker
	// Timeout is the CPU-time budget of one request, counted on the
	// worker's process during that request (a wall-clock limit where CPU
	// time is not read); zero: it grows with the input (compileBudget).
	Timeout time.Duration
	stall   time.Duration // the no-progress limit; zero: NoProgressLimit (tests set less)

	// repair reinstalls a package that does not load (Toolchain.repairJS);
	// nil: Dir is not Foresight's to replace.
	repair func(ctx context.Context, cause string) error
}

// Version returns the package's compiler version.
func (s *SolcJS) Version() Version { return s.Ver }

func (s *SolcJS) String() string { return fmt.Sprintf("solc %s (solc-js)", s.Ver) }

// CompileJSON sends the input to the worker.
func (s *SolcJS) CompileJSON(ctx context.Context, input []byte) ([]byte, error) {
	limits := compileLimits(s.Timeout, len(input), s.stall)
	out, err := s.Worker.call(ctx, "compile", s.Dir, input, limits)
	var le *workerError
	if errors.As(err, &le) && le.loadFailed && s.repair != nil {
		if rerr := s.repair(ctx, le.what); rerr != nil {
			return nil, rerr
		}
		out, err = s.Worker.call(ctx, "compile", s.Dir, input, limits)
		if errors.As(err, &le) && le.loadFailed {
			return nil, &CompilerError{Compiler: s.String(), What: fmt.Sprintf("in %s %s, even after a fresh install; check node, remove %s to install it again, or use a native solc", s.Dir, loadCause(le.what), s.Dir)}
		}
	}
	if err != nil {
		var we *workerError
		if errors.As(err, &we) {
			return nil, &CompilerError{Compiler: s.String(), What: we.what, Err: we.err, Crashed: we.crashed, TimedOut: we.timedOut}
		}
		return nil, err
	}
	return out, nil
}

// A NodeWorker is one node process that loads solc-js compilers on demand,
// keeps them loaded, and serves one request at a time. It restarts after a
// crash, and is killed when a request breaks its limits (no progress, its
// CPU budget: watchRun).
type NodeWorker struct {
	Node string // node binary; when empty, resolve's, else "node"
	Log  *zap.Logger

	// resolve finds node and its environment (Toolchain.nodeCommand); nil
	// for node from PATH as exec finds it.
	resolve func() (path string, env []string, err error)

	sem chan struct{} // held while a request is in flight

	mu     sync.Mutex // guards the fields below
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	resp   *bufio.Reader
	respFd *os.File
	// respRead counts the bytes read from the process's responses: output,
	// so progress (watchRun).
	respRead *atomic.Int64
	stderr   *tailBuffer
	nextID   int
	closed   bool
	// abandoned: the caller of the request in flight has left (acquire).
	// Atomic, so a caller whose context ended never waits for mu (held
	// while a process is stopped or started) before it returns.
	abandoned atomic.Bool
	// nodeChecked: the node binaries whose version passed checkNode.
	nodeChecked map[string]bool
}

type workerError struct {
	what string
	err  error
	died bool // the worker process was gone or died during the request
	// timedOut: the request broke a limit (err is the *LimitError) and
	// the worker was killed.
	timedOut bool
	// loadFailed: the compiler package did not load (a corrupt install).
	loadFailed bool
	// crashed: the compiler threw on the input; another input may
	// compile. (A node that dies twice is not counted: a broken node dies
	// on every input.)
	crashed bool
}

func (e *workerError) Error() string {
	if e.what == "" && e.err != nil {
		return e.err.Error()
	}
	return e.what
}

// NewNodeWorker returns a worker; the process starts on the first request.
func NewNodeWorker(node string, log *zap.Logger) *NodeWorker {
	if log == nil {
		log = zap.NewNop()
	}
	return &NodeWorker{Node: node, Log: log, sem: make(chan struct{}, 1)}
}

// Close stops the node process; a request in flight fails at once, and
// later requests fail.
func (w *NodeWorker) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.stopLocked()
	return nil
}

// stopIfWithin stops the worker when its node lies inside root, so the
// next request starts one found anew (Toolchain.noteRoot).
func (w *NodeWorker) stopIfWithin(root string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cmd != nil && within(root, w.cmd.Path) {
		w.Log.Warn("solc-js worker's node is inside an untrusted workspace; stopping it", zap.String("node", w.cmd.Path), zap.String("root", root))
		w.stopLocked()
	}
}

// stopLocked kills the worker's process group; the wait is bounded by
// WaitDelay.
func (w *NodeWorker) stopLocked() {
	if w.cmd == nil {
		return
	}
	w.stdin.Close()
	killGroup(w.cmd)
	w.cmd.Wait()
	guardGroup('-', w.cmd.Process.Pid)
	w.respFd.Close()
	w.cmd = nil
}

func (w *NodeWorker) startLocked() error {
	if w.closed {
		return errClosed
	}
	if w.cmd != nil {
		return nil
	}
	node := w.Node
	var env []string
	if node == "" && w.resolve != nil {
		var err error
		if node, env, err = w.resolve(); err != nil {
			return fmt.Errorf("start node worker: %w", err)
		}
	}
	if node == "" {
		node = "node"
	}
	if err := w.checkNodeLocked(node, env); err != nil {
		return err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("start node worker: %w", err)
	}
	cmd := exec.Command(node, "-e", workerScript)
	cmd.ExtraFiles = []*os.File{pw} // fd 3
	cmd.Env = env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		pr.Close()
		pw.Close()
		return fmt.Errorf("start node worker: %w", err)
	}
	w.stderr = &tailBuffer{max: 8 << 10}
	cmd.Stderr = w.stderr
	read := new(atomic.Int64)
	cmd.SysProcAttr = procAttr()
	cmd.WaitDelay = waitDelay
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return fmt.Errorf("start node worker (%s): %w", node, err)
	}
	guardGroup('+', cmd.Process.Pid)
	pw.Close()
	w.cmd, w.stdin, w.resp, w.respFd, w.respRead = cmd, stdin, bufio.NewReaderSize(&countingReader{r: pr, n: read}, 1<<16), pr, read
	w.Log.Debug("solc-js worker started", zap.Int("pid", cmd.Process.Pid))
	return nil
}

type workerHeader struct {
	ID    int    `json:"id"`
	Op    string `json:"op,omitempty"`
	Dir   string `json:"dir,omitempty"`
	Len   int    `json:"len"`
	Error string `json:"error,omitempty"`
	Fatal bool   `json:"fatal,omitempty"` // the compiler is broken; restart
	Load  bool   `json:"load,omitempty"`  // the compiler did not load: its install is broken
}

type workerResult struct {
	body []byte
	err  error
}

// call sends one request (callOnce) and retries it once on a new worker
// process when the process died without answering.
func (w *NodeWorker) call(ctx context.Context, op, dir string, body []byte, limits runLimits) ([]byte, error) {
	out, err := w.callOnce(ctx, op, dir, body, limits)
	var we *workerError
	if err == nil || !errors.As(err, &we) || !we.died || ctx.Err() != nil {
		return out, err
	}
	// The process died without a word (killed by the kernel's OOM killer
	// or a signal, between requests or during this one). Compiling is
	// idempotent, so one retry on a fresh process hides a death that was
	// not this request's doing; an input that kills node kills it again.
	w.Log.Warn("solc-js worker died; retrying the request on a new one", zap.String("op", op), zap.String("error", we.Error()))
	out, err = w.callOnce(ctx, op, dir, body, limits)
	if errors.As(err, &we) && we.died {
		we.what += " (twice: the request was retried on a new worker)"
	}
	return out, err
}

// callOnce sends one request to the current (or a new) worker process.
// If ctx ends first the caller gets ctx.Err() at once, while the in-flight
// compile is allowed to finish in the background (killing the worker
// would throw away every loaded compiler) unless a newer request needs the
// worker (acquire). A compile that breaks its limits (watchRun: no
// progress, or its CPU budget, counted from this request's start) kills
// the worker, whether or not its caller still waits.
func (w *NodeWorker) callOnce(ctx context.Context, op, dir string, body []byte, limits runLimits) ([]byte, error) {
	if err := w.acquire(ctx.Done(), ctx.Err); err != nil {
		return nil, err
	}
	stdin, resp, id, sample, err := w.prepare(ctx.Done())
	if err != nil {
		<-w.sem
		if errors.Is(err, errPingCancelled) {
			return nil, ctx.Err()
		}
		return nil, &workerError{what: "could not start node", err: err}
	}
	h := workerHeader{ID: id, Op: op, Dir: dir, Len: len(body)}
	hb, _ := json.Marshal(h)

	done := make(chan workerResult, 1)
	go func() {
		if _, err := stdin.Write(append(hb, '\n')); err != nil {
			done <- workerResult{err: err}
			return
		}
		if _, err := stdin.Write(body); err != nil {
			done <- workerResult{err: err}
			return
		}
		done <- readResponse(resp, h.ID)
	}()

	// The watch has its own context: it outlives a caller who left, and
	// ends with the request (finish), so it never outlives it.
	watchCtx, stopWatch := context.WithCancel(context.Background())
	broke := make(chan *LimitError, 1)
	go func() { broke <- watchRun(watchCtx, limits, sample) }()

	finish := func(r workerResult, limit *LimitError) ([]byte, error) {
		stopWatch()
		defer func() { <-w.sem }()
		w.mu.Lock()
		defer w.mu.Unlock()
		w.abandoned.Store(false)
		if limit != nil {
			w.Log.Warn("solc-js compile given up; restarting the worker", zap.String("limit", limit.Error()))
			w.stopLocked()
			return nil, &workerError{err: limit, timedOut: true}
		}
		if r.err != nil {
			var re *remoteError
			if errors.As(r.err, &re) {
				if re.load {
					// node caches what it loaded of the broken package: a
					// reinstalled one loads only in a new process.
					w.stopLocked()
					return nil, &workerError{what: "failed to load: " + re.msg, loadFailed: true}
				}
				if !re.fatal && !brokenCompiler(re.msg) {
					return nil, &workerError{what: "failed: " + re.msg}
				}
				w.Log.Warn("solc-js compiler broke; restarting the worker", zap.String("error", re.msg))
				w.stopLocked()
				return nil, &workerError{what: "failed: " + re.msg + " (a compiler that threw fails every later compile, so the worker was restarted)", crashed: true}
			}
			var limit *OutputLimitError
			if errors.As(r.err, &limit) {
				w.stopLocked()
				return nil, &workerError{what: limit.Error(), err: limit}
			}
			if w.closed {
				return nil, &workerError{what: "was stopped", err: errClosed}
			}
			w.stopLocked() // waits for node's exit, and so for all its stderr
			what := "crashed"
			if line := firstMeaningfulLine(w.stderr.String()); line != "" {
				what += ": " + line
			}
			return nil, &workerError{what: what, err: r.err, died: true}
		}
		return r.body, nil
	}
	select {
	case r := <-done:
		return finish(r, nil)
	case le := <-broke:
		return finish(workerResult{}, le)
	case <-ctx.Done():
		w.abandoned.Store(true)
		go func() {
			select {
			case r := <-done:
				finish(r, nil)
			case le := <-broke:
				finish(workerResult{}, le)
			}
		}()
		return nil, ctx.Err()
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

type remoteError struct {
	msg   string
	fatal bool
	load  bool
}

// brokenCompiler recognises the errors after which a loaded solc-js
// compiler fails every request, for a worker.js that does not mark them
// fatal: traps of its WebAssembly module.
func brokenCompiler(msg string) bool {
	return strings.Contains(msg, "memory access out of bounds") || strings.Contains(msg, "RuntimeError") || strings.Contains(msg, "Aborted(")
}

func (e *remoteError) Error() string { return e.msg }

// readResponse reads one frame. The header line must fit the reader's
// buffer and the body MaxCompilerOutput, so a worker gone wrong cannot make
// Foresight allocate without bound.
func readResponse(r *bufio.Reader, id int) workerResult {
	line, err := r.ReadSlice('\n')
	if err != nil {
		return workerResult{err: fmt.Errorf("read response: %w", err)}
	}
	var h workerHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return workerResult{err: fmt.Errorf("bad response header %q: %w", bytes.TrimSpace(line), err)}
	}
	if h.ID != id {
		return workerResult{err: fmt.Errorf("response for request %d, want %d", h.ID, id)}
	}
	if h.Len < 0 || h.Len > MaxCompilerOutput {
		return workerResult{err: &OutputLimitError{Stream: "a response", Limit: MaxCompilerOutput}}
	}
	// Grow with the data, not with the header's claim.
	var buf bytes.Buffer
	buf.Grow(min(h.Len, 1<<20))
	if _, err := io.CopyN(&buf, r, int64(h.Len)); err != nil {
		return workerResult{err: fmt.Errorf("read response body: %w", err)}
	}
	body := buf.Bytes()
	if h.Error != "" {
		return workerResult{err: &remoteError{msg: h.Error, fatal: h.Fatal, load: h.Load}}
	}
	return workerResult{body: body}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
	n   int64 // every byte written: progress (watchRun)
}

// written returns how many bytes were ever written.
func (t *tailBuffer) written() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n += int64(len(p))
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
