package fuzz

import "github.com/foresight-sol/foresight/engine/solve"

// predictionTargets sums the workers' per-target prediction yield
// (engine/solve/yield.go): the workers' tracers number edges and slots
// alike, so a target index means the same in each.
func predictionTargets(workers []*worker) []solve.TargetYield {
	byTarget := map[int32]int{}
	var out []solve.TargetYield
	for _, w := range workers {
		for _, y := range w.pred.Yields() {
			i, ok := byTarget[y.Target]
			if !ok {
				byTarget[y.Target] = len(out)
				out = append(out, y)
				continue
			}
			out[i].Made += y.Made
			out[i].Reached += y.Reached
		}
	}
	solve.SortYields(out)
	return out
}
