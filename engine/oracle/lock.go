package oracle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is the owner-lock oracle: denial of service by a privileged
// account. A sequence ends with a transaction W by an unprivileged
// sender U who paid the contract ether, through a method that paid its
// sender in an earlier run (a withdrawal), and this time W pays U
// nothing. It is a finding when a privileged transaction P of the
// sequence is the cause and nobody can undo it:
//
//  1. P moved no ether out of the contract (an owner's sweep or a
//     selfdestruct is not a lock, SWC-105's and SWC-106's to judge);
//  2. without P (the counterfactual run) W commits, pays U, and U ends
//     with more ether than with P;
//  3. from the state before W, no call of any function of the contract
//     by P's sender or by U (with zero arguments, the sequence's last
//     arguments for it, or the values P overwrote), followed by W, pays
//     U again, and neither does waiting ten years (a bounded time lock
//     expires).
//
// A pause with an unpause, a fee the owner can lower again, a time lock
// with a bound, or an owner withdrawing its own ether are not reported.
// The re-runs cost a sequence or two per qualifying execution (the first
// lockFree per worker, then one in lockEvery), and the undo search, up
// to a few hundred transactions, runs at most lockTries times per pair
// of P's and W's methods (every time while a finding is shrunk).

const (
	lockFree  = 256
	lockEvery = 8
	lockTries = 3
	// lockCauses is how many privileged transactions of a sequence,
	// last first, are tried as the cause.
	lockCauses = 2
	// lockWarp is how long a lock may last and still count as one that
	// ends: ten years, and the blocks of 12 seconds in it.
	lockWarp       = 10 * 365 * 24 * 60 * 60
	lockWarpBlocks = lockWarp / 12
	// lockRestores bounds how many of the values P overwrote are tried
	// as arguments that could restore them.
	lockRestores = 2
)

// lockMethod names a method of a contract; lockPair a privileged method
// and a withdrawal of one contract, in a sequence with a set of
// privileged methods.
type (
	lockMethod struct{ contract, method int }
	lockPair   struct {
		contract, priv, with int
		privs                uint64 // the privileged methods of the sequence, a bit each (mod 64)
	}
)

// lockState is what a worker remembers for the finding.
// lock is the owner-lock oracle (an AfterSeq Oracle).
type lock struct {
	*Machine
	worse *worse // notes a paid call after a privileged setting (lockworse.go)
	lockState
}

// Check judges the end of x.Seq.
func (o *lock) Check(x *Context) *finding.Finding { return o.checkLock(x.Seq, x.Hist, x.Shrinking) }

type lockState struct {
	checked int                 // qualifying sequences seen
	tried   map[lockPair]int    // undo searches per pair
	payers  map[lockMethod]bool // methods that paid their unprivileged sender
}

// lockRun is what re-running a sequence with and without P showed.
type lockRun struct {
	before      chain.Snapshot // the state before W, with P
	err         error          // W's result with P
	ret         []byte
	actual      uint256.Int // U's balance after W, with P
	without     uint256.Int // and without P
	paid        uint256.Int // what W paid U without P
	deposited   uint256.Int // what U paid the contract, with P
	overwritten []uint256.Int
}

// checkLock applies the owner-lock oracle to the end of seq, which just
// ran (hist describes it). The chain is left in the state the sequence
// left.
func (o *lock) checkLock(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	n := len(seq)
	if len(hist) != n || !o.enabled(finding.OwnerLock) {
		return nil
	}
	o.notePayers(seq, hist)
	if n < 3 || shrinking != nil && shrinking.Kind != finding.OwnerLock {
		return nil
	}
	last := &seq[n-1]
	u := last.Sender
	if last.Method >= 0 && hist[n-1].Paid && !o.isPrivileged(u) && !o.isAttacker(u) && sentEther(seq[:n-1], u, last.Contract) {
		// Paid, so no lock: unless a privileged setting at its bound
		// takes it all (lockworse.go).
		o.worse.noteWorse(seq, hist)
	}
	if last.Method < 0 || hist[n-1].Paid || o.isPrivileged(u) || o.isAttacker(u) ||
		!o.Replaying && !o.payers[lockMethod{last.Contract, last.Method}] || !sentEther(seq[:n-1], u, last.Contract) {
		return nil
	}
	causes := o.lockCauses(seq)
	if len(causes) == 0 {
		return nil
	}
	o.checked++
	if shrinking == nil && o.checked > lockFree && o.checked%lockEvery != 0 {
		return nil
	}
	end := o.Chain.Snapshot()
	defer o.Chain.Reset(end)
	var privs uint64
	for i := range seq[:n-1] {
		if o.isPrivileged(seq[i].Sender) && seq[i].Contract == last.Contract && seq[i].Method >= 0 {
			privs |= 1 << (seq[i].Method % 64)
		}
	}
	for _, p := range causes {
		// A pause the owner can undo says nothing of a pause followed by
		// renouncing ownership: the tries count per set of privileged
		// methods.
		key := lockPair{last.Contract, seq[p].Method, last.Method, privs}
		if shrinking == nil && o.tried[key] >= lockTries || o.granted(seq[:n-1], u, last.Contract, p) {
			continue
		}
		run, ok := o.lockRuns(seq, p)
		if !ok {
			continue
		}
		if o.tried == nil {
			o.tried = map[lockPair]int{}
		}
		o.tried[key]++
		if o.undoable(seq, p, &run) {
			continue
		}
		return o.lockFinding(seq, p, &run)
	}
	return nil
}

