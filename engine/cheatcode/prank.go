package cheatcode

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
)

// vm.prank and vm.expectRevert change the next call a frame makes: its
// msg.sender, or whether its revert counts as success. No go-ethereum hook
// changes a CALL's caller or result, so the chain's GasHook redirects the
// call instead. At the CALL (or STATICCALL), once its gas is charged, it
// rewrites the live stack so
// the call goes to the host (the pranked address, or the calling contract
// itself for a plain expectRevert) with no value, after installing at the
// host an interposer: code that calls the real target with the original
// calldata and value, then asks this package for the verdict and returns
// or reverts with it. The target thus sees msg.sender == host, and the
// value leaves the host's balance, as in forge. The host's own code is put
// back when the interposer's first instruction runs (the running frame
// keeps the code it loaded), so a call back into the host reaches its real
// code.

// prankState is an armed vm.prank or vm.startPrank.
type prankState struct {
	sender     common.Address
	origin     *common.Address // nil: tx.origin is unchanged
	persistent bool            // startPrank: until stopPrank
	depth      int             // OpHook depth of the pranking frame
	frame      common.Address  // address of the pranking frame
}

// expectation is an armed vm.expectRevert.
type expectation struct {
	data   []byte // expected revert data; nil matches any revert
	prefix bool   // expectRevert(bytes4): data is a prefix (the selector)
	depth  int
	frame  common.Address
}

// interposition is one redirected call in flight.
type interposition struct {
	depth    int // OpHook depth of the calling frame
	host     common.Address
	hostCode []byte
	restored bool // the host's code is back
	origin   *common.Address
	expect   *expectation

	// The outcome of the interposer's call to the real target.
	captured bool
	reverted bool
	output   []byte
}

// ConsoleAddress is the address forge-std's and Hardhat's console.log
// call (a staticcall whose result they ignore, to an account without
// code); calls to it are not the "next call" a prank or expectation waits
// for, as in forge.
var ConsoleAddress = common.HexToAddress("0x000000000000000000636F6e736F6c652e6c6f67")

func (c *Cheats) onEnter(depth int, typ byte, from, to common.Address) {
	if to == Address {
		c.caller, c.callerDepth = from, depth
	}
	if c.track {
		var a common.Address
		if op := vm.OpCode(typ); op == vm.CREATE || op == vm.CREATE2 {
			a = to
		}
		c.frames = append(c.frames, a)
	}
}

func (c *Cheats) onExit(depth int, output []byte, reverted bool) {
	if n := len(c.frames); c.track && n > 0 {
		if a := c.frames[n-1]; a != (common.Address{}) && !reverted {
			c.created = append(c.created, a)
		}
		c.frames = c.frames[:n-1]
	}
	for len(c.inter) > 0 {
		top := c.inter[len(c.inter)-1]
		if depth < top.depth {
			// The calling frame itself ended (the redirected call was its
			// last act).
			c.finish()
			continue
		}
		// The interposer's call to the target exits one level below it.
		if depth == top.depth+1 && !top.captured {
			top.captured, top.reverted = true, reverted
			top.output = append(top.output[:0], output...)
		}
		return
	}
}

// beforeOp is the cheatcodes' part of the chain's OpHook: it runs before
// every opcode's gas and stack checks.
func (c *Cheats) beforeOp(_ uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
	// Disarmed once nothing below has anything to do, until armed again.
	c.armed = c.recording || len(c.creates) > 0 || len(c.inter) > 0 || c.pranked != nil
	if c.recording {
		c.recordAccess(byte(op), scope)
	}
	if len(c.creates) > 0 {
		c.fixCreate(scope, depth)
	}
	if len(c.inter) > 0 {
		top := c.inter[len(c.inter)-1]
		if !top.restored && depth == top.depth+1 && scope.Address() == top.host {
			c.restore(top)
		}
		for len(c.inter) > 0 && depth <= c.inter[len(c.inter)-1].depth {
			c.finish()
		}
	}
	if (op == vm.CREATE || op == vm.CREATE2) && c.pranked != nil {
		// The gas a pranked creation may use, before the CREATE's own.
		c.gasBefore = scope.Contract.Gas.ExecutionGas
	}
}

// afterGas is the chain's GasHook: a call or creation under a prank or
// expectRevert is redirected once its gas is charged as the original's,
// so the redirection changes neither its cost nor which accounts are warm.
func (c *Cheats) afterGas(_ uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
	if len(c.Swaps) > 0 && (op == vm.CREATE || op == vm.CREATE2) {
		c.swapCreate(scope) // before a prank copies the initcode
	}
	if c.pranked == nil && c.expected == nil {
		return
	}
	switch op {
	case vm.CALL, vm.STATICCALL:
		c.intercept(op, scope, depth)
	case vm.CREATE, vm.CREATE2:
		p, e := c.armedFor(depth, scope.Address())
		if e != nil && c.failed == nil {
			c.failed = &UnsupportedError{Signature: "expectRevert followed by a contract creation"}
		}
		if p != nil {
			c.prankCreate(op, scope, depth, c.gasBefore, p)
		}
	}
}

