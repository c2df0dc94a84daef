package oracle

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file is the gas-growth denial-of-service oracle (SWC-128): when a
// sequence ends with a transaction G by an unprivileged sender and then a
// transaction F to the same contract, G is repeated from the state the
// sequence left and F's gas measured after dosStep, 2*dosStep and
// 3*dosStep repetitions (not 0: the first calls of G may write fresh
// slots that later calls find warm). If F's gas grows by about the same amount per repetition
// (a loop over an array G pushes into), the growth is extrapolated to the
// block gas limit and, when an attacker can afford that many calls of G,
// confirmed by making them and running F with the block's gas: it must
// run out. A bounded array (G starts failing) or a loop that grows
// slower than linearly is no finding. Each (G, F) pair is tried at most
// dosTries times per worker, so the oracle costs a few transactions per
// pair of methods, not per execution. F must change state: a view is no
// transaction a user must send.

const (
	blockGasLimit = 30_000_000
	// dosMaxPushes is how many calls of G an attacker is assumed to
	// afford.
	dosMaxPushes = 10_000
	dosStep      = 4
	dosTries     = 3
	// dosExecGas is what a block leaves a call's execution: the limit
	// less a transaction's intrinsic 21,000 gas. An attacker contract
	// sending F forwards 63/64 of it (EIP-150) and reverts when F runs
	// out, so running out shows as a failure with at least that used.
	dosExecGas = blockGasLimit - 21_000
)

// dosPair names a grower G and a user F of one contract, by method index.
// dos is the SWC-128 oracle (an AfterSeq Oracle).
type dos struct {
	*Machine
	tried map[dosPair]int // checks per method pair
}

// Check judges the end of x.Seq.
func (o *dos) Check(x *Context) *finding.Finding { return o.checkDoS(x.Seq, x.Hist, x.Shrinking) }

type dosPair struct{ contract, grow, use int }

// checkDoS applies the SWC-128 oracle to the last two transactions of seq,
// which just ran (hist describes it). The chain is left in the state the
// sequence left.
func (o *dos) checkDoS(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	n := len(seq)
	if n < 2 || len(hist) != n || !o.enabled(finding.GasDoS) {
		return nil
	}
	if shrinking != nil && shrinking.Kind != finding.GasDoS {
		return nil
	}
	// The pair is copied (and escapes, gasAfter) only once it is to be
	// measured, not per sequence.
	gp, fp := &seq[n-2], &seq[n-1]
	if gp.Contract != fp.Contract || gp.Method < 0 || fp.Method < 0 || gp.Method == fp.Method || o.isPrivileged(gp.Sender) {
		return nil
	}
	if o.Prog.Contracts[fp.Contract].Methods[fp.Method].IsConstant() {
		// A view or pure function is read with eth_call, off-chain, not
		// a transaction a user must send (a getter walking every entry, a
		// page whose caller sets the count): its gas is no denial.
		return nil
	}
	if shrinking == nil {
		key := dosPair{gp.Contract, gp.Method, fp.Method}
		if o.tried == nil {
			o.tried = make(map[dosPair]int)
		}
		if o.tried[key] >= dosTries {
			return nil
		}
		o.tried[key]++
	}
	g, f := *gp, *fp
	g.Blocks, g.Seconds = 0, 0
	f.Blocks, f.Seconds = 0, 0
	end := o.Chain.Snapshot()
	defer o.Chain.Reset(end)
	var gas [3]uint64
	for i := range gas {
		used, ok := o.gasAfter(end, &g, &f, (i+1)*dosStep, blockGasLimit)
		if !ok {
			return nil
		}
		gas[i] = used
	}
	d1, d2 := int64(gas[1])-int64(gas[0]), int64(gas[2])-int64(gas[1])
	// Linear growth: each step adds the same gas, within an eighth.
	if d1 <= 0 || d2*8 < d1*7 || d2*8 > d1*9 {
		return nil
	}
	per := uint64(d2) / dosStep
	if per == 0 || gas[2] >= blockGasLimit {
		return nil
	}
	pushes := 3*dosStep + int((blockGasLimit-gas[2]+per-1)/per)
	if pushes > dosMaxPushes {
		return nil
	}
	// Confirm: the pushes must all succeed (no bound on the array) and F
	// must then run out of the block's gas.
	if used, ok := o.gasAfter(end, &g, &f, pushes, dosExecGas); ok || used < dosExecGas-dosExecGas/64 {
		return nil
	}
	return o.dosFinding(&g, &f, gas[2], per, pushes)
}

// gasAfter runs g pushes times from start, then f with gas; it returns
// f's gas and whether every transaction succeeded (false with gas 0 when
// a push failed).
func (o *dos) gasAfter(start chain.Snapshot, g, f *txseq.Tx, pushes int, gas uint64) (uint64, bool) {
	o.Chain.Reset(start)
	for range pushes {
		if r := o.Rerun(g, 0); r.Err != nil {
			return 0, false
		}
	}
	r := o.Rerun(f, gas)
	return r.GasUsed, r.Err == nil
}

// dosFinding reports F's function, with the measured growth.
func (o *dos) dosFinding(g, f *txseq.Tx, used, per uint64, pushes int) *finding.Finding {
	c := o.Prog.Contracts[f.Contract]
	fm, gm := &c.Methods[f.Method], &c.Methods[g.Method]
	out := &finding.Finding{Kind: finding.GasDoS, Contract: f.Contract,
		Detail: fmt.Sprintf("%s used %d gas after %d more calls of %s by %s, +%d per call: about %d calls of %s by any sender make %s exceed the %d block gas limit (confirmed: after %d calls it ran out of gas)",
			fm.RawName, used, 3*dosStep, gm.RawName, o.Principals[g.Sender].Hex(), per, pushes, gm.RawName, fm.RawName, blockGasLimit, pushes),
		Facts: finding.Facts{Repeats: uint64(pushes)}}
	if fn, ok := c.Function(fm.RawName); ok {
		out.Location, out.Located = fn.Location, true
	}
	return out
}
