package fuzz

import (
	"github.com/ethereum/go-ethereum/core/vm"
)

// Unmet is a branch of user code that inputs reached and none passed:
// the JUMPI whose other side no execution took, and how close the best
// input came to taking it (closer.go's distance).
type Unmet struct {
	Contract int    // index into the program's contracts
	PC       uint64 // the JUMPI, in runtime code
	// Bits is the bit length of the smallest cost of taking the untaken
	// side any input reached: the best input was 2^(Bits-1) to 2^Bits-1
	// away (HARVEY's branch distance).
	Bits int
}

// unmet lists the branches no worker took one side of although some
// execution evaluated its cost, in contract and code order. It runs once,
// after the workers stopped.
func (c *campaign) unmet(workers []*worker) []Unmet {
	closest := map[int32]int{}
	for _, w := range workers {
		// Each worker's corpus came its own way (exchange.go): the
		// closest of any.
		w.corpus.mu.Lock()
		for e, bits := range w.corpus.closest {
			if b, ok := closest[e]; !ok || bits < b {
				closest[e] = bits
			}
		}
		w.corpus.mu.Unlock()
	}
	if len(closest) == 0 || len(workers) == 0 {
		return nil
	}
	tr := workers[0].m.Tracer
	taken := func(e int32) bool {
		for _, w := range workers {
			if int(e) < len(w.seen) && w.seen[e] != 0 {
				return true
			}
		}
		return false
	}
	var out []Unmet
	for ci, ct := range c.prog.Contracts {
		code := ct.Artifact.Runtime.Bytes
		for pc := 0; pc < len(code); pc++ {
			op := vm.OpCode(code[pc])
			if op >= vm.PUSH1 && op <= vm.PUSH32 {
				pc += int(op - vm.PUSH0)
				continue
			}
			if op != vm.JUMPI {
				continue
			}
			for _, side := range []bool{false, true} {
				e, ok := tr.Edge(ci, uint64(pc), side)
				if !ok {
					break
				}
				if bits, near := closest[e]; near && !taken(e) {
					out = append(out, Unmet{Contract: ci, PC: uint64(pc), Bits: bits})
					break
				}
			}
		}
	}
	return out
}
