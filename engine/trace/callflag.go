package trace

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// This file judges success flags (SWC-104). A call's flag is checked if
// any copy of it (DUP), or of a value computed from it (ISZERO, AND, ...),
// reaches a branch, storage, memory (a return value, a log, a revert
// reason) or another call; it is ignored if every copy is popped or left
// on the stack when the frame returns. Copies are judged together: solc
// keeps `bool ok = x.send(v)` in a stack slot, branches on a DUP of it and
// pops the original at the end of the scope, and that flag was checked.
// Whether the call failed does not matter: a flag nobody looks at is the
// bug, and the event says whether this run showed the failure.
//
// A STATICCALL's flag is not followed. The EVM lets nothing under it
// change state or move ether, so code that goes on after it failed does
// not act as if a payment or a change had happened that did not: a view
// probe (does the account answer name()? how long is the answer?), a
// console.log. What such code may still get wrong is reading a failed
// call's revert data as its answer, which SWC-104 does not judge. (Nor
// can a STATICCALL block a loop of payments, SWC-113: it moves no ether.)

// maxCalls bounds the success flags a frame follows at once.
const maxCalls = 4

// A callRec is a call whose success flag is still on the frame's stack.
type callRec struct {
	src    uint64         // user PC of the call
	to     common.Address // the callee
	failed bool
	loop   bool // a failed call in a loop to an account the fuzzer controls
	live   bool
	site   Site // the user's call site when src is foreign
}

// newFlag starts following the flag a call left at stack index pos; src
// is the call's user PC.
func (t *Tracer) newFlag(f *frame, pos int32, src uint64, to common.Address, failed, loop bool) {
	for i := range f.calls {
		if f.calls[i].live {
			continue
		}
		if f.taints.add(pos, LabelCallFlag, src, int8(i)) {
			f.calls[i] = callRec{src: src, to: to, failed: failed, loop: loop, live: true, site: f.callSite}
		}
		return
	}
	// Too many flags at once: this one is not judged (never reported).
}

// flagUse collects what one instruction did with the flags it consumed.
type flagUse struct {
	carry int8    // the flag the result carries (ISZERO, AND, ...), or -1
	used  [2]int8 // flags the instruction checked
	nUsed int
	dead  [2]int8 // flags of which a copy was popped
	nDead int
}

// consume notes that op consumed a copy of the flag of call record i.
func (u *flagUse) consume(op vm.OpCode, i int8) {
	switch {
	case op == vm.POP:
		if u.nDead < len(u.dead) {
			u.dead[u.nDead] = i
			u.nDead++
		}
	case propagates[op] && (u.carry < 0 || u.carry == i):
		u.carry = i
	default:
		if u.nUsed < len(u.used) {
			u.used[u.nUsed] = i
			u.nUsed++
		}
	}
}

// settleFlags applies u after the instruction's taints were updated;
// carried reports whether the result's copy of u.carry is followed.
func (t *Tracer) settleFlags(f *frame, u *flagUse, carried bool) {
	if u.carry >= 0 && !carried {
		t.flagUsed(f, u.carry)
	}
	for _, i := range u.used[:u.nUsed] {
		t.flagUsed(f, i)
	}
	for _, i := range u.dead[:u.nDead] {
		if !f.calls[i].live {
			continue
		}
		if f.taints.refs(i) {
			continue
		}
		t.flagIgnored(f, i)
	}
	u.carry, u.nUsed, u.nDead = -1, 0, 0
}

// flagBranch notes that a copy of call record i's flag decides a branch:
// if that was a failed call in a loop and the frame reverts, the failure
// caused the revert (SWC-113).
func (t *Tracer) flagBranch(f *frame, i int8) {
	if r := &f.calls[i]; r.live && r.loop {
		f.loop = Origin{Contract: int(f.code), PC: r.src, Valid: true, Site: r.site}
	}
}

// refs reports whether a followed value is a copy of call record i's flag.
func (ts *taints) refs(i int8) bool {
	for j := 0; j < ts.n; j++ {
		if ts.t[j].call == i {
			return true
		}
	}
	return false
}

// flagUsed marks call record i's flag checked: its copies are no longer
// followed as flags, and the record is free.
func (t *Tracer) flagUsed(f *frame, i int8) {
	ts := &f.taints
	for j := 0; j < ts.n; {
		if ts.t[j].call != i {
			j++
			continue
		}
		ts.t[j].call = -1
		ts.t[j].label &^= LabelCallFlag
		if ts.t[j].label == 0 {
			ts.n--
			ts.t[j] = ts.t[ts.n]
			continue
		}
		j++
	}
	f.calls[i].live = false
}

// flagIgnored reports call record i's flag as never checked.
func (t *Tracer) flagIgnored(f *frame, i int8) {
	r := &f.calls[i]
	e := Event{Kind: EventUncheckedCall, Code: f.code, PC: r.src, Addr: r.to, Site: r.site}
	if r.failed {
		e.Value.SetOne()
	}
	t.event(e)
	r.live = false
}

// frameEnd reports the flags still on the stack, never checked, when the
// frame returned.
func (t *Tracer) frameEnd(f *frame) {
	for i := range f.calls {
		if f.calls[i].live {
			t.flagIgnored(f, int8(i))
		}
	}
}
