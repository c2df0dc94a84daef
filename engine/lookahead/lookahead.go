package lookahead

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// MaxPrefix is the number of path locations within which split points are
// considered (§V: "ignores any split points after the first 8,192 bytecode
// locations of the prefix"); beyond it the whole path is the prefix.
const MaxPrefix = 8192

// maxContexts bounds the abstract states kept per program counter in the
// suffix fixpoint; further contexts share one joined state.
const maxContexts = 32

// maxSteps bounds one suffix check; a check that runs out answers
// "reachable", which is always sound.
const maxSteps = 200_000

// An Analyzer answers lookahead queries for one contract's runtime code and
// one set of target locations.
type Analyzer struct {
	code     []byte
	jumpdest []bool
	target   []bool
	targets  int
	// Off makes every suffix check answer "reachable": no-target-ahead
	// prefixes are then whole paths (the paper's configurations without the
	// analysis).
	Off bool

	cache map[[2]uint64]bool // see cachedReachable
}

// New returns an analyzer for code with the given target PCs.
func New(code []byte, targets []uint64) *Analyzer {
	a := &Analyzer{code: code, jumpdest: make([]bool, len(code)), target: make([]bool, len(code))}
	for pc := 0; pc < len(code); pc += size(code, uint64(pc)) {
		a.jumpdest[pc] = vm.OpCode(code[pc]) == vm.JUMPDEST
	}
	for _, t := range targets {
		if t < uint64(len(code)) && !a.target[t] {
			a.target[t] = true
			a.targets++
		}
	}
	return a
}

func size(code []byte, pc uint64) int {
	op := vm.OpCode(code[pc])
	if op >= vm.PUSH1 && op <= vm.PUSH32 {
		return int(op-vm.PUSH1) + 2
	}
	return 1
}

// Result is the outcome of analysing one path (Def. 4).
type Result struct {
	// LID is the lookahead identifier: a hash of the no-target-ahead prefix
	// (Def. 3).
	LID uint64
	// SplitPoints are the split points along the prefix: the first entries
	// of basic blocks.
	SplitPoints []uint64
	// Prefix is the prefix's length in path locations.
	Prefix int
	// Proved reports that a split point proved every target unreachable;
	// otherwise the prefix is the whole path.
	Proved bool
}

// Analyze runs Alg. 2 on a path: the program counters one frame executed,
// in order. At each split point it checks, from the state prefix inference
// reached, whether any target is reachable, and stops at the first split
// point where none is.
func (a *Analyzer) Analyze(path []uint64) Result {
	st := newState()
	seen := map[uint64]bool{}
	var res Result
	h := uint64(14695981039346656037)
	for i, pc := range path {
		if pc >= uint64(len(a.code)) {
			break
		}
		h = (h ^ pc) * 1099511628211
		if i < MaxPrefix && a.splitPoint(path, i) && !seen[pc] {
			seen[pc] = true
			res.SplitPoints = append(res.SplitPoints, pc)
			if !a.Off && !a.cachedReachable(pc, st) {
				res.LID, res.Prefix, res.Proved = h, i+1, true
				return res
			}
		}
		eff, _, _ := step(st, a.code, pc)
		if eff == halt {
			break
		}
	}
	res.LID, res.Prefix = h, len(path)
	return res
}

// splitPoint reports whether path[i] enters a basic block on one side of
// a conditional branch (the JUMPI's target or its fall-through), or is the
// first instruction. Blocks entered by unconditional jumps add no path
// information, so checking them again would only cost time (§IV-C: split
// points are a subset of locations chosen for speed).
func (a *Analyzer) splitPoint(path []uint64, i int) bool {
	if i == 0 {
		return true
	}
	return vm.OpCode(a.code[path[i-1]]) == vm.JUMPI
}

// cachedReachable memoises suffix checks by split point and exact abstract
// state: inputs that share a prefix reach the same state, and the answer
// depends on nothing else.
func (a *Analyzer) cachedReachable(pc uint64, st *State) bool {
	if a.cache == nil {
		a.cache = map[[2]uint64]bool{}
	}
	k := [2]uint64{pc, st.hash()}
	if r, ok := a.cache[k]; ok {
		return r
	}
	r := a.reachable(pc, st)
	if len(a.cache) < 1<<16 {
		a.cache[k] = r
	}
	return r
}

type ctxKey struct {
	pc     uint64
	height int
	ctx    uint64 // hash of the jump-destination constants on the stack
}

// reachable is suffix checking: a forward fixpoint from (pc, start) over
// every path, in the constant-propagation domain. States are kept per
// program counter and per context (the return addresses on the stack), so
// internal function calls return where they were called from.
func (a *Analyzer) reachable(pc uint64, start *State) bool {
	if a.targets == 0 {
		return false
	}
	states := map[ctxKey]*State{}
	contexts := map[uint64]int{}
	var work []ctxKey
	add := func(pc uint64, s *State) {
		k := ctxKey{pc: pc, height: len(s.stack), ctx: a.context(s)}
		if _, ok := states[k]; !ok {
			if contexts[pc] >= maxContexts {
				k.ctx = 0 // the shared overflow context
			} else {
				contexts[pc]++
			}
		}
		if old, ok := states[k]; ok {
			j := join(old, s)
			if equal(j, old) {
				return
			}
			states[k] = j
		} else {
			states[k] = s
		}
		work = append(work, k)
	}
	add(pc, start.clone())
	steps := 0
	for len(work) > 0 {
		k := work[len(work)-1]
		work = work[:len(work)-1]
		// States are kept only where blocks start (JUMPDESTs and the
		// fall-through of a JUMPI), so a block runs on one copy.
		s := states[k].clone()
		for p := k.pc; ; {
			if steps++; steps > maxSteps {
				return true
			}
			if a.target[p] {
				return true
			}
			eff, target, cond := step(s, a.code, p)
			fall := p + uint64(size(a.code, p))
			switch eff {
			case next:
				switch {
				case fall >= uint64(len(a.code)): // running off the end is STOP
				case a.jumpdest[fall]:
					add(fall, s)
				default:
					p = fall
					continue // still inside the block
				}
			case jump:
				t, ok := target.IsConst()
				if !ok {
					return true // unknown destination: anything may follow
				}
				if d, ok := a.dest(t); ok {
					add(d, s)
				}
			case branch:
				c, known := cond.IsConst()
				if !known || !c.IsZero() {
					t, ok := target.IsConst()
					if !ok {
						return true
					}
					if d, ok := a.dest(t); ok {
						add(d, s.clone())
					}
				}
				if (!known || c.IsZero()) && fall < uint64(len(a.code)) {
					add(fall, s)
				}
			case external:
				return true // another contract runs: treated as reaching targets
			}
			break
		}
	}
	return false
}

// dest returns a constant jump target if it names a JUMPDEST; any other
// target makes the EVM fail, so nothing follows it.
func (a *Analyzer) dest(t *uint256.Int) (uint64, bool) {
	if t.IsUint64() && t.Uint64() < uint64(len(a.code)) && a.jumpdest[t.Uint64()] {
		return t.Uint64(), true
	}
	return 0, false
}

// context hashes the stack entries that are constants naming a JUMPDEST:
// the return addresses of internal calls in progress.
func (a *Analyzer) context(s *State) uint64 {
	var h uint64 = 1
	for i, v := range s.stack {
		if c, ok := v.IsConst(); ok {
			if d, ok := a.dest(c); ok {
				h = h*31 + d*uint64(i+7) + 1
			}
		}
	}
	return h
}
