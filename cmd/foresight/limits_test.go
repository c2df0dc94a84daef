package main

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestFlagsClamped: flags past their bounds run with the bound and say so,
// in the words the editor uses for its settings (session.Setting, the one
// definition of both); --workers 100000 used to take all of the machine's
// memory.
func TestFlagsClamped(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	for _, tt := range []struct {
		flag, value, want string
	}{
		{"--workers", "100000", fmt.Sprintf("foresight: --workers is 100000, more than the %d CPUs of this machine: using %d", runtime.NumCPU(), runtime.NumCPU())},
		{"--max-seq-len", "5000", "foresight: --max-seq-len is 5000, over its maximum of 1024: using 1024"},
		// Under the minimum is clamped too, as the editor does (it was a
		// usage error): one policy for both front ends.
		{"--workers", "0", "foresight: --workers is 0, under its minimum of 1: using 1"},
		{"--max-seq-len", "-1", "foresight: --max-seq-len is -1, under its minimum of 1: using 1"},
		{"--timeout", "400h", "foresight: --timeout is 400h0m0s, over its maximum of 168h0m0s: using 168h0m0s"},
	} {
		code, _, stderr := foresight(t, "check", "--seed", "1", "--execs", "500", "--timeout", "0", tt.flag, tt.value, path)
		if code != exitFindings && code != exitOK {
			t.Errorf("%s %s: exit %d; stderr:\n%s", tt.flag, tt.value, code, stderr)
		}
		if !strings.Contains(stderr, tt.want) {
			t.Errorf("%s %s: stderr lacks %q:\n%s", tt.flag, tt.value, tt.want, stderr)
		}
	}
}
