package trace

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file records what the vulnerability oracles judge: ether leaving
// the program's contracts, reentrant reads of state that the outer call
// writes afterwards, self-destructs, delegate calls to addresses the
// fuzzer controls, and the labelled-value events of taint.go. Events of a
// frame that reverts are dropped with it: only what the transaction
// committed counts.

// EventKind names an event.
type EventKind uint8

// Events.
const (
	// EventUncheckedCall: no copy of a call's success flag decided
	// anything before the frame returned (PC: the call, Addr: the callee,
	// Value: 1 if the call failed in this run).
	EventUncheckedCall EventKind = iota + 1
	// EventReentrancy: a call (PC) let the contract be re-entered, and
	// the reentrant and outer executions disagree about a slot (Value)
	// the outer one read before the call: the same function re-entered
	// read it and the outer one wrote it after the call returned, or
	// another function re-entered changed it and the outer one read or
	// wrote it after the call (PC2: that access).
	EventReentrancy
	// EventEtherOut: the contract (Code) sent Value wei to Addr (PC: the
	// instruction that sent it).
	EventEtherOut
	// EventSelfdestruct: the contract self-destructed (PC).
	EventSelfdestruct
	// EventDelegateToInput: DELEGATECALL or CALLCODE (PC) to Addr, an
	// account the fuzzer controls (PC2: the calling frame's depth while
	// it runs; Reverted: that frame reverted, so nothing the call did
	// committed).
	EventDelegateToInput
	// EventOriginAuth: a branch (PC) decided by comparing tx.origin with
	// something other than msg.sender.
	EventOriginAuth
	// EventTimeTransfer: ether was sent after, and depending on, a branch
	// (PC) decided by block.timestamp, block.number, a blockhash or
	// block.prevrandao (Label says which), to Addr.
	EventTimeTransfer
	// EventWrapUsed: the result of arithmetic (PC) that wrapped in its
	// Solidity type was stored, branched on or sent as ether.
	EventWrapUsed

	// EventWrappedSlot: a storage write (PC) to a slot computed as a
	// hash plus an offset that wrapped around: any slot can be written.
	EventWrappedSlot

	// EventAssertionFailed: the code emitted an AssertionFailed event
	// (PC: the emit).
	EventAssertionFailed

	// EventEtherIn: a principal's contract (Addr: an attacker contract
	// re-entering with value) paid Value wei of its own into the
	// contract (Code) in the middle of the transaction.
	EventEtherIn

	// reentrantRead is internal: a reentrant frame of the same function
	// read slot Value that the frame at depth PC2 read before its call.
	reentrantRead
	// reentrantWrite is internal: a reentrant frame changed slot Value
	// that the frame at depth PC2 read before its call.
	reentrantWrite
)

// An Event is one observation of the current transaction.
type Event struct {
	Kind  EventKind
	Code  int32 // the program contract it happened in
	PC    uint64
	PC2   uint64
	Addr  common.Address
	Value uint256.Int
	Label Label
	// Site is the user's call that led to PC when PC is in code the user
	// does not own (callsite.go).
	Site Site
	// Cross marks an EventReentrancy through another function than the
	// outer one (and a reentrantWrite by one).
	Cross bool
	// Reverted marks an EventDelegateToInput whose calling frame
	// reverted (simulate-and-revert).
	Reverted bool
}

const maxEvents = 64

// Events returns the events of the current transaction that its
// committed frames produced (reused by the next transaction).
// Kinds the caller does not know are internal bookkeeping.
func (t *Tracer) Events() []Event { return t.events[:t.nEvents] }

// HasEvents reports whether the current transaction produced any event.
func (t *Tracer) HasEvents() bool { return t.nEvents+t.nSticky > 0 }

// Sticky returns the events of the current transaction that count even
// if their frame reverted: a tx.origin check and a delegate call to an
// address the fuzzer chose are the bug whatever happens next.
func (t *Tracer) Sticky() []Event { return t.sticky[:t.nSticky] }

func (t *Tracer) event(e Event) {
	if f := &t.frames[t.cur]; !e.Site.Valid && e.Kind != reentrantRead && f.code == e.Code && e.PC == f.lastUser {
		// An event at the running instruction: the frame's call stack
		// is the path to it.
		e.Site = t.site(f, e.PC)
	}
	if e.Kind == EventOriginAuth || e.Kind == EventDelegateToInput {
		// What these show does not depend on the frame committing.
		if t.nSticky < len(t.sticky) {
			t.sticky[t.nSticky] = e
			t.nSticky++
		}
		return
	}
	if t.nEvents < maxEvents {
		t.events[t.nEvents] = e
		t.nEvents++
	}
}

