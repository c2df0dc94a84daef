package plan

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
)

// A Limit bounds one numeric run setting: the one definition the command
// line's flags and the editor's settings take their bounds, their clamp
// and its message from, since neither a flag nor a workspace's settings
// file is to be trusted with the machine (`--workers 100000` took all of
// its memory and fuzzed nothing).
type Limit struct {
	Min, Max float64
	// CPUBound: at most one per CPU of this machine as well.
	CPUBound bool
	Integer  bool
}

// The bounded run settings.
var (
	// WorkersLimit bounds a campaign's workers (--workers, workers).
	WorkersLimit = Limit{Min: 1, Max: 256, CPUBound: true, Integer: true}
	// SeqLenLimit bounds the longest sequence (--max-seq-len,
	// maxSequenceLength, Foundry's invariant.depth).
	SeqLenLimit = Limit{Min: 1, Max: 1024, Integer: true}
)

// Clamp returns the value used for v and, when it is not v, why, in
// words the CLI and the editor both print.
func (l Limit) Clamp(v float64) (float64, string) {
	cpus := float64(runtime.NumCPU())
	switch {
	case math.IsNaN(v) || v < l.Min:
		return l.Min, "under its minimum of " + Number(l.Min)
	case l.CPUBound && v > cpus && cpus <= l.Max:
		return cpus, fmt.Sprintf("more than the %d CPUs of this machine", runtime.NumCPU())
	case v > l.Max:
		return l.Max, "over its maximum of " + Number(l.Max)
	case l.Integer && v != math.Trunc(v):
		return math.Trunc(v), "not a whole number"
	}
	return v, ""
}

// ClampInt is Clamp for an integer setting.
func (l Limit) ClampInt(v int) (int, string) {
	u, why := l.Clamp(float64(v))
	return int(u), why
}

// Number formats a setting's value as JSON writes it (1000000000, not
// 1e+09).
func Number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
