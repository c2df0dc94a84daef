//go:build unix

package solc

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs LoadProject(dir) and fails the test when it does not
// return within a generous deadline (the old code blocked in open(2) on a
// FIFO forever).
func loadWithin(t *testing.T, dir string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := LoadProject(dir)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("LoadProject(%s) blocked", dir)
		return nil
	}
}

// TestConfigFIFOIsRefused: a foundry.toml or remappings.txt that is a FIFO
// blocked `foresight check` in openat forever (and the server's compiles
// behind it); now it is refused, naming the file.
func TestConfigFIFOIsRefused(t *testing.T) {
	for _, name := range []string{"foundry.toml", "remappings.txt"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := syscall.Mkfifo(filepath.Join(dir, name), 0o600); err != nil {
				t.Skip("no FIFOs here:", err)
			}
			err := loadWithin(t, dir)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("err = %v, want ErrNotRegular naming %s", err, name)
			}
			if name == "foundry.toml" {
				if _, err := RPCEndpoints(dir); !errors.Is(err, ErrNotRegular) {
					t.Errorf("RPCEndpoints: err = %v, want ErrNotRegular", err)
				}
			}
		})
	}
}

// TestConfigDevZeroIsRefused: the same files as symbolic links to /dev/zero
// read without end (3.3 GB in 18 s); now they are refused before a byte is
// read, and a regular file over the cap is refused with the cap named.
func TestConfigDevZeroIsRefused(t *testing.T) {
	for _, name := range []string{"foundry.toml", "remappings.txt"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Symlink("/dev/zero", filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			err := loadWithin(t, dir)
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("err = %v, want ErrNotRegular naming %s", err, name)
			}
		})
	}
	dir := t.TempDir()
	big := "# " + strings.Repeat("x", MaxConfigBytes) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	err := loadWithin(t, dir)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "larger than 4 MiB") {
		t.Errorf("oversized foundry.toml: err = %v", err)
	}
}

// TestOpenRegularDoesNotBlockOnFIFO: the open itself never blocks, so a
// FIFO swapped in after the check is refused too.
func TestOpenRegularDoesNotBlockOnFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := readOpened(p, MaxConfigBytes)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("err = %v, want ErrNotRegular", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("opening a FIFO blocked")
	}
}