// SetPrincipals names the accounts the fuzzer controls (senders and
// attacker contracts): a delegate call to one of them runs the fuzzer's
// code, and a failed call to one in a loop is a denial of service.
func (t *Tracer) SetPrincipals(addrs []common.Address) { t.principals = addrs }

func (t *Tracer) isPrincipal(a common.Address) bool {
	for _, p := range t.principals {
		if p == a {
			return true
		}
	}
	return false
}

// maxReads bounds the slots a frame remembers having read (the bits of
// readState.pending and own).
const maxReads = 8

// readState is how many of a frame's reads are in use, and what the frame
// did with each since: pending and own are bit sets over reads.
type readState struct {
	nReads int
	// pending: a slot the frame read and has not written since (a
	// re-entry sees it stale). own: a slot holding what the frame last
	// wrote, which reading it back leaves committed (a re-entry sees the
	// frame's own effect).
	pending, own uint8
}

// enterEvents prepares frame depth for event recording and records ether
// sent into it from a program contract.
func (t *Tracer) enterEvents(depth int, typ byte, from, to common.Address, input []byte, value *big.Int) {
	f := &t.frames[depth]
	f.mark, f.callMark = t.nEvents, t.nEvents
	f.recheck = false
	for i := 0; i < t.nSticky; i++ {
		if e := &t.sticky[i]; e.Kind == EventDelegateToInput && e.PC2 == uint64(depth) {
			e.PC2 = endedFrame // its frame ended before this one began
		}
	}
	f.taints.n = 0
	f.nMem = 0
	for i := range f.calls {
		f.calls[i].live = false
	}
	f.callPending = false
	f.timeLabel = 0
	f.nReads = 0
	f.pending, f.own = 0, 0
	f.pendingRead = -1
	f.sel = 0
	if len(input) >= 4 {
		f.sel = uint32(input[0])<<24 | uint32(input[1])<<16 | uint32(input[2])<<8 | uint32(input[3])
	}
	f.reenters = -1
	f.lastCallPC, f.callRepeats = 0, 0
	f.loop, f.childLoop = Origin{}, Origin{}
	if depth == 0 {
		return
	}
	p := &t.frames[depth-1]
	// A delegated call carries its caller's msg.value (geth hands it to
	// OnEnter) but moves no ether.
	if value != nil && value.Sign() > 0 && p.code != NoCode && vm.OpCode(typ) != vm.DELEGATECALL && vm.OpCode(typ) != vm.CALLCODE {
		e := Event{Kind: EventEtherOut, Code: p.code, PC: p.lastUser, Addr: to, Site: t.site(p, p.lastUser)}
		e.Value.SetFromBig(value)
		t.event(e)
	}
	if f.code == NoCode && !t.foreign && !precompile(to) {
		t.foreign = true
	}
	if f.code == NoCode || vm.OpCode(typ) == vm.DELEGATECALL || vm.OpCode(typ) == vm.CALLCODE {
		return
	}
	if p.code == NoCode && value != nil && value.Sign() > 0 {
		// Ether paid in by an account outside the program (the
		// reentrant attacker depositing again, out of its own ether):
		// what the outer call then overwrites or counts is the payer's
		// own money, not a re-entry to judge. Below the transaction's
		// own frames, an attacker's: the oracles count what it then
		// passes on as its money (oracle.notePaid).
		if depth >= 2 && t.isPrincipal(from) {
			e := Event{Kind: EventEtherIn, Code: f.code, Addr: from}
			e.Value.SetFromBig(value)
			t.event(e)
		}
		return
	}
	for d := depth - 1; d >= 0; d-- {
		if t.frames[d].code == f.code {
			f.reenters = int16(d)
			break
		}
	}
}

// exitEvents drops the events of a reverted frame, or reports the failed
// calls it ignored.
func (t *Tracer) exitEvents(f *frame, reverted bool) {
	if reverted {
		t.nEvents = f.mark
		t.delegateReverted(f)
		return
	}
	t.frameEnd(f)
}

// endedFrame is the PC2 of an EventDelegateToInput whose frame ended.
const endedFrame = ^uint64(0)

