package solc

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
)

// watchdogScript reads "+ PGID" and "- PGID" lines and, once its input
// ends (Foresight exited or was killed, SIGKILL included: the kernel
// closes the pipe), kills every process group still listed. It ignores
// the signals a terminal or a supervisor sends to Foresight, so it lives
// to do that.
const watchdogScript = `trap '' INT TERM HUP
pgs=' '
while read -r op pg; do
	case $op in
	+) pgs="$pgs$pg " ;;
	-) case $pgs in *" $pg "*) pgs="${pgs%% $pg *} ${pgs#* $pg }" ;; esac ;;
	esac
done
for pg in $pgs; do kill -KILL -"$pg" 2>/dev/null; done
`

// watchdog is the one process per Foresight process that kills the
// process groups of compiler runs (and the solc-js worker) left running
// when Foresight dies without cleaning up. Pdeathsig (Linux) kills a
// run's own process, not what it spawned; the watchdog kills its group.
var watchdog struct {
	once sync.Once
	mu   sync.Mutex
	w    *os.File // nil when the watchdog could not start or has died
}

// startWatchdog starts the watchdog: /bin/sh in a process group of its
// own, reading a pipe whose only writer is Foresight (the write end is
// close-on-exec, so no child holds it open).
func startWatchdog() {
	r, w, err := os.Pipe()
	if err != nil {
		return
	}
	defer r.Close()
	cmd := exec.Command("/bin/sh", "-c", watchdogScript)
	cmd.Stdin = r
	cmd.SysProcAttr = groupAttr()
	if err := cmd.Start(); err != nil {
		w.Close()
		return
	}
	watchdog.w = w
	go func() {
		cmd.Wait() // reaps it should it die; later writes then fail
		watchdog.mu.Lock()
		defer watchdog.mu.Unlock()
		if watchdog.w == w {
			watchdog.w = nil
			w.Close()
		}
	}()
}

// guardGroup tells the watchdog about process group pgid ("+") or that
// it is gone ("-"). It is best effort: without a watchdog, a run is still
// killed by its context, Toolchain.Close and, on Linux, Pdeathsig.
func guardGroup(op byte, pgid int) {
	watchdog.once.Do(startWatchdog)
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.w == nil {
		return
	}
	if _, err := fmt.Fprintf(watchdog.w, "%c %d\n", op, pgid); err != nil {
		watchdog.w.Close()
		watchdog.w = nil
	}
}
