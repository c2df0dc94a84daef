package solc

import "syscall"

// procAttr puts a child in its own process group (so that killGroup
// reaches whatever it spawns) and has the kernel kill it when Foresight
// dies, even by SIGKILL. Pdeathsig reaches the child only; its own
// children are the watchdog's (orphans.go).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