// delegateReverted marks the delegate calls to accounts the fuzzer
// controls that the reverting frame f made: a frame that reverts whatever
// the delegated code did (simulate-and-revert) commits none of it. The
// events stay sticky for a frame that committed, whatever its callers did.
func (t *Tracer) delegateReverted(f *frame) {
	for i := 0; i < t.nSticky; i++ {
		if e := &t.sticky[i]; e.Kind == EventDelegateToInput && e.PC2 == uint64(f.index) {
			e.Reverted = true
		}
	}
}

// callOp notes a call about to run in frame f.
func (t *Tracer) callOp(f *frame, op vm.OpCode, pc uint64, s []uint256.Int) {
	addr := common.Address(s[len(s)-2].Bytes20())
	f.callPending = true
	f.callPos = int32(len(s)) - int32(stackEffect[op][0])
	f.callSrc = f.lastUser
	f.callSite = t.site(f, f.lastUser)
	f.callMark = t.nEvents
	if pc == f.lastCallPC {
		f.callRepeats++
	} else {
		f.lastCallPC, f.callRepeats = pc, 1
	}
	f.callTo = addr
	f.callToPrincipal = t.isPrincipal(addr)
	f.callPaid = (op == vm.CALL || op == vm.CALLCODE) && !s[len(s)-3].IsZero()
	f.callStatic = op == vm.STATICCALL
	switch op {
	case vm.DELEGATECALL, vm.CALLCODE:
		if f.callToPrincipal {
			t.event(Event{Kind: EventDelegateToInput, Code: f.code, PC: f.lastUser, PC2: uint64(f.index), Addr: addr})
		}
	}
	if (op == vm.CALL || op == vm.CALLCODE) && !s[len(s)-3].IsZero() && f.timeLabel != 0 {
		t.event(Event{Kind: EventTimeTransfer, Code: f.code, PC: f.timeBranch, Label: f.timeLabel, Addr: addr})
	}
}

// callReturned runs at the first instruction of f after its call: the
// call's success flag is followed from here.
func (t *Tracer) callReturned(f *frame, s []uint256.Int) {
	f.callPending = false
	if int(f.callPos) >= len(s) {
		return
	}
	if f.callStatic {
		// A STATICCALL changed nothing, so a caller that ignores its
		// failure goes on from a state that is true (callflag.go).
		return
	}
	failed := s[f.callPos].IsZero()
	// A failed payment in a loop to an account the fuzzer controls: if
	// its flag decides a branch and the frame then reverts, one recipient
	// blocks everyone (SWC-113, callflag.go). A call that moves no ether
	// (a token's balanceOf, a transfer in the caller's own batch) blocks
	// nobody's payment: the caller's own list failed it.
	loop := failed && f.callRepeats >= 2 && f.callToPrincipal && f.callPaid
	t.newFlag(f, f.callPos, f.callSrc, f.callTo, failed, loop)
}

// sload remembers slots a frame read, and reports reads by a reentrant
// frame of the same function of slots its outer frame read and had not
// written before its call, and reads after a call of slots a reentrant
// frame changed.
func (t *Tracer) sload(f *frame, depth int, key *uint256.Int, s []uint256.Int) {
	at := f.remember(key)
	if at >= 0 && f.own&(1<<at) == 0 {
		f.pending |= 1 << at
	}
	if f.callMark < t.nEvents {
		t.accessAfterCall(f, depth, key, reentrantWrite)
		t.reread(f, depth, key, s)
	}
	if f.reenters < 0 {
		return
	}
	f.pendingRead = int8(at)
	outer := &t.frames[f.reenters]
	if f.sel != outer.sel || !outer.stale(key) {
		return
	}
	t.event(Event{Kind: reentrantRead, Code: f.code, PC2: uint64(f.reenters), Value: *key})
}

// reread labels the value frame f (at depth) is loading from key, after
// its call returned, if a reentrant frame of the same function read key
// during that call: should the frame branch on it (the next iteration of
// a loop of withdrawals checking the stream again), its later write
// there follows what the re-entry left, not what it read before the
// call. A read that only feeds the write (a packed flag set by
// read-modify-write) is no check, and the write is still reported.
func (t *Tracer) reread(f *frame, depth int, key *uint256.Int, s []uint256.Int) {
	for i := f.callMark; i < t.nEvents; i++ {
		if e := &t.events[i]; e.Kind == reentrantRead && e.PC2 == uint64(depth) && e.Value == *key {
			f.recheck, f.recheckKey = true, *key
			// SLOAD's result replaces its operand at the top of the stack.
			f.taints.label(int32(len(s))-1, LabelRecheck, f.lastUser)
			return
		}
	}
}