// notePayers remembers the methods that paid their own unprivileged
// sender in seq: withdrawals.
func (o *lock) notePayers(seq txseq.Sequence, hist []TxInfo) {
	for i := range hist {
		if !hist[i].Paid || seq[i].Method < 0 || o.isPrivileged(seq[i].Sender) || o.granted(seq[:i], seq[i].Sender, seq[i].Contract, -1) {
			continue
		}
		k := lockMethod{seq[i].Contract, seq[i].Method}
		if !o.payers[k] {
			if o.payers == nil {
				o.payers = map[lockMethod]bool{}
			}
			o.payers[k] = true
		}
	}
}

// granted reports whether a privileged transaction of seq to contract ct,
// other than seq[except], named principal u in an address argument:
// setOwner(u), grantRole(r, u). What u can then withdraw the owner gave it
// (an owner's sweep, once u owns the contract), and the owner taking it
// back, or giving ownership away, is no lock of u's ether
// (swc105_neg_owner_withdraw.sol); the cause itself naming u (block(u))
// is the lock.
func (m *Machine) granted(seq txseq.Sequence, u, ct, except int) bool {
	return m.namedBy(seq, u, ct, except, false)
}

// namedBy reports whether a privileged transaction of seq to contract ct,
// other than seq[except] (free: one that sent no ether), named principal
// u in a top-level address argument.
func (m *Machine) namedBy(seq txseq.Sequence, u, ct, except int, free bool) bool {
	if u < 0 || u >= len(m.Principals) {
		return false
	}
	var addr uint256.Int
	addr.SetBytes20(m.Principals[u][:])
	for i := range seq {
		if i == except || seq[i].Contract != ct || !m.isPrivileged(seq[i].Sender) || free && !seq[i].Value.IsZero() {
			continue
		}
		for j := range seq[i].Args {
			a := &seq[i].Args[j]
			if a.Type != nil && a.Type.T == abi.AddressTy && a.Word.Eq(&addr) {
				return true
			}
		}
	}
	return false
}

// sentEther reports whether principal u sent contract ct ether in seq.
func sentEther(seq txseq.Sequence, u, ct int) bool {
	for i := range seq {
		if seq[i].Sender == u && seq[i].Contract == ct && !seq[i].Value.IsZero() {
			return true
		}
	}
	return false
}

// lockCauses lists the privileged calls of seq to the contract of its
// last transaction, last first, at most lockCauses of them.
func (o *lock) lockCauses(seq txseq.Sequence) []int {
	n := len(seq)
	var out []int
	for j := n - 2; j >= 0 && len(out) < lockCauses; j-- {
		if o.isPrivileged(seq[j].Sender) && seq[j].Contract == seq[n-1].Contract && seq[j].Method >= 0 {
			out = append(out, j)
		}
	}
	return out
}

