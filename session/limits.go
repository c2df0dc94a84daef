package session

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
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

// Depth is the sequence length Foundry's invariant.depth asks for,
// bounded by SeqLenLimit, and how the command line and the editor say
// it, with why when bounded: "sequences of at most 1024 calls
// (invariant.depth is 5000, over its maximum of 1024)".
func Depth(depth int) (used int, note string, clamped bool) {
	used, why := SeqLenLimit.ClampInt(depth)
	if why != "" {
		return used, fmt.Sprintf("sequences of at most %d calls (invariant.depth is %d, %s)", used, depth, why), true
	}
	return used, fmt.Sprintf("sequences of at most %d calls (invariant.depth)", used), false
}

// FoundryNote is the line that says what a run took from Foundry's fuzz
// configuration, applied: the notes of Depth and the seed.
func FoundryNote(applied []string) string {
	return "foresight: from Foundry's fuzz configuration: " + strings.Join(applied, ", ")
}

// Number formats a setting's value as JSON writes it (1000000000, not
// 1e+09).
func Number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