// rechecked notes that frame f (at depth) branched on the slot it read
// again (reread): the reentrant frames' reads of it no longer make a
// write after the call a stale one.
func (t *Tracer) rechecked(f *frame, depth int) {
	if !f.recheck {
		return
	}
	f.recheck = false
	for i := f.callMark; i < t.nEvents; i++ {
		if e := &t.events[i]; e.Kind == reentrantRead && e.PC2 == uint64(depth) && e.Value == f.recheckKey {
			e.Kind = 0
		}
	}
}

// remember adds key to the slots f read and returns its index (-1 when
// the table is full).
func (f *frame) remember(key *uint256.Int) int {
	if i := f.read(key); i >= 0 {
		return i
	}
	if f.nReads == maxReads {
		return -1
	}
	f.reads[f.nReads] = *key
	f.nReads++
	return f.nReads - 1
}

// stale reports whether f read key and had not written it since: a
// frame that wrote a slot before its call (checks-effects-interactions,
// each iteration of a loop of withdrawals writing before its transfer)
// has it committed, and a re-entry sees the frame's own effect there,
// even when the frame read it back before the call.
func (f *frame) stale(key *uint256.Int) bool {
	i := f.read(key)
	return i >= 0 && f.pending&(1<<i) != 0
}

// read returns the index of key among the slots f read, or -1.
func (f *frame) read(key *uint256.Int) int {
	for i := 0; i < f.nReads; i++ {
		if f.reads[i] == *key {
			return i
		}
	}
	return -1
}

// readDone records the value a reentrant frame's SLOAD pushed, so that
// writing it back unchanged (a deposit of nothing) is no change.
func (t *Tracer) readDone(f *frame, s []uint256.Int) {
	if int(f.pendingRead) < f.nReads && len(s) > 0 {
		f.readVals[f.pendingRead] = s[len(s)-1]
	}
	f.pendingRead = -1
}

// sstore reports a write, after a call returned, to a slot that a
// reentrant execution during that call read (the same function) or
// changed (another one), and records the changes a reentrant frame makes
// to slots its outer frame read.
func (t *Tracer) sstore(f *frame, depth int, key, val *uint256.Int) {
	if f.reenters >= 0 {
		outer := &t.frames[f.reenters]
		i := f.read(key)
		if outer.stale(key) && (i < 0 || f.readVals[i] != *val) {
			t.event(Event{Kind: reentrantWrite, Code: f.code, PC2: uint64(f.reenters), Value: *key, Cross: f.sel != outer.sel})
		}
		if j := outer.read(key); j >= 0 {
			// The slot no longer holds what the outer frame wrote: its
			// next read of it is a fresh one.
			outer.own &^= 1 << j
		}
	}
	if f.callMark < t.nEvents {
		if !t.accessAfterCall(f, depth, key, reentrantRead) {
			t.accessAfterCall(f, depth, key, reentrantWrite)
		}
	}
}

// wrote notes that frame f wrote key: a slot it read is no longer
// pending, and holds its own effect until a re-entry changes it.
func (f *frame) wrote(key *uint256.Int) {
	if i := f.read(key); i >= 0 {
		f.pending &^= 1 << i
		f.own |= 1 << i
	}
}

// accessAfterCall reports frame f (at depth) accessing key after its
// call returned, if a reentrant frame left an event of kind k for it.
func (t *Tracer) accessAfterCall(f *frame, depth int, key *uint256.Int, k EventKind) bool {
	for i := f.callMark; i < t.nEvents; i++ {
		e := &t.events[i]
		if e.Kind == k && e.PC2 == uint64(depth) && e.Value == *key {
			t.event(Event{Kind: EventReentrancy, Code: f.code, PC: f.callSrc, PC2: f.lastUser, Value: *key, Site: f.callSite, Cross: k == reentrantWrite && e.Cross})
			e.Kind = 0 // report each access once
			return true
		}
	}
	return false
}

// precompile reports whether a is one of the precompiled contracts'
// addresses (0x01 to 0x11 on Prague, with room to spare).
func precompile(a common.Address) bool {
	for _, b := range a[:18] {
		if b != 0 {
			return false
		}
	}
	return a[18] == 0 && a[19] != 0 && a[19] <= 0x20 || a[18] == 1 && a[19] == 0
}