// lockRuns runs seq from the deployed state with and without seq[p] and
// reports whether the lock qualifies: P committed and moved no ether out
// of the contract, U's deposit committed, W paid U nothing with P, and
// without P it committed, paid U and left U richer.
func (o *lock) lockRuns(seq txseq.Sequence, p int) (lockRun, bool) {
	var run lockRun
	n := len(seq)
	wtx := &seq[n-1]
	addr, u := o.Dep.Addrs[wtx.Contract], o.Principals[wtx.Sender]
	o.Chain.Reset(o.Base)
	for i := 0; i < p; i++ {
		run.deposit(&seq[i], o.Rerun(&seq[i], 0), wtx)
	}
	atP := o.Chain.Snapshot()
	held := *o.Chain.State().GetBalance(addr)
	if r := o.Rerun(&seq[p], 0); r.Err != nil || o.Chain.State().GetBalance(addr).Lt(&held) {
		return run, false
	}
	slots := o.lockSlots(wtx.Contract)
	for i := p + 1; i < n-1; i++ {
		run.deposit(&seq[i], o.Rerun(&seq[i], 0), wtx)
	}
	if run.deposited.IsZero() {
		return run, false
	}
	run.before = o.Chain.Snapshot()
	r := o.Rerun(wtx, 0)
	if got := o.paidTo(u); r.Err == nil && !got.IsZero() {
		return run, false
	}
	run.err, run.ret = r.Err, append([]byte(nil), r.Ret...)
	run.actual = *o.Chain.State().GetBalance(u)
	o.Chain.Reset(atP)
	// Without P, the others run in the blocks they ran in with it: block
	// data (a blockhash, a timestamp) that W reads would otherwise change
	// with P's absence and pay or not for that reason alone.
	o.Chain.Advance(seq[p].Blocks, seq[p].Seconds)
	for _, s := range slots {
		var v uint256.Int
		v.SetBytes32(o.Chain.State().GetState(addr, s).Bytes())
		run.overwritten = append(run.overwritten, v)
	}
	for i := p + 1; i < n-1; i++ {
		o.Rerun(&seq[i], 0)
	}
	if r := o.Rerun(wtx, 0); r.Err != nil {
		return run, false
	}
	run.paid = o.paidTo(u)
	run.without = *o.Chain.State().GetBalance(u)
	return run, !run.paid.IsZero() && run.without.Gt(&run.actual)
}

// lockSlots returns the first lockRestores slots of contract ct, in
// order, that the last transaction wrote (the map's order is random, and
// the campaign must not be).
func (o *lock) lockSlots(ct int) []common.Hash {
	var keys []uint256.Int
	for s := range o.Tracer.Writes() {
		if int(s.Code) == ct {
			keys = append(keys, s.Key)
		}
	}
	slices.SortFunc(keys, func(a, b uint256.Int) int { return a.Cmp(&b) })
	out := make([]common.Hash, 0, lockRestores)
	for i := 0; i < len(keys) && i < lockRestores; i++ {
		out = append(out, keys[i].Bytes32())
	}
	return out
}

// deposit adds tx's value to what W's sender paid W's contract when tx is
// such a payment and it committed.
func (run *lockRun) deposit(tx *txseq.Tx, r chain.Result, wtx *txseq.Tx) {
	if r.Err == nil && tx.Sender == wtx.Sender && tx.Contract == wtx.Contract {
		run.deposited.Add(&run.deposited, &tx.Value)
	}
}

// paidTo sums the ether the last transaction's committed frames sent to a.
func (m *Machine) paidTo(a common.Address) uint256.Int {
	var sum uint256.Int
	for _, e := range m.Tracer.Events() {
		if e.Kind == trace.EventEtherOut && e.Addr == a {
			sum.Add(&sum, &e.Value)
		}
	}
	return sum
}

// undoable reports whether, from the state before W with P, W pays its
// sender again after ten years, or after one call of a function of the
// contract by P's sender or W's (see undoCalls).
func (o *lock) undoable(seq txseq.Sequence, p int, run *lockRun) bool {
	wtx := &seq[len(seq)-1]
	u := o.Principals[wtx.Sender]
	calls := o.undoCalls(seq, p, run)
	for _, warp := range []bool{false, true} {
		if warp {
			o.Chain.Reset(run.before)
			o.Chain.Advance(lockWarpBlocks, lockWarp)
			bal := *o.Chain.State().GetBalance(u)
			o.Rerun(wtx, 0)
			if o.Chain.State().GetBalance(u).Gt(&bal) {
				return true
			}
		}
		for i := range calls {
			o.Chain.Reset(run.before)
			if warp {
				o.Chain.Advance(lockWarpBlocks, lockWarp)
			}
			bal := *o.Chain.State().GetBalance(u)
			o.Rerun(&calls[i], 0)
			o.Rerun(wtx, 0)
			if o.Chain.State().GetBalance(u).Gt(&bal) {
				return true
			}
		}
	}
	return false
}

