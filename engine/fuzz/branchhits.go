package fuzz

// A Branch is a conditional jump (JUMPI) of a contract's runtime code
// and how often the campaign's transactions took it and fell through,
// summed over the workers (trace.Tracer.EdgeHits: the re-runs whose
// coverage does not count are not in it). The line coverage's branch
// and hit counts are read from these (engine's linehits.go).
type Branch struct {
	PC              uint64
	Taken, NotTaken uint64
}

// mergeBranches returns every contract's conditional jumps with their
// counts over all workers, in PC order.
func mergeBranches(workers []*worker) [][]Branch {
	t0 := workers[0].m.Tracer
	out := make([][]Branch, len(t0.Instr))
	for ci := range out {
		for pc := range t0.Instr[ci] {
			e, ok := t0.Edge(ci, uint64(pc), false)
			if !ok {
				continue
			}
			b := Branch{PC: uint64(pc)}
			for _, w := range workers {
				b.NotTaken += w.m.Tracer.EdgeHits(e)
				b.Taken += w.m.Tracer.EdgeHits(e + 1)
			}
			out[ci] = append(out[ci], b)
		}
	}
	return out
}

// A Dest is a JUMPDEST of a contract's runtime code that starts user
// code, and how often the campaign's transactions ran it, summed over the
// workers (trace.Tracer.DestHits). With the branches' counts it gives
// every line its real count (engine's linehits.go).
type Dest struct {
	PC, Hits uint64
}

// mergeDests returns every contract's counted JUMPDESTs with their
// counts over all workers, in PC order.
func mergeDests(workers []*worker) [][]Dest {
	t0 := workers[0].m.Tracer
	out := make([][]Dest, len(t0.Instr))
	for ci := range out {
		for pc := range t0.Instr[ci] {
			if _, ok := t0.DestHits(ci, uint64(pc)); !ok {
				continue
			}
			d := Dest{PC: uint64(pc)}
			for _, w := range workers {
				n, _ := w.m.Tracer.DestHits(ci, uint64(pc))
				d.Hits += n
			}
			out[ci] = append(out[ci], d)
		}
	}
	return out
}
