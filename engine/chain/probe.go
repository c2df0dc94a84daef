package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// Probe runs a call whose effects are reverted afterwards (property and
// invariant checks): the state is as if it never ran. It sees what the
// next transaction would: the last one finalised (EIP-158 deletions), no
// transient storage, the access list of a transaction from from to to.
// After the one transaction run on a borrowed state it runs on that state
// under a journal revision, unless the transaction self-destructed or
// wrote transient storage (view), instead of copying it to finalise: its
// result is the same, but its gas may not be the next transaction's
// (accounts and slots the transaction warmed stay warm, EIP-2200 original
// values are the transaction's), so GasUsed is approximate there.
func (c *Chain) Probe(from, to common.Address, input []byte) Result {
	return c.probe(from, to, input, nil)
}

// ProbeFailed is Probe followed, on the state the call left and before it
// is reverted, by a call of failed (a ds-test suite's failed(), whose
// assertions do not revert but record the failure in storage, as forge
// reads it after an invariant): Result.Failed reports that it returned
// true. A nil failed is Probe.
func (c *Chain) ProbeFailed(from, to common.Address, input, failed []byte) Result {
	return c.probe(from, to, input, failed)
}

// SetProbeHook installs the per-opcode hook probes run under instead of
// SetOpHook's (trace.Tracer.ProbeStepThen: what a probe's caller reads of
// it is less than of a transaction); a later SetOpHook drops it, so that
// a probe never runs under a hook paired with one replaced since.
func (c *Chain) SetProbeHook(h vm.OpHook) { c.probeOp = h }

func (c *Chain) probe(from, to common.Address, input, then []byte) Result {
	if c.ran && (c.borrowed == nil || c.view.final) {
		// The transaction before must be finalised for the probe to see
		// what the next transaction would.
		c.own()
	}
	block, coinbase := c.Block, c.evm.Context.Coinbase
	idle := c.idle()
	if c.memo != nil && idle {
		if r, ok := c.memo.find(from, to, input, then, block, coinbase, c.epoch, &c.acc); ok {
			return r
		}
	}
	if c.borrowed == nil {
		// Finalised (Call, own): start as a transaction does. A borrowed
		// state cannot, as Prepare is not journaled.
		c.state.Prepare(c.rules, from, c.evm.Context.Coinbase, &to, c.precompiles, nil)
	}
	c.extraCalled = false
	nw, all := c.acc.nw, c.acc.all
	c.acc.reading, c.acc.nr, c.acc.over, c.acc.block = true, 0, false, false
	c.innerHook, c.evm.Config.OpHook = c.hook, c.probeHookFn
	if c.probeOp != nil {
		c.innerHook = c.probeOp
	}
	final := c.view.final
	snap := c.state.Snapshot()
	c.evm.Context.BlockNumber.SetUint64(c.Block.Number)
	c.evm.Context.Time = c.Block.Time
	if r := c.evm.Context.Random; r != nil {
		*r = prevrandao(c.Block.Number) // varies by block, as on a real chain
	}
	c.evm.SetTxContext(vm.TxContext{Origin: from, GasPrice: zero})
	c.state.AddAddressToAccessList(from)
	c.state.AddAddressToAccessList(to)
	budget := vm.NewGasBudget(c.cfg.GasLimit, 0)
	failed := false
	c.startGuard()
	ret, left, err := c.evm.Call(from, to, input, budget, zero)
	if err == nil && then != nil {
		// The call's own gas budget spent, failed() gets one of its own.
		fb := vm.NewGasBudget(c.cfg.GasLimit, 0)
		fret, _, ferr := c.evm.Call(from, to, then, fb, zero)
		failed = ferr == nil && len(fret) >= 32 && fret[31] != 0
	}
	timedOut := c.stopGuard()
	c.acc.reading, c.evm.Config.OpHook = false, c.hook
	c.state.RevertToSnapshot(snap)
	c.view.final = final // what the probe wrote is reverted
	c.acc.nw, c.acc.all = nw, all
	r := Result{Ret: ret, Err: err, GasUsed: left.Used(budget), TimedOut: timedOut, Failed: failed}
	if timedOut {
		r.Err = ErrTxTimeout
		return r
	}
	if idle && !c.extraCalled && !c.acc.over && c.Block == block && c.evm.Context.Coinbase == coinbase {
		if c.memo == nil || c.acc.nw > 0 || c.acc.all {
			c.rebase()
		}
		c.memo.add(&memoEntry{from: from, to: to, input: input, then: then, block: block, coinbase: coinbase, epoch: c.epoch, res: r, reads: c.acc.reads[:c.acc.nr], anyBlock: !c.acc.block})
	}
	return r
}
