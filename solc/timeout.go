package solc

import (
	"errors"
	"fmt"
	"time"
)

// The default limit on one compiler run grows with the unit it compiles:
// DefaultTimeout for any unit, TimeoutPerMiB more per MiB of standard-JSON
// input (the sources, mostly), at most MaxDefaultTimeout. A fixed two
// minutes expired on a loaded machine for large units (solady, a via-IR
// set-up); a small unit still fails fast when its compiler hangs.
const (
	DefaultTimeout    = 2 * time.Minute
	TimeoutPerMiB     = 4 * time.Minute
	MaxDefaultTimeout = 30 * time.Minute
)

// ErrCompileTimeout is wrapped by the *CompilerError of a compiler run that
// outlived its limit.
var ErrCompileTimeout = errors.New("the compile timed out")

// compileTimeout is the limit on one compiler run over inputBytes of
// standard JSON: configured when the user set one (Config.Timeout,
// --compile-timeout), else DefaultTimeout plus TimeoutPerMiB per MiB,
// capped at MaxDefaultTimeout.
func compileTimeout(configured time.Duration, inputBytes int) time.Duration {
	if configured > 0 {
		return configured
	}
	d := DefaultTimeout + time.Duration(float64(TimeoutPerMiB)*float64(inputBytes)/(1<<20))
	return min(d.Round(time.Second), MaxDefaultTimeout)
}

// timeoutHint is what a timed-out unit's diagnostic tells the user to do.
func timeoutHint() string {
	return fmt.Sprintf("raise --compile-timeout (by default the limit is %s plus %s per MiB of source, at most %s)",
		DefaultTimeout, TimeoutPerMiB, MaxDefaultTimeout)
}
