package trace

import "github.com/ethereum/go-ethereum/core/vm"

// StepThen returns Step followed by next while *armed: the cheatcodes'
// per-opcode hook (cheatcode.Cheats.Then) runs behind the tracer's
// without a wrapper around both, which cost an indirect call per opcode
// of every campaign on a Foundry set-up.
func (t *Tracer) StepThen(next vm.OpHook, armed *bool) vm.OpHook {
	return t.newStep(next, armed)
}

// newStep returns Tracer.Step, the per-opcode vm.OpHook (third_party/
// go-ethereum/FORESIGHT.md), run before each opcode's checks on the fast
// loop, then next while *armed; it never changes the stack. Most opcodes
// need only the bookkeeping here, the rest go to step, out of line, so
// this path calls and spills nothing. A closure, as a method value would
// run behind a wrapper.
func (t *Tracer) newStep(next vm.OpHook, armed *bool) vm.OpHook {
	return func(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
		// NoCode (no flags), or past the code's end: nothing to trace.
		if f := &t.frames[depth-1]; pc < uint64(len(f.flags)) {
			fl := f.flags[pc]
			if fl&flagUser != 0 {
				f.lastUser, f.hasUser = pc, true
			}
			f.instr[pc] = true
			if fl&flagDest != 0 {
				t.destHit(f, pc)
			}
			if n := len(t.path); depth-1 == t.top && n < cap(t.path) {
				// RecordPaths made the path with its full capacity.
				t.path = t.path[:n+1]
				t.path[n] = pc
			}
			c := f.c
			// One byte of flags says whether the instruction acts, whatever the frame.
			if fl&flagActs == 0 && !c.acts[op] && t.nCmps == 0 && !f.callPending && f.pendingRead < 0 && f.taints.n == 0 && f.nMem == 0 {
				// Most opcodes: nothing below would read the stack or act.
				t.cmp.valid = false
			} else {
				t.step(f, c, opClasses[op], pc, op, scope, depth)
			}
		}
		if *armed {
			next(pc, op, scope, depth)
		}
	}
}

// ProbeStepThen returns the per-opcode hook for a probe (an invariant or
// property check, a watched balanceOf: chain.SetProbeHook), followed by
// next while *armed as StepThen's is. It marks the instruction coverage
// (Instr: the coverage report shows an invariant's lines run, and a
// target PC in one counts as reached) and nothing else. The rest of
// Step's per-transaction record (edges, comparison operands, costs,
// loads, writes, path, taints) would be of a call the loop never reads:
// it reads the transaction's before the oracles run (MergeCoverage,
// captureLast), and the next transaction's BeginTx clears what a probe
// left, so an invariant's comparisons never reached the dictionary or
// the cost vectors when the probe was traced with Step either. Step over
// an invariant's static calls was 16-19 % of a real-contract campaign's
// CPU (docs/scaling.md).
func (t *Tracer) ProbeStepThen(next vm.OpHook, armed *bool) vm.OpHook {
	return func(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
		if f := &t.frames[depth-1]; pc < uint64(len(f.instr)) {
			f.instr[pc] = true
		}
		if *armed {
			next(pc, op, scope, depth)
		}
	}
}
