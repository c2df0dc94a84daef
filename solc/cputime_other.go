//go:build !linux

package solc

// cpuClock: no CPU time is read here, so a compile keeps a wall-clock
// limit (watchRun).
const cpuClock = false

// groupCPU cannot read a process group's CPU time outside Linux: ok is
// always false, and a compile falls back to a wall-clock limit
// (watchRun).
func groupCPU(pgid int) (u usage, ok bool) { return u, false }
