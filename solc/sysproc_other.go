//go:build !linux && !windows

package solc

import "syscall"

// procAttr puts a child in its own process group, so that killGroup
// reaches whatever it spawns. Without Linux's Pdeathsig, the watchdog
// (orphans.go) alone kills it when Foresight dies.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
