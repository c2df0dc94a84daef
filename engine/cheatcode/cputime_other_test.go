//go:build !unix

package cheatcode

import "time"

// cpuTime is unknown here: benchmarks report no CPU time per transaction.
func cpuTime() time.Duration { return 0 }
