package solc

import (
	"errors"
	"fmt"
	"time"
)

// A compile is given up only when its compiler stops making progress or
// has used the CPU time its unit deserves, never because a wall clock ran
// out: on a loaded machine (load 30-70) real projects took 5-27 minutes of
// wall time for the CPU time a quiet machine spends in one, so a
// wall-clock limit made whether a project compiled depend on what else
// the machine did.
//
// The CPU-time budget grows with the unit it compiles: DefaultTimeout for
// any unit, TimeoutPerMiB more per MiB of standard-JSON input (the
// sources, mostly), at most MaxDefaultTimeout, unless the user sets one
// (Config.Timeout, --compile-timeout). It counts the CPU time of the
// compiler's processes (a native solc's process group; the solc-js
// worker's process during this request only). Where CPU time cannot be
// read (outside Linux), the same budget is a wall-clock limit, as before.
const (
	DefaultTimeout    = 2 * time.Minute
	TimeoutPerMiB     = 4 * time.Minute
	MaxDefaultTimeout = 30 * time.Minute
	// NoProgressLimit: a compiler whose processes used no CPU time and
	// wrote nothing for this long is stopped or blocked, not slow (a
	// compiler on a loaded machine still gets CPU time every second).
	NoProgressLimit = 2 * time.Minute
)

// ErrCompileTimeout is wrapped by the *CompilerError of a compiler run
// that was given up; its *LimitError says which limit ended it.
var ErrCompileTimeout = errors.New("the compile was given up")

// A LimitKind is the limit that ended a compiler run.
type LimitKind int

const (
	// NoProgress: the compiler's processes used no CPU time and wrote no
	// output for Limit of wall time.
	NoProgress LimitKind = iota
	// CPUBudget: they used Limit of CPU time.
	CPUBudget
	// WallClock: Limit of wall time passed, where CPU time cannot be read.
	WallClock
)

// A LimitError says which limit ended a compiler run.
type LimitError struct {
	Kind  LimitKind
	Limit time.Duration
}

func (e *LimitError) Error() string {
	switch e.Kind {
	case NoProgress:
		return fmt.Sprintf("made no progress for %s", e.Limit)
	case CPUBudget:
		return fmt.Sprintf("used its CPU budget of %s", e.Limit)
	}
	return fmt.Sprintf("timed out after %s", e.Limit)
}

// Unwrap makes every LimitError an ErrCompileTimeout.
func (e *LimitError) Unwrap() error { return ErrCompileTimeout }

// runLimits are the limits of one compiler run.
type runLimits struct {
	// cpu is the CPU-time budget of the run's processes; where CPU time
	// cannot be read, a wall-clock limit.
	cpu time.Duration
	// stall is how long the processes may use no CPU time and write
	// nothing; zero for no such limit.
	stall time.Duration
}

// compileLimits are the limits of one compile over inputBytes of standard
// JSON: the CPU budget (compileBudget) and stall, NoProgressLimit when
// zero.
func compileLimits(configured time.Duration, inputBytes int, stall time.Duration) runLimits {
	if stall <= 0 {
		stall = NoProgressLimit
	}
	return runLimits{cpu: compileBudget(configured, inputBytes), stall: stall}
}

// compileBudget is the CPU-time budget of one compile over inputBytes of
// standard JSON: configured when the user set one (Config.Timeout,
// --compile-timeout), else DefaultTimeout plus TimeoutPerMiB per MiB,
// capped at MaxDefaultTimeout.
func compileBudget(configured time.Duration, inputBytes int) time.Duration {
	if configured > 0 {
		return configured
	}
	d := DefaultTimeout + time.Duration(float64(TimeoutPerMiB)*float64(inputBytes)/(1<<20))
	return min(d.Round(time.Second), MaxDefaultTimeout)
}

// limitHint is what the diagnostic of a unit given up tells the user.
func limitHint(e *LimitError) string {
	if e.Kind == NoProgress {
		return "its processes used no CPU time and wrote nothing for that long (stopped, or blocked on something); a compile that is slow but computing is never ended for this"
	}
	what := "the CPU-time budget of one compile"
	if e.Kind == WallClock {
		what = "a wall-clock limit on this system, where CPU time is not read"
	}
	return fmt.Sprintf("raise --compile-timeout, %s (by default %s plus %s per MiB of source, at most %s)",
		what, DefaultTimeout, TimeoutPerMiB, MaxDefaultTimeout)
}
