//go:build unix

package solc

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestImportedFIFOIsRefused: a source that is a FIFO (or a device) is
// refused before it is opened; os.ReadFile blocked on it forever, and on
// /dev/zero read until memory ran out.
func TestImportedFIFOIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "A.sol"), []byte("pragma solidity ^0.8.0;\nimport \"./pipe.sol\";\ncontract A {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.sol"), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	p, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := p.Sources([]string{filepath.Join(dir, "A.sol")}, nil)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotSource) {
			t.Errorf("err = %v, want ErrNotSource", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("reading the sources blocked on the FIFO")
	}
	if _, err := readSource("/dev/zero"); !errors.Is(err, ErrNotSource) {
		t.Errorf("/dev/zero: err = %v, want ErrNotSource", err)
	}
}
