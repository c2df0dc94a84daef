package trace

import (
	"bytes"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// Code is the static, shareable description of one contract's runtime code.
type Code struct {
	// UserPC[pc] reports that the instruction at pc maps to user source.
	UserPC []bool
	// branch[pc] is the index of the JUMPI at pc among its JUMPIs, or
	// of the counted JUMPDEST at pc among those (flagDest), or -1.
	branch   []int32
	branches int
	dests    int // counted JUMPDESTs (desthits.go)
	// store[pc]: the SSTORE at pc's index (a storage-write cost site), or -1.
	store  []int32
	stores int
	// sources[op] labels the results of op that taint.go follows: block
	// time and number and tx.origin everywhere; msg.sender only in code
	// with an ORIGIN (to tell tx.origin == msg.sender from authorisation);
	// hashes everywhere (LabelDigest, but not those slotHash marks) and
	// as storage addresses in legacy code (LabelHash).
	sources [256]Label
	// slotHash[pc]: the KECCAK256 at pc only addresses storage
	// (slothash.go); nil if none does.
	slotHash []bool
	// arith[pc] is the Solidity type of the arithmetic at pc, for code
	// compiled without checked arithmetic; nil otherwise.
	arith   []ArithType
	checked bool // checked arithmetic: arith marks unchecked blocks (unchecked.go)
	// invalid[pc] is the finding kind of the INVALID at pc, for code
	// compiled before 0.8; nil otherwise (every INVALID is an assert).
	invalid []finding.Kind
	// assertTopics are the topics of the code's AssertionFailed events.
	assertTopics []common.Hash
	// Code the user does not own and the function jumps (callsite.go).
	foreign []bool
	jumps   []int8
	acts    [256]bool // the opcodes Step hands to step in any frame (classes.go)
	flags   []uint8   // per instruction: user source, and whether step acts on it (classes.go)
}

// NewCode analyses runtime code: it finds every JUMPI (skipping PUSH data).
func NewCode(code []byte, userPC []bool) *Code {
	c := &Code{UserPC: userPC, branch: make([]int32, len(code)), store: make([]int32, len(code)), sources: sources, flags: make([]uint8, len(code))}
	for i := range c.store {
		c.store[i] = -1
	}
	for pc := 0; pc < len(code); {
		op := code[pc]
		c.branch[pc] = -1
		size := 1
		if op >= byte(vm.PUSH1) && op <= byte(vm.PUSH32) {
			size += int(op - byte(vm.PUSH1) + 1)
			for i := pc + 1; i < pc+size && i < len(code); i++ {
				c.branch[i] = -1
			}
		}
		switch vm.OpCode(op) {
		case vm.JUMP:
			c.flags[pc] = flagJump
		case vm.JUMPI:
			c.branch[pc] = int32(c.branches)
			c.branches++
		case vm.SSTORE:
			c.store[pc] = int32(c.stores)
			c.stores++
		case vm.ORIGIN:
			c.sources[vm.CALLER] = LabelCaller
		}
		pc += size
	}
	if len(c.UserPC) < len(code) {
		c.UserPC = append(make([]bool, 0, len(code)), c.UserPC...)[:len(code)]
	}
	c.slotHash = slotHashes(code)
	c.reclassify()
	c.reflag()
	c.markDests(code)
	return c
}

// NoCode marks a frame whose code is not one of the program's contracts.
const NoCode = -1

// Origin says where a failure started: a contract (index into the codes
// given to New) and the PC of the last user-source instruction executed in
// the failing frame before it failed. Contract is NoCode if unknown.
type Origin struct {
	Contract int
	PC       uint64
	Valid    bool
	Site     Site // the user's call that led there, if PC is foreign (callsite.go)
}

// Failure describes how a transaction failed at the top level.
type Failure struct {
	Origin Origin
	// Invalid is the kind of the INVALID (0xfe) the failing frame
	// executed, "" if none (or one that is no finding).
	Invalid finding.Kind
	// Loop: the failing frame reverted after a failed payment in a loop (SWC-113).
	Loop Origin
}

type frame struct {
	// What Step reads for every opcode comes first, in one or two cache
	// lines: the frame is over a kilobyte.
	code        int32
	index       int16   // the frame's depth, its index in Tracer.frames
	c           *Code   // codes[code], nil for NoCode: looked up once per frame
	instr       []bool  // Instr[code]; nil for NoCode
	flags       []uint8 // c.flags
	lastUser    uint64
	hasUser     bool
	callPending bool // a call ran; its flag is not inspected yet
	pendingRead int8 // reads index whose value the next instruction shows, or -1
	nMem        int  // labelled words in mem
	taints      taints
	origin      Origin
	invalid     finding.Kind
	child       Origin // origin of the last failed sub-call
	childInv    finding.Kind
	childRet    []byte // its revert data (reused buffer)

	// Oracle state (taint.go, events.go).
	mark            int    // events before the frame began
	callPos         int32  // where the flag lands on the stack
	callSrc         uint64 // user PC of the call
	callMark        int    // events before the call
	recheck         bool   // a LabelRecheck value is followed: of slot recheckKey (reread)
	recheckKey      uint256.Int
	lastCallPC      uint64
	callRepeats     int
	callTo          common.Address
	callToPrincipal bool
	callPaid        bool                   // the call sends ether (SWC-113 needs some to move)
	callStatic      bool                   // the call is a STATICCALL: its flag is not followed (callflag.go)
	calls           [maxCalls]callRec      // calls whose success flag is followed
	wrapSrc         uint64                 // PC of the last arithmetic that wrapped
	wrapOps         [2]uint256.Int         // and its operands
	mem             [maxMemTaints]memTaint // labelled words in memory
	timeBranch      uint64                 // user PC of a branch on block time or number
	timeLabel       Label
	reads           [maxReads]uint256.Int
	readVals        [maxReads]uint256.Int // what a reentrant frame read there
	sel             uint32                // the frame's function selector
	reenters        int16                 // index of the frame this one re-enters, or -1
	loop            Origin                // a failed call in a loop (SWC-113)
	childLoop       Origin
	callSite        Site      // the user's call site of the last call
	fn              funcStack // the internal calls the frame is in (callsite.go)
	readState                 // nReads and what the frame did with each read (events.go)
}

// Tracer records executions of the program's contracts.
type Tracer struct {
	codes  []*Code
	base   []int // first edge index of each code
	sbase  []int // first storage-write cost index of each code
	byAddr map[common.Address]int32

	frames [1026]frame
	cur    int // depth of the frame running now

	// Per transaction.
	counts  []uint32 // per edge
	touched []int32  // edges with a non-zero count
	failure Failure

	// writes maps each storage slot the transaction wrote to the bit
	// length of the last value written.
	writes map[Slot]uint16
	// stored are the first slots the transaction wrote, unhashed
	// (slots.go).
	stored  [maxStored]Slot
	nStored int
	foreign bool // the transaction called code outside the program (Foreign)

	// path records the program counters of the transaction's top-level
	// frame, for the lookahead analysis; nil when not recording. top is
	// that frame's depth: 0, or 1 behind an attacker contract; -1 before.
	path []uint64
	top  int

	// The first storage slots the transaction read, for HARVEY's
	// aggressive mode (§5).
	loads  [maxLoads]Slot
	nLoads int

	// Operands of the transaction's latest comparisons in user code (EQ,
	// LT, GT, SLT, SGT, SUB), for the fuzzer's dictionary.
	operands  [maxOperands]uint256.Int
	nOperands int

	// Cost metrics (cost.go).
	cmp         cmpState // the comparison deciding the JUMPI running now
	cmps        [maxCmpSlots]cmpSlot
	nCmps       int
	costs       []uint256.Int
	resid       []uint256.Int
	opnd        [][2]uint256.Int // the comparison behind each cost (cost.go)
	costHas     []bool
	hashed      []bool // per cost: its comparison's cmpState.hashed
	costTouched []int32
	// digestOps marks the operands of the comparison about to run that
	// carry LabelDigest (taintStep sets it, cmpStep takes it).
	digestOps uint8
	probe     uint256.Int
	probeOn   bool
	probeHit  Origin

	instrCov // Instr, the instruction coverage, and its saves (instr.go)
	destCov  // the JUMPDESTs' run counts (desthits.go)

	events     [maxEvents]Event
	nEvents    int
	sticky     [8]Event
	nSticky    int
	principals []common.Address

	hooks *tracing.Hooks
	// Step is the per-opcode hook (newStep); ProbeStep is a probe's
	// (ProbeStepThen).
	Step, ProbeStep vm.OpHook
	// creation is the code top-level creations run as, plus one; 0 when
	// creations are not traced (creation.go).
	creation int32
}

// New returns a tracer for the given codes (indexed like the program's
// contracts; nil entries are never traced).
func New(codes []*Code) *Tracer {
	t := &Tracer{codes: codes, byAddr: map[common.Address]int32{}, writes: map[Slot]uint16{}}
	edges := 0
	for _, c := range codes {
		t.base = append(t.base, edges)
		if c != nil {
			edges += 2 * c.branches
			t.Instr = append(t.Instr, make([]bool, len(c.branch)))
		} else {
			t.Instr = append(t.Instr, nil)
		}
	}
	t.counts = make([]uint32, edges)
	t.touched = make([]int32, 0, edges)
	t.initDests(codes)
	sites := edges
	for _, c := range codes {
		t.sbase = append(t.sbase, sites)
		if c != nil {
			sites += c.stores
		}
	}
	t.costs = make([]uint256.Int, sites)
	t.resid = make([]uint256.Int, sites)
	t.opnd = make([][2]uint256.Int, sites)
	t.costHas = make([]bool, sites)
	t.hashed = make([]bool, sites)
	t.costTouched = make([]int32, 0, sites)
	for i := range t.frames {
		t.frames[i].index = int16(i)
	}
	t.hooks = &tracing.Hooks{OnEnter: t.onEnter, OnExit: t.onExit}
	t.Step = t.newStep(nil, new(bool))
	t.ProbeStep = t.ProbeStepThen(nil, new(bool))
	return t
}

// Hooks returns the go-ethereum hooks to install in the EVM, next to Step
// as its vm.Config.OpHook (chain.SetOpHook). They hold no per-opcode hook:
// one would make go-ethereum run its slower traced interpreter loop.
func (t *Tracer) Hooks() *tracing.Hooks { return t.hooks }

// Edges returns the number of branch edges (two per JUMPI) of all codes.
func (t *Tracer) Edges() int { return len(t.counts) }

// Bind says that code i runs at addr.
func (t *Tracer) Bind(addr common.Address, i int) { t.byAddr[addr] = int32(i) }

// BeginTx clears the per-transaction record.
func (t *Tracer) BeginTx() {
	for _, e := range t.touched {
		t.counts[e] = 0
	}
	t.touched = t.touched[:0]
	t.resetDests()
	t.failure = Failure{}
	t.nEvents, t.nSticky = 0, 0
	t.nOperands = 0
	t.nLoads = 0
	if t.path != nil {
		t.path = t.path[:0]
	}
	clear(t.writes)
	t.nStored = 0
	t.foreign = false
	t.resetCosts()
}

// RecordPaths makes the tracer keep the first max program counters of each
// transaction's top-level frame.
func (t *Tracer) RecordPaths(max int) {
	t.path = make([]uint64, 0, max)
}

// Path returns the recorded top-level path of the current transaction
// (reused by the next transaction).
func (t *Tracer) Path() []uint64 { return t.path }

// maxLoads bounds the storage reads kept per transaction.
const maxLoads = 16

// Loads returns the first storage slots of the program's contracts the
// current transaction read (reused by the next transaction).
func (t *Tracer) Loads() []Slot { return t.loads[:t.nLoads] }

// Failure returns how the last transaction failed at the top level (valid
// only if it failed).
func (t *Tracer) Failure() Failure { return t.failure }

func (t *Tracer) onEnter(depth int, typ byte, from, to common.Address, input []byte, gas uint64, value *big.Int) {
	f := &t.frames[depth]
	code, ok := t.byAddr[to]
	if !ok || vm.OpCode(typ) == vm.CREATE || vm.OpCode(typ) == vm.CREATE2 {
		code = NoCode
	}
	if c, ok := t.creationCode(depth, typ); ok {
		code = c
	}
	f.code = code
	f.c, f.instr, f.flags = nil, nil, nil
	if code != NoCode {
		f.c, f.instr = t.codes[code], t.instrFor(code)
		f.flags = f.c.flags
	}
	if depth == 0 {
		t.top = -1
	}
	if t.top < 0 && code != NoCode && depth <= 1 {
		// The transaction's own frame in the program: the first, or the
		// one an attacker contract forwarded the transaction to.
		t.top = depth
	}
	f.hasUser = false
	f.origin = Origin{}
	f.invalid = ""
	f.child = Origin{}
	f.childInv = ""
	f.fn.n = 0
	t.enterEvents(depth, typ, from, to, input, value)
	t.cur = depth
}

func (t *Tracer) onExit(depth int, output []byte, gasUsed uint64, err error, reverted bool) {
	f := &t.frames[depth]
	t.exitEvents(f, reverted)
	t.cur = max(depth-1, 0)
	if !reverted {
		return
	}
	origin := f.origin
	invalid := f.invalid
	loop := f.loop
	if f.code == NoCode && f.child.Valid {
		// A contract outside the program (an attacker forwarding a call)
		// failed after a call it made failed: blame that failure.
		origin, invalid, loop = f.child, f.childInv, f.childLoop
	}
	if loop.Valid && (!origin.Valid || origin.Contract != loop.Contract || invalid != "" || isPanic(output)) {
		// The revert started elsewhere, or is a compiler check (an index
		// out of bounds in the same loop): the failed call did not cause it.
		loop = Origin{}
	}
	if !origin.Valid && f.code != NoCode && f.hasUser {
		// Failed without REVERT/INVALID (out of gas, bad jump): blame the
		// last user instruction.
		origin = t.originAt(f)
	}
	if depth == 0 {
		t.failure = Failure{Origin: origin, Invalid: invalid, Loop: loop}
		return
	}
	p := &t.frames[depth-1]
	if f.code == NoCode && !origin.Valid && p.child.Valid && bytes.Equal(output, p.childRet) {
		// A contract outside the program relayed the failure the caller
		// saw last (a cheatcode interposer asking the cheatcode contract
		// for a pranked call's verdict): keep blaming that failure.
		return
	}
	p.child = origin
	p.childInv = invalid
	p.childLoop = loop
	p.childRet = append(p.childRet[:0], output...)
}

// step is Step for an opcode that reads the stack or acts.
func (t *Tracer) step(f *frame, c *Code, cls uint8, pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
	s := scope.Stack.Data()
	if f.callPending {
		t.callReturned(f, s)
	}
	if f.pendingRead >= 0 {
		t.readDone(f, s)
	}
	if f.taints.n > 0 || f.nMem > 0 || c.sources[op] != 0 {
		t.taintStep(f, c, op, pc, s)
	}
	if c.arith != nil && c.arith[pc].Bits != 0 {
		t.arithmetic(f, c.arith[pc], op, pc, s)
	}
	if t.nCmps != 0 || cls == classCmp || cls == classIsZero {
		t.cmpStep(op, depth, s)
	} else {
		t.cmp.valid = false // what cmpStep does with no comparison live
	}
	// One indexed jump instead of a chain of comparisons per opcode.
	switch cls {
	case classNone, classPush, classIsZero:
	case classJumpi:
		cond := &s[len(s)-2]
		taken := !cond.IsZero()
		e := int32(t.base[f.code]) + 2*c.branch[pc]
		if taken {
			t.branchCost(e, cond, taken, t.cmp.valid)
			e++
		} else {
			t.branchCost(e+1, cond, taken, t.cmp.valid)
		}
		if t.counts[e] == 0 {
			t.touched = append(t.touched, e)
		}
		t.counts[e]++
	case classCmp:
		// solc compiles a != b as SUB feeding JUMPI, so SUB counts as a
		// comparison. Keep the most recent comparisons of user code: the deepest
		// conditions of the transaction, not the dispatcher's or the ABI
		// decoder's, which come first.
		if c.UserPC[pc] {
			i := t.nOperands % maxOperands
			t.operands[i] = s[len(s)-1]
			t.operands[i+1] = s[len(s)-2]
			t.nOperands += 2
		}
	case classSload:
		if t.nLoads < maxLoads {
			t.loads[t.nLoads] = Slot{f.code, s[len(s)-1]}
			t.nLoads++
		}
		t.sload(f, depth-1, &s[len(s)-1], s)
	case classCall:
		t.callOp(f, op, pc, s)
	case classLog:
		if c.assertTopics != nil {
			t.assertionLog(f, c, s)
		}
	case classSelfdestruct:
		t.event(Event{Kind: EventSelfdestruct, Code: f.code, PC: f.lastUser})
		if f.timeLabel != 0 {
			t.event(Event{Kind: EventTimeTransfer, Code: f.code, PC: f.timeBranch, Label: f.timeLabel, Addr: common.Address(s[len(s)-1].Bytes20())})
		}
	case classSstore:
		t.sstoreOp(f, c, pc, depth, s)
	case classRevert:
		t.revertOp(f, s, scope)
	case classJump:
		if c.jumps != nil {
			t.jump(f, c, pc, s)
		}
	case classInvalid:
		f.origin = t.originAt(f)
		f.invalid = c.invalidKind(pc)
	}
}
