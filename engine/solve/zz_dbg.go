package solve

import (
	"fmt"
	"os"
)

func dbgSolve(j *joint) {
	if os.Getenv("FSDBG") == "" {
		return
	}
	fmt.Fprintf(os.Stderr, "solve target=%d eqs=%d bounds=%d r0=%v\n", j.target, len(j.eqs), len(j.bounds), j.r0[len(j.r0)-1])
	for k, e := range j.effects {
		if e != nil {
			fmt.Fprintf(os.Stderr, "  dir %d lv=%d eff=%v\n", k, j.breakLevel(e), e[len(e)-1])
		}
	}
}
