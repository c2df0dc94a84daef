package solc

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of the times in /proc/PID/stat: USER_HZ, which
// Linux fixes at 100 for user space on every architecture (sysconf's
// _SC_CLK_TCK, which Go cannot call without cgo, always answers 100).
const clockTick = 10 * time.Millisecond

// cpuClock: groupCPU reads CPU time here, so compiles are limited by
// progress and a CPU-time budget (watchRun).
const cpuClock = true

// errBadStat: a /proc/PID/stat line that does not parse.
var errBadStat = errors.New("unreadable /proc stat")

// groupCPU returns what the processes of process group pgid have used so
// far: for each process of the group, its utime and stime (all its
// threads) and its cutime and cstime (its children it has reaped, so a
// short-lived child of a compiler still counts once it is gone), and its
// major page faults (majflt, cmajflt: a process paging in on a machine
// short of memory waits on the disk, using no CPU, and is still working).
// It scans /proc: a compiler's group is found whatever its processes'
// parents (a grandchild whose parent exited is still in the group). ok is
// false when no process of the group could be read (it has exited).
func groupCPU(pgid int) (u usage, ok bool) {
	d, err := os.Open("/proc")
	if err != nil {
		return u, false
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return u, false
	}
	var ticks int64
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		pg, t, faults, err := procStat(name)
		if err != nil || pg != pgid {
			continue
		}
		ticks += t
		u.faults += faults
		ok = true
	}
	u.cpu = time.Duration(ticks) * clockTick
	return u, ok
}

// procStat reads /proc/PID/stat: the process group, utime + stime +
// cutime + cstime in clock ticks, and majflt + cmajflt.
func procStat(pid string) (pgrp int, ticks, faults int64, err error) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, 0, 0, err
	}
	// "pid (comm) state ppid pgrp ..."; comm may hold spaces and
	// parentheses, so fields are counted from the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, 0, errBadStat
	}
	f := bytes.Fields(data[i+1:])
	// f[0] is state (field 3); pgrp is field 5, majflt and cmajflt 12
	// and 13, utime..cstime 14..17.
	if len(f) < 15 {
		return 0, 0, 0, errBadStat
	}
	pgrp, err = strconv.Atoi(string(f[2]))
	if err != nil {
		return 0, 0, 0, errBadStat
	}
	for i, s := range f[9:15] {
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil {
			return 0, 0, 0, errBadStat
		}
		if i < 2 {
			faults += n
		} else {
			ticks += n
		}
	}
	return pgrp, ticks, faults, nil
}
