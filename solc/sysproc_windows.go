package solc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// Windows has no process groups to signal, so the release builds for it
// (docs/release.md): a run is killed alone, and without /bin/sh there is
// no watchdog (orphans.go), so what a killed run spawned may outlive it.
// Foresight has not been tested on Windows.

// procAttr starts a child in a new process group, so a console Ctrl+C
// sent to Foresight does not reach it before Foresight kills it.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// groupAttr is procAttr: the watchdog does not start without /bin/sh.
func groupAttr() *syscall.SysProcAttr { return procAttr() }

// killGroup kills cmd's process (not what it spawned: see above).
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := cmd.Process.Kill()
	if errors.Is(err, os.ErrProcessDone) {
		return nil
	}
	return err
}
