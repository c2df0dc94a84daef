package solc

import (
	"context"
	"time"
)

// progress is one sample of a compiler run: what its processes used
// since the run began, and the bytes it has written. ok is false when the
// processes could not be read (they are gone).
type progress struct {
	usage
	out int64
	ok  bool
}

// usage is what a process group used: CPU time, and major page faults.
type usage struct {
	cpu    time.Duration
	faults int64
}

// A cpuMeter counts what a process group uses from a starting point on.
// The group's totals can fall (a process whose reaper is outside the
// group exits and takes its time with it): only rises are added, so the
// count may miss a little, never count twice.
type cpuMeter struct {
	pgid       int
	last, used usage
}

// newCPUMeter returns a meter of group pgid. A run's own new group counts
// from zero (fromNow false); the solc-js worker, which serves request
// after request, counts from the group's time now (fromNow true), so a
// request is charged only for what it uses.
func newCPUMeter(pgid int, fromNow bool) *cpuMeter {
	m := &cpuMeter{pgid: pgid}
	if fromNow {
		m.last, _ = groupCPU(pgid)
	}
	return m
}

// read returns what the group used since the meter's start; ok is false
// when the group could not be read.
func (m *cpuMeter) read() (usage, bool) {
	total, ok := groupCPU(m.pgid)
	if !ok {
		return m.used, false
	}
	m.used.cpu += max(total.cpu-m.last.cpu, 0)
	m.used.faults += max(total.faults-m.last.faults, 0)
	m.last = total
	return m.used, true
}

// maxPoll is how often a run is sampled at most; a smaller limit (tests)
// is sampled ten times within it.
const maxPoll = time.Second

// watchRun watches one compiler run until ctx ends and returns the limit
// it broke first, or nil when ctx ended before any. Every poll it takes a
// sample: a rise in CPU time, major page faults or output is progress;
// lim.stall of wall time without progress, or CPU time past lim.cpu, ends
// the run. Progress is judged between samples, so a watcher the machine
// schedules late still sees what the compiler did meanwhile. Where CPU
// time cannot be read at all (cpuClock false), lim.cpu is a wall-clock
// limit, the rule before CPU time was counted.
func watchRun(ctx context.Context, lim runLimits, sample func() progress) *LimitError {
	if !cpuClock {
		t := time.NewTimer(lim.cpu)
		defer t.Stop()
		select {
		case <-t.C:
			return &LimitError{Kind: WallClock, Limit: lim.cpu}
		case <-ctx.Done():
			return nil
		}
	}
	poll := maxPoll
	for _, l := range []time.Duration{lim.cpu, lim.stall} {
		if l > 0 {
			poll = min(poll, l/10)
		}
	}
	poll = max(poll, 5*time.Millisecond)
	tick := time.NewTicker(poll)
	defer tick.Stop()
	var last progress
	lastProgress := time.Now()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		p := sample()
		now := time.Now()
		if p.cpu > last.cpu || p.faults > last.faults || p.out > last.out {
			lastProgress = now
			last = p
		}
		if p.ok && p.cpu >= lim.cpu {
			return &LimitError{Kind: CPUBudget, Limit: lim.cpu}
		}
		if lim.stall > 0 && now.Sub(lastProgress) >= lim.stall {
			return &LimitError{Kind: NoProgress, Limit: lim.stall}
		}
	}
}
