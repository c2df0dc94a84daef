package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"go.uber.org/zap"
)

// fuzzCommand is check and fuzz (fuzzRun) with their exit code when a
// signal ends them.
func fuzzCommand(ctx context.Context, name string, defaultTimeout time.Duration, args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	return interruptedExit(ctx, fuzzRun(ctx, name, defaultTimeout, args, stdout, stderr), start, stderr)
}

// interruptedExit is check's and fuzz's exit code once they return code:
// exitInterrupted, with a line saying so, when a signal ended them
// (main's context), since whatever they printed, "0 finding(s)" or a
// count of contracts fuzzed, is then only what ran before it.
func interruptedExit(ctx context.Context, code int, start time.Time, stderr io.Writer) int {
	if ctx.Err() == nil {
		return code
	}
	fmt.Fprintf(stderr, "foresight: interrupted after %s: the run was cut short; anything printed above is only what it did until then\n", time.Since(start).Round(time.Millisecond))
	return exitInterrupted
}

// workerSetUpLog says, with -v, when each worker starts deploying the
// contracts on its own chain: with many workers and contracts the longest
// part of set-up, and the phase a signal must also end promptly
// (TestSignalDuringWorkerSetUp waits for this line).
func workerSetUpLog(log *zap.Logger) func(worker, workers int) {
	return func(worker, workers int) {
		log.Debug("set-up: a worker deploys the contracts", zap.Int("worker", worker+1), zap.Int("of", workers))
	}
}
