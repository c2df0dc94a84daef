//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCheckDevZero: a device or a FIFO named on the command line is
// refused before it is read (/dev/zero would be read without end).
func TestCheckDevZero(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.sol")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "fuzz"} {
		for _, p := range []string{"/dev/zero", fifo} {
			code, _, errs := foresight(t, cmd, "--execs", "100", p)
			if code != exitUsage || !strings.Contains(errs, p+": not a regular file") {
				t.Errorf("%s %s: exit %d, stderr %q; want exit %d and \"not a regular file\"", cmd, p, code, errs, exitUsage)
			}
		}
	}
}
