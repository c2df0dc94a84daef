//go:build unix

package solc

import (
	"errors"
	"os/exec"
	"syscall"
)

// killGroup kills cmd's process group; cmd was started with Setpgid, so the
// group id is its pid.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}
