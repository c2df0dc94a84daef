package solc

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// Windows has no process groups in the Unix sense, no Pdeathsig and no
// /bin/sh for the watchdog (orphans.go). A child starts in a new console
// process group, and killGroup ends its process tree with taskkill while
// the run is in progress. What a run spawned may outlive Foresight when
// Foresight itself is killed (a Job Object would fix that).

// procAttr starts a child in a process group of its own.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup ends cmd's process tree. Once Wait has returned it does
// nothing: the process handle is released and its pid may be another
// process's (Signal reports that without racing with Wait).
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil || errors.Is(cmd.Process.Signal(syscall.Signal(0)), os.ErrProcessDone) {
		return nil
	}
	// /T reaches the children through their parent pid, so the tree goes
	// before its root.
	_ = exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid)).Run()
	err := cmd.Process.Kill()
	if errors.Is(err, os.ErrProcessDone) {
		return nil
	}
	return err
}

// guardGroup is the watchdog's on Unix (orphans.go); Windows has none.
func guardGroup(op byte, pgid int) {}
