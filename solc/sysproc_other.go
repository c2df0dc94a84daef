//go:build unix && !linux

package solc

import "syscall"

// procAttr puts a child in its own process group, so that killGroup
// reaches whatever it spawns. Without Linux's Pdeathsig, the watchdog
// (orphans.go) alone kills it when Foresight dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// groupAttr puts a child in its own process group only: the watchdog.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
