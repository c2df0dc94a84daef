//go:build !unix

package engine

import "time"

// processCPU is unknown here: benchmarks report no CPU time per transaction.
func processCPU() time.Duration { return 0 }
