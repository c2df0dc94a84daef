package chain

import (
	"bytes"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// This file remembers probes. The fuzzer calls every invariant (and the
// token oracle every watched balanceOf) after every transaction, and most
// transactions change nothing an invariant reads: they revert, move
// ether an invariant never looks at, or write a slot it does not read. A
// probe is a function of the block, the coinbase, its own call and the
// parts of the state it read, so as long as no write reached those parts
// since the same probe ran, its result is the one it had.
//
// The chain keeps, with each state whose content it knows, the probes run
// on it and what each read (storage slots, balances, nonces, code): a
// snapshot's probes, shared by every reset to it, or its own. It notes
// every write since (the view's setters: storage to a new value, a
// balance by a non-zero amount, a nonce, code, an account made or
// destroyed), forgets those of a transaction that failed, which reverts
// all of it, and counts anything done through State(), which hands out the
// state for writing, as a write of everything. A probe is answered from
// memory when none of those writes touches what it read. A probe that
// called an installed precompile (the cheatcodes, which keep state of
// their own), timed out, or read more than maxReads parts is not
// remembered.

// Kinds of state a probe reads or a transaction writes, per account.
const (
	kSlot    uint8 = 1 << iota // one storage slot
	kBalance                   // the balance
	kNonce                     // the nonce
	kCode                      // the code
	kStorage                   // every slot (an account made or destroyed)

	kAccount = kBalance | kNonce | kCode // existence and emptiness
	kAll     = kAccount | kStorage
)

// An access is a part of an account's state read or written.
type access struct {
	addr common.Address
	slot common.Hash // kSlot only
	kind uint8
}

// conflicts reports whether write w changes what read r saw.
func (w *access) conflicts(r *access) bool {
	if w.addr != r.addr {
		return false
	}
	if w.kind&r.kind&kAccount != 0 {
		return true
	}
	if r.kind&kSlot == 0 {
		return false
	}
	return w.kind&kStorage != 0 || w.kind&kSlot != 0 && w.slot == r.slot
}

const (
	// maxReads bounds the parts a remembered probe read: an invariant
	// reads a few slots; one that reads more is run every time.
	maxReads = 64
	// maxWrites bounds the writes noted since a memo was taken; past it
	// the state counts as written everywhere.
	maxWrites = 64
	// maxMemo bounds the probes remembered per state: a campaign probes
	// its invariants and its watched balances. A harness may hold one
	// invariant per property it watches (a maze's: one per bug site, 49),
	// and every probe past the bound ran every time, traced.
	maxMemo = 256
)

// accesses notes the writes since the chain's memo was taken and, while a
// probe runs, what it reads. The view fills it.
type accesses struct {
	writes [maxWrites]access
	nw     int
	all    bool // a write of anything, or more than maxWrites
	// wb sums up writes[:nb] (probebloom.go).
	wb     accessBloom
	nb     int
	handed int // State() calls: each may have written anything

	reading bool
	reads   [maxReads]access
	nr      int
	over    bool // more than maxReads
	block   bool // the probe ran an opcode that reads the block
}

func (a *accesses) write(addr common.Address, slot common.Hash, kind uint8) {
	if a.nw == maxWrites {
		a.all = true
		return
	}
	if a.nw < a.nb {
		// A transaction's writes were forgotten and this one takes the
		// place of one wb holds: sum them up again.
		a.wb, a.nb = accessBloom{}, 0
	}
	a.writes[a.nw] = access{addr: addr, slot: slot, kind: kind}
	a.nw++
}

func (a *accesses) read(addr common.Address, slot common.Hash, kind uint8) {
	if !a.reading {
		return
	}
	for i := a.nr - 1; i >= 0 && i >= a.nr-4; i-- {
		// The same account is read in runs (code, then balance, then
		// slots): skip a repeat of the last few.
		if r := &a.reads[i]; r.addr == addr && r.kind == kind && r.slot == slot {
			return
		}
	}
	if a.nr == maxReads {
		a.over = true
		return
	}
	a.reads[a.nr] = access{addr: addr, slot: slot, kind: kind}
	a.nr++
}

// clear forgets the writes: the memo now holds the state's content.
func (a *accesses) clear() { a.nw, a.all, a.wb, a.nb = 0, false, accessBloom{}, 0 }

// stands reports whether probe e, whose reads rb sums up, saw what it
// would now.
func (a *accesses) stands(e *memoEntry) bool {
	if a.all {
		return false
	}
	if a.nw == 0 || a.writeBloom().disjoint(&e.rb) {
		return true
	}
	reads := e.reads
	for i := 0; i < a.nw; i++ {
		for j := range reads {
			if a.writes[i].conflicts(&reads[j]) {
				return false
			}
		}
	}
	return true
}

// blockOps are the opcodes whose result depends on the block a probe
// runs in (COINBASE is part of every memo's key).
var blockOps = func() (t [256]bool) {
	for _, op := range []vm.OpCode{vm.TIMESTAMP, vm.NUMBER, vm.PREVRANDAO, vm.BLOCKHASH} {
		t[op] = true
	}
	return t
}()

// probeHook is the per-opcode hook while a probe runs: it notes an opcode
// that reads the block, then calls the chain's own hook.
func (c *Chain) probeHook(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
	if blockOps[op] {
		c.acc.block = true
	}
	if c.innerHook != nil {
		c.innerHook(pc, op, scope, depth)
	}
}

// probeMemo is the probes run on one state's content.
type probeMemo struct {
	entries []memoEntry
	// next is the entry after the last one found or added: the campaign
	// probes the same calls in the same order after every transaction,
	// so the next probe is most often that entry, and a memo of dozens
	// of invariants is searched in one comparison, not one per entry.
	next int
}

// memoEntry is one probe, its result and what it read.
type memoEntry struct {
	from, to common.Address
	input    []byte
	then     []byte // ProbeFailed's second call, nil for Probe
	block    Block
	coinbase common.Address
	epoch    uint64
	res      Result
	reads    []access
	rb       accessBloom // sums up reads (add)
	anyBlock bool        // it read nothing of the block: block does not matter
}

func (m *probeMemo) reset() { m.entries, m.next = m.entries[:0], 0 }

// same reports whether e is the entry of the call from from to to with
// input, then then (of any block).
func (e *memoEntry) same(from, to common.Address, input, then []byte) bool {
	return e.to == to && e.from == from && bytes.Equal(e.input, input) && bytes.Equal(e.then, then)
}

// lookup returns the index of the call's entry, or -1, trying next first.
func (m *probeMemo) lookup(from, to common.Address, input, then []byte) int {
	if n := m.next; n < len(m.entries) && m.entries[n].same(from, to, input, then) {
		return n
	}
	for i := range m.entries {
		if m.entries[i].same(from, to, input, then) {
			return i
		}
	}
	return -1
}

// find returns the result remembered for the probe, if what it read was
// not written since.
func (m *probeMemo) find(from, to common.Address, input, then []byte, b Block, coinbase common.Address, epoch uint64, since *accesses) (Result, bool) {
	i := m.lookup(from, to, input, then)
	if i < 0 {
		return Result{}, false
	}
	m.next = i + 1
	// The call has one entry (add replaces it): another block, coinbase
	// or epoch is a miss.
	if e := &m.entries[i]; (e.anyBlock || e.block == b) && e.coinbase == coinbase && e.epoch == epoch {
		return e.res, since.stands(e)
	}
	return Result{}, false
}

// add remembers a probe, copying its input, return data and reads into
// the buffers of an entry reset dropped, so that a memo refilled for
// every sequence allocates nothing once grown. It replaces the same call's
// entry (one of another block, or one a write made stale), so that a
// probe that reads the block holds one entry, not one per block.
func (m *probeMemo) add(e *memoEntry) {
	i := m.lookup(e.from, e.to, e.input, e.then)
	if i < 0 {
		i = len(m.entries)
		if i >= maxMemo {
			return
		}
		if i == cap(m.entries) {
			m.entries = append(m.entries, memoEntry{})
		} else {
			m.entries = m.entries[:i+1]
		}
	}
	m.next = i + 1
	d := &m.entries[i]
	in, ret, reads := append(d.input[:0], e.input...), append(d.res.Ret[:0], e.res.Ret...), append(d.reads[:0], e.reads...)
	var then []byte
	if e.then != nil {
		then = append(d.then[:0], e.then...)
	}
	*d = *e
	d.input, d.res.Ret, d.reads, d.then = in, ret, reads, then
	d.rb = readBloom(reads)
}

// addStanding adds the entries of src, if any, that no write acc notes
// reached.
func (m *probeMemo) addStanding(src *probeMemo, acc *accesses) {
	if src == nil {
		return
	}
	for i := range src.entries {
		if e := &src.entries[i]; acc.stands(e) {
			m.add(e)
		}
	}
}

// rebase makes the chain's own memo hold the probes of the current
// content: those of the memo in use that no write since reached. They
// are copied into the spare memo, which then becomes the own one, so
// that no two entries share buffers.
func (c *Chain) rebase() {
	c.spareMemo.reset()
	c.spareMemo.addStanding(c.memo, &c.acc)
	c.ownMemo, c.spareMemo = c.spareMemo, c.ownMemo
	c.memo = &c.ownMemo
	c.acc.clear()
}

// forget makes the current state's content unknown: the chain wrote it.
func (c *Chain) forget() {
	c.memo = nil
	c.acc.clear()
}

// A Stateful precompile keeps state the chain does not see (the
// cheatcodes: pranks, expectations, labels). Installed, it tells the
// chain which probes its state cannot change; one that does not
// implement it makes every probe that calls it run every time.
type Stateful interface {
	vm.PrecompiledContract
	// Idle reports that nothing it holds changes a call it is not part of
	// (no prank or expectation armed).
	Idle() bool
	// Pure reports that a call to it with input returns what the input
	// alone decides (an assertion), or the input and state it reads
	// through the chain (Chain.Load).
	Pure(input []byte) bool
}

// watched is an installed precompile that notes a call whose result may
// depend on state the chain does not see.
type watched struct {
	vm.PrecompiledContract
	stateful Stateful // nil when it does not tell
	called   *bool
}

func (w watched) Run(input []byte) ([]byte, error) {
	if w.stateful == nil || !w.stateful.Pure(input) {
		*w.called = true
	}
	return w.PrecompiledContract.Run(input)
}

// idle reports that no installed precompile holds anything that changes
// a probe it is not called in.
func (c *Chain) idle() bool {
	for _, s := range c.stateful {
		if !s.Idle() {
			return false
		}
	}
	return true
}
