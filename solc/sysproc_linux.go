package solc

import "syscall"

// procAttr puts a child in its own process group (so that killGroup
// reaches whatever it spawns) and has the kernel kill it when Foresight
// dies, even by SIGKILL. Pdeathsig reaches the child only; its own
// children are the watchdog's (orphans.go). It fires when the thread that
// started the child exits; Go keeps its threads unless a goroutine exits
// locked to one, which Foresight never does.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// groupAttr puts a child in its own process group only: the watchdog,
// which must outlive Foresight.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
