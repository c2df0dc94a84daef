package solc

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"time"

	"go.uber.org/zap"
)

// Liveness of the solc-js worker. A request never queues for long behind a
// worker that cannot answer: before a process serves its next request it
// must answer a ping within pingTimeout (a stopped or wedged process is
// replaced), and a request waiting behind a compile whose caller has left
// replaces the worker after abandonGrace. A compile in progress for a
// caller that still waits is never taken for a hang; only its own limit
// (watchRun: no progress, or its CPU budget) ends it. Both are variables
// for tests.
var (
	// pingTimeout: an idle node answers a ping in well under a millisecond;
	// ten seconds leaves room for a machine that barely schedules it.
	pingTimeout = 10 * time.Second
	// abandonGrace: reloading a compiler costs a second or two, so a new
	// request waits this long for an abandoned compile to end by itself.
	abandonGrace = 5 * time.Second
)

// acquire takes the worker for one request. While it waits, a compile
// nobody waits for any more (its caller's context ended) is ended after
// abandonGrace by killing the process: its result would be thrown away.
func (w *NodeWorker) acquire(done <-chan struct{}, ctxErr func() error) error {
	t := time.NewTimer(abandonGrace)
	defer t.Stop()
	for {
		select {
		case w.sem <- struct{}{}:
			return nil
		case <-done:
			return ctxErr()
		case <-t.C:
			w.mu.Lock()
			if w.abandoned.Load() && w.cmd != nil {
				w.Log.Warn("a compile nobody waits for holds the solc-js worker; restarting it for a new request", zap.Duration("waited", abandonGrace))
				w.stopLocked()
			}
			w.mu.Unlock()
			t.Reset(abandonGrace)
		}
	}
}

// prepare returns the pipes of a live process for a request (the worker
// acquired), the request's id and its progress (watchRun: the process's
// CPU time from now on, what it writes): the running process if it
// answers a ping, else a new one. When done closes during the ping, it
// returns errPingCancelled at once and stops the process (the late answer
// could not be told from the next request's).
func (w *NodeWorker) prepare(done <-chan struct{}) (io.WriteCloser, *bufio.Reader, int, func() progress, error) {
	w.mu.Lock()
	if w.cmd != nil {
		w.nextID++
		id, stdin, resp, pid := w.nextID, w.stdin, w.resp, w.cmd.Process.Pid
		w.mu.Unlock()
		alive, cancelled := ping(done, stdin, resp, id)
		w.mu.Lock()
		if cancelled {
			w.stopLocked()
			w.mu.Unlock()
			return nil, nil, 0, nil, errPingCancelled
		}
		if !alive && w.cmd != nil && w.cmd.Process.Pid == pid {
			w.Log.Warn("solc-js worker did not answer a ping; replacing it", zap.Int("pid", pid), zap.Duration("waited", pingTimeout))
			w.stopLocked()
		}
	}
	defer w.mu.Unlock()
	if err := w.startLocked(); err != nil {
		return nil, nil, 0, nil, err
	}
	w.abandoned.Store(false)
	w.nextID++
	// The worker is one process in a group of its own (procAttr), which
	// serves request after request: the meter counts from now.
	meter := newCPUMeter(w.cmd.Process.Pid, true)
	stderr, read := w.stderr, w.respRead
	sample := func() progress {
		u, ok := meter.read()
		return progress{usage: u, out: stderr.written() + read.Load(), ok: ok}
	}
	return w.stdin, w.resp, w.nextID, sample, nil
}

// errPingCancelled: the caller left during the liveness ping.
var errPingCancelled = errors.New("cancelled during the worker's liveness check")

// ping sends a ping and reports whether the answer came within
// pingTimeout, or that done closed first. Unless it answered, the caller
// kills the process, which ends the reader left behind.
func ping(cancel <-chan struct{}, stdin io.Writer, resp *bufio.Reader, id int) (alive, cancelled bool) {
	hb, _ := json.Marshal(workerHeader{ID: id, Op: "ping"})
	done := make(chan bool, 1)
	go func() {
		if _, err := stdin.Write(append(hb, '\n')); err != nil {
			done <- false
			return
		}
		r := readResponse(resp, id)
		done <- r.err == nil && string(r.body) == "pong"
	}()
	t := time.NewTimer(pingTimeout)
	defer t.Stop()
	select {
	case ok := <-done:
		return ok, false
	case <-t.C:
		return false, false
	case <-cancel:
		return false, true
	}
}
