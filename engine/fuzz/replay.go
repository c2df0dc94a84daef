package fuzz

import (
	"errors"
	"github.com/foresight-sol/foresight/engine/oracle"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// A RawCall is a transaction as recorded in a finding: by contract, sender
// and calldata, independent of the ABI values that produced it.
type RawCall struct {
	Contract int
	// Sender is the principal index (deploy.SenderOf) of the sender.
	Sender int
	// From, when not zero, is the sender's address as a report names it:
	// the replay sends from the principal with that address on the system
	// it deploys (replaysender.go), whatever Sender says.
	From    common.Address
	Input   []byte
	Value   uint256.Int
	Blocks  uint64
	Seconds uint64
}

// Raw converts a sequence to raw calls.
func Raw(p *program.Program, seq txseq.Sequence) []RawCall {
	var buf []byte
	out := make([]RawCall, len(seq))
	for i, tx := range seq {
		out[i] = RawCall{Contract: tx.Contract, Sender: tx.Sender, Value: tx.Value, Blocks: tx.Blocks, Seconds: tx.Seconds}
		if tx.Raw != nil {
			out[i].Input = tx.Raw
		} else if tx.Method >= 0 {
			m := p.Contracts[tx.Contract].Methods[tx.Method]
			buf = calldata.Encode(buf[:0], m.Selector, tx.Args)
			out[i].Input = append([]byte(nil), buf...)
		}
	}
	return out
}

// Step is one replayed transaction.
type Step struct {
	Call    RawCall
	From    common.Address
	To      common.Address
	Err     error  // nil on success
	Ret     []byte // return or revert data
	GasUsed uint64
	Logs    []*types.Log
	// Finding is set on the transaction where an oracle fired.
	Finding *Finding
	// Passed is a finding ReplayFrom's pass passed over on this
	// transaction, which then committed and the replay went on.
	Passed *Finding
	Block  chain.Block
	// Inner are the calls the transaction made below the top level, in
	// order: the evidence of reentrancy, failed sends and ether leaks.
	Inner []InnerCall
	// Stored are the words of the program's contracts the transaction
	// wrote (up to the tracer's bound), with what they hold after it: the
	// effect an exported test asserts (engine/foundry).
	Stored []StoredWord
}

// StoredWord is a storage word and its value, and, on the last step,
// what it held before the transaction.
type StoredWord struct {
	Address             common.Address
	Slot, Value, Before common.Hash
}

// InnerCall is one message call inside a transaction.
type InnerCall struct {
	Depth    int // 1 for calls the called contract made
	Op       string
	From, To common.Address
	Value    uint256.Int
	Input    []byte // first bytes: the selector
	Reverted bool
}

// Replay deploys p with the recorded constructor arguments and runs calls
// one by one, applying the campaign's oracle pipeline (engine/oracle, registry.go) after
// each. It stops after the first finding. oracles follows Config.Oracles;
// seed is the campaign's (it picks the storage-write probe slot).
func Replay(p *program.Program, cfg chain.Config, seed uint64, deployArgs [][]byte, calls []RawCall, oracles map[finding.Kind]bool) ([]Step, error) {
	var plan *deploy.Deployment
	if deployArgs != nil {
		plan = &deploy.Deployment{Args: deployArgs}
	}
	return ReplayFrom(p, "", cfg, seed, plan, calls, oracles, nil)
}

// ReplayFrom is Replay on the system a Foundry test contract's setUp()
// deploys (setUp "" deploys as Replay does, with plan's recorded
// deployment if not nil). With want, the finding a report names, the
// oracles look for it as they do for a finding being shrunk (of several in
// one transaction, it is the one reported), and another finding before the
// last call is passed over (Step.Passed) as a campaign passes over one it
// already reported (exec): the report's sequence may fail at a known line
// on its way to the one reported.
func ReplayFrom(p *program.Program, setUp string, cfg chain.Config, seed uint64, plan *deploy.Deployment, calls []RawCall, oracles map[finding.Kind]bool, want *Key) ([]Step, error) {
	c := &campaign{cfg: Config{Settings: Settings{Seed: seed, SetUp: setUp}, Oracles: oracles, Chain: cfg, Deployment: plan}, prog: p, probe: probeFor(seed)}
	if err := c.setup(); err != nil && !errors.Is(err, ErrNoTargets) && !errors.Is(err, ErrNothingDeployed) {
		return nil, err
	}
	var rec recorder
	w, err := newWorker(c, 0, rec.wrap)
	if err != nil {
		return nil, err
	}
	w.m.Replaying = true
	if calls, err = w.checkRecorded(calls); err != nil {
		return nil, err
	}
	seq := w.recorded(calls)
	var steps []Step
	for i := range seq {
		rec.logs, rec.inner, rec.open = nil, nil, rec.open[:0]
		tx := &seq[i]
		st := Step{Call: calls[i], To: w.m.Dep.Addrs[tx.Contract]}
		st.From, _, _ = deploy.SenderOf(w.m.Chain, tx.Sender)
		// The block the transaction runs in (a cheatcode may move it).
		st.Block = w.m.Chain.Block
		st.Block.Number += tx.Blocks
		st.Block.Time += tx.Seconds
		var before *state.StateDB
		if i == len(seq)-1 {
			before = w.m.Chain.State().Copy() // one copy a replay: the last step's words before it
		}
		r := w.m.RunTx(tx, 0)
		st.Err, st.Ret, st.GasUsed = r.Err, append([]byte(nil), r.Ret...), r.GasUsed
		st.Stored = w.storedWords(before)
		st.Logs = rec.logs
		if st.Logs == nil {
			// No log hook on this chain's state: the token oracle's
			// logs of the transaction, when it files them.
			st.Logs = w.m.TxLogs()
		}
		st.Inner = rec.inner
		w.s.hist = append(w.s.hist, oracle.TxInfo{Sender: tx.Sender, Contract: tx.Contract, Value: tx.Value, Failed: r.Err != nil})
		st.Finding = w.check(tx, r, w.s.hist, true, want, seq)
		if st.Finding != nil && r.Err == nil && i < len(seq)-1 && want != nil && st.Finding.Key() != *want {
			st.Passed, st.Finding = st.Finding, nil
		}
		steps = append(steps, st)
		if st.Finding != nil {
			return steps, nil
		}
	}
	if len(steps) > 0 {
		// The last pipeline step, as at the end of a campaign's sequence.
		last := &steps[len(steps)-1]
		last.Finding = w.checkEnd(seq, w.s.hist, want)
		if last.Finding == nil && want != nil && want.Kind == finding.FreezingEther {
			// Judged at a campaign's end, from the first payment: the
			// report's sequence ends with it.
			last.Finding = oracle.FrozenBy(p, seq, last.Err != nil)
		}
	}
	return steps, nil
}

// recorded turns raw calls into transactions that send their calldata as
// it is (Tx.Raw), each with the method its selector names, so that the
// oracle pipeline runs and re-runs them as a campaign's.
func (w *worker) recorded(calls []RawCall) txseq.Sequence {
	seq := make(txseq.Sequence, len(calls))
	for i, rc := range calls {
		seq[i] = txseq.Tx{Contract: rc.Contract, Method: -1, Sender: rc.Sender % deploy.Principals(w.m.Chain),
			Value: rc.Value, Blocks: rc.Blocks, Seconds: rc.Seconds, Raw: rc.Input}
		if rc.Input == nil {
			seq[i].Raw = []byte{}
		}
		ms := w.c.prog.Contracts[rc.Contract].Methods
		for j := range ms {
			if len(rc.Input) >= 4 && string(ms[j].Selector[:]) == string(rc.Input[:4]) {
				seq[i].Method = j
				// The arguments too, for the oracles that build calls
				// from the sequence's (owner-lock's undo search); the
				// calldata sent stays the recorded bytes.
				if args, err := calldata.Decode(ms[j].Inputs, rc.Input[4:]); err == nil {
					seq[i].Args = args
				}
				break
			}
		}
	}
	return seq
}

// recorder collects a replayed transaction's logs and inner calls through
// the tracer's hooks.
type recorder struct {
	logs  []*types.Log
	inner []InnerCall
	open  []int // indices into inner of the frames still running
}

// wrap returns hooks that call the tracer's and record.
func (rec *recorder) wrap(h *tracing.Hooks) *tracing.Hooks {
	hooks := *h
	hooks.OnLog = func(l *types.Log) { rec.logs = append(rec.logs, l) }
	enter, exit := hooks.OnEnter, hooks.OnExit
	hooks.OnEnter = func(depth int, typ byte, from, to common.Address, input []byte, gas uint64, value *big.Int) {
		enter(depth, typ, from, to, input, gas, value)
		if depth == 0 {
			return
		}
		c := InnerCall{Depth: depth, Op: vm.OpCode(typ).String(), From: from, To: to, Input: append([]byte(nil), input[:min(len(input), 4)]...)}
		if value != nil {
			c.Value.SetFromBig(value)
		}
		rec.open = append(rec.open, len(rec.inner))
		rec.inner = append(rec.inner, c)
	}
	hooks.OnExit = func(depth int, output []byte, gasUsed uint64, err error, reverted bool) {
		exit(depth, output, gasUsed, err, reverted)
		if depth == 0 || len(rec.open) == 0 {
			return
		}
		rec.inner[rec.open[len(rec.open)-1]].Reverted = reverted
		rec.open = rec.open[:len(rec.open)-1]
	}
	return &hooks
}

// storedWords reads the words the last transaction wrote, at the
// addresses of the contracts whose code wrote them, and in before (if
// not nil) what they held before it.
func (w *worker) storedWords(before *state.StateDB) []StoredWord {
	var out []StoredWord
	for _, s := range w.m.Tracer.Stored() {
		if int(s.Code) >= len(w.m.Dep.Addrs) || w.m.Dep.Addrs[s.Code] == (common.Address{}) {
			continue
		}
		addr, slot := w.m.Dep.Addrs[s.Code], common.Hash(s.Key.Bytes32())
		word := StoredWord{Address: addr, Slot: slot, Value: w.m.Chain.State().GetState(addr, slot)}
		if before != nil {
			word.Before = before.GetState(addr, slot)
		}
		out = append(out, word)
	}
	return out
}