// undoCalls lists the calls that might undo P: every function of the
// contract that is not view or pure, sent by P's sender and by W's, with
// zero arguments, with the arguments of its last call in the sequence,
// with P's arguments when it takes the same types (a revoke of a grant),
// and with the values P overwrote in every word argument.
func (o *lock) undoCalls(seq txseq.Sequence, p int, run *lockRun) []txseq.Tx {
	wtx := &seq[len(seq)-1]
	ct := wtx.Contract
	var out []txseq.Tx
	for mi := range o.Prog.Contracts[ct].Methods {
		m := &o.Prog.Contracts[ct].Methods[mi]
		if m.IsConstant() {
			continue
		}
		variants := [][]calldata.Value{zeroArgs(m.Inputs)}
		for j := len(seq) - 2; j >= 0; j-- {
			if seq[j].Contract == ct && seq[j].Method == mi {
				if len(m.Inputs) > 0 {
					variants = append(variants, seq[j].Args)
				}
				break
			}
		}
		if pm := &o.Prog.Contracts[ct].Methods[seq[p].Method]; mi != seq[p].Method && len(m.Inputs) > 0 && sameTypes(m.Inputs, pm.Inputs) {
			// P's counterpart: revoke what grant granted, to whom.
			variants = append(variants, seq[p].Args)
		}
		if len(m.Inputs) > 0 {
			for k := range run.overwritten {
				variants = append(variants, withWords(zeroArgs(m.Inputs), &run.overwritten[k]))
			}
		}
		for _, sender := range []int{seq[p].Sender, wtx.Sender} {
			for _, args := range variants {
				out = append(out, txseq.Tx{Contract: ct, Method: mi, Sender: sender, Args: args})
			}
		}
	}
	return out
}

// sameTypes reports whether two argument lists have the same types.
func sameTypes(a, b abi.Arguments) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Type.String() != b[i].Type.String() {
			return false
		}
	}
	return true
}

// zeroArgs returns zero values of the types of args.
func zeroArgs(args abi.Arguments) []calldata.Value {
	out := make([]calldata.Value, len(args))
	for i := range args {
		out[i] = zeroValue(&args[i].Type)
	}
	return out
}

func zeroValue(t *abi.Type) calldata.Value {
	v := calldata.Value{Type: t}
	switch t.T {
	case abi.ArrayTy:
		v.Elems = make([]calldata.Value, t.Size)
		for i := range v.Elems {
			v.Elems[i] = zeroValue(t.Elem)
		}
	case abi.TupleTy:
		v.Elems = make([]calldata.Value, len(t.TupleElems))
		for i, et := range t.TupleElems {
			v.Elems[i] = zeroValue(et)
		}
	}
	return v
}

// withWords sets every integer, address and bool leaf of args to x, cut
// to the leaf's type (a packed slot's other fields are cut off with it).
func withWords(args []calldata.Value, x *uint256.Int) []calldata.Value {
	for _, v := range calldata.Leaves(args) {
		switch v.Type.T {
		case abi.UintTy, abi.IntTy, abi.AddressTy:
			bits := uint(v.Type.Size)
			if v.Type.T == abi.AddressTy {
				bits = 160
			}
			v.Word.Set(x)
			if bits < 256 {
				var mask uint256.Int
				mask.Lsh(uint256.NewInt(1), bits)
				mask.SubUint64(&mask, 1)
				v.Word.And(&v.Word, &mask)
			}
		case abi.BoolTy:
			if !x.IsZero() {
				v.Word.SetOne()
			}
		}
	}
	return args
}

// lockFinding reports P's function, with the evidence.
func (o *lock) lockFinding(seq txseq.Sequence, p int, run *lockRun) *finding.Finding {
	n := len(seq)
	wtx, ptx := &seq[n-1], &seq[p]
	c := o.Prog.Contracts[wtx.Contract]
	pm, wm := &c.Methods[ptx.Method], &c.Methods[wtx.Method]
	u, owner := o.Principals[wtx.Sender].Hex(), o.Principals[ptx.Sender].Hex()
	outcome := "pays it nothing"
	if run.err != nil {
		outcome = "reverts" + revertText(run.ret)
	}
	f := &finding.Finding{Kind: finding.OwnerLock, Contract: wtx.Contract,
		Detail: fmt.Sprintf("%s paid %s %s wei; transaction %d, sent by the privileged %s, called %s%s; after it, %s by %s (transaction %d) %s, where without transaction %d it pays %s wei. No call of a function of %s by %s or %s (zero arguments, the sequence's, or the values transaction %d overwrote), and no wait of ten years, makes it pay again: the owner can lock depositors' ether for good",
			u, c.Name, run.deposited.Dec(), p+1, owner, pm.RawName, calldata.FormatArgs(ptx.Args), wm.RawName, u, n, outcome, p+1, run.paid.Dec(), c.Name, owner, u, p+1)}
	if fn, ok := c.Function(pm.RawName); ok {
		f.Location, f.Located = fn.Location, true
	}
	return f
}

// revertText renders revert data as ` with "reason"`, ` with Panic(0x..)`,
// or "" when there is none to show.
func revertText(ret []byte) string {
	if code, ok := finding.PanicCode(ret); ok {
		return fmt.Sprintf(" with Panic(0x%02x)", code)
	}
	if reason, err := abi.UnpackRevert(ret); err == nil {
		return fmt.Sprintf(" with %q", strings.ToValidUTF8(reason, "?"))
	}
	return ""
}