// armedFor reports the prank and expectation that apply to a call made by
// the frame at depth with address self.
func (c *Cheats) armedFor(depth int, self common.Address) (*prankState, *expectation) {
	p, e := c.pranked, c.expected
	if p != nil && (p.depth != depth || p.frame != self) {
		p = nil
	}
	if e != nil && (e.depth != depth || e.frame != self) {
		e = nil
	}
	return p, e
}

func (c *Cheats) intercept(op vm.OpCode, scope tracing.OpContext, depth int) {
	self := scope.Address()
	p, e := c.armedFor(depth, self)
	if p == nil && e == nil {
		return
	}
	s := scope.StackData()
	n := len(s)
	target := common.Address(s[n-2].Bytes20())
	if target == Address || target == ConsoleAddress {
		return
	}
	var value [32]byte
	if op == vm.CALL {
		value = s[n-3].Bytes32()
		s[n-3].Clear()
	}
	in := &interposition{depth: depth, host: self, expect: e}
	if p != nil {
		in.host = p.sender
		if p.origin != nil {
			evm := c.ch.EVM()
			saved := evm.TxContext.Origin
			in.origin = &saved
			evm.TxContext.Origin = *p.origin
		}
		if !p.persistent {
			c.pranked = nil
		}
	}
	if e != nil {
		c.expected = nil
	}
	st := c.ch.State()
	in.hostCode = st.GetCode(in.host)
	st.SetCode(in.host, interposer(op, target, value), tracing.CodeChangeUnspecified)
	s[n-2].SetBytes20(in.host.Bytes())
	c.inter = append(c.inter, in)
	c.armed = true
}

// restore puts the host's own code back.
func (c *Cheats) restore(in *interposition) {
	c.ch.State().SetCode(in.host, in.hostCode, tracing.CodeChangeUnspecified)
	in.restored = true
}

// finish ends the innermost redirected call: the calling frame runs on.
func (c *Cheats) finish() {
	in := c.inter[len(c.inter)-1]
	c.inter = c.inter[:len(c.inter)-1]
	if !in.restored {
		c.restore(in)
	}
	if in.origin != nil {
		c.ch.EVM().TxContext.Origin = *in.origin
	}
}

// verdictSelector is the interposer's private query for the outcome of
// the redirected call; it is no function of forge-std's Vm.
var verdictSelector = selector("foresightInterposedCallResult()")

// verdict answers the interposer: the target's return or revert data, or,
// under vm.expectRevert, success with zeros if the target reverted as
// expected and an error otherwise.
func (c *Cheats) verdict() ([]byte, error) {
	if len(c.inter) == 0 {
		return revertMsg("foresight: interposed call result queried outside a redirected call")
	}
	in := c.inter[len(c.inter)-1]
	out := append([]byte(nil), in.output...)
	if in.expect == nil {
		if in.reverted {
			return out, vm.ErrExecutionReverted
		}
		return out, nil
	}
	if !in.reverted {
		return revertMsg("call did not revert as expected")
	}
	if msg, ok := in.expect.matches(out); !ok {
		return revertMsg(msg)
	}
	return dummyOutput[:], nil
}

// dummyOutput is what a call that reverted as expected returns, as in
// forge (DUMMY_CALL_OUTPUT): zeros that decode as any static return type.
var dummyOutput [8192]byte

func (c *Cheats) prank(a []any) ([]any, error)      { return c.armPrank(a, false) }
func (c *Cheats) startPrank(a []any) ([]any, error) { return c.armPrank(a, true) }

func (c *Cheats) armPrank(a []any, persistent bool) ([]any, error) {
	if c.pranked != nil && c.pranked.persistent && !persistent {
		return nil, errString("cannot override an ongoing prank with a single vm.prank; use vm.startPrank to override the current prank")
	}
	p := &prankState{sender: a[0].(common.Address), persistent: persistent, depth: c.callerDepth, frame: c.caller}
	if c.ch.IsPrecompile(p.sender) {
		// A call to a precompile never runs the interposer.
		return nil, errString("cannot prank as a precompile address " + p.sender.Hex())
	}
	if len(a) > 1 {
		o := a[1].(common.Address)
		p.origin = &o
	}
	c.pranked, c.armed = p, true
	return nil, nil
}

func (c *Cheats) stopPrank([]any) ([]any, error) {
	c.pranked = nil
	return nil, nil
}

func (c *Cheats) expectRevert(a []any) ([]any, error) {
	e := &expectation{depth: c.callerDepth, frame: c.caller}
	if len(a) == 1 {
		switch v := a[0].(type) {
		case []byte:
			e.data = append([]byte{}, v...)
		case [4]byte:
			e.data, e.prefix = v[:], true
		}
	}
	c.expected = e
	return nil, nil
}

// matches checks revert data against the expectation as forge does: equal
// bytes, the selector as a prefix for expectRevert(bytes4), or equal to the
// message of an Error(string).
func (e *expectation) matches(got []byte) (string, bool) {
	switch {
	case e.data == nil:
		return "", true
	case e.prefix && len(got) >= 4 && string(got[:4]) == string(e.data):
		return "", true
	case !e.prefix && string(got) == string(e.data):
		return "", true
	}
	if msg, ok := decodeError(got); ok && msg == string(e.data) {
		return "", true
	}
	return describeMismatch(got, e.data), false
}

type errString string

func (e errString) Error() string { return string(e) }
