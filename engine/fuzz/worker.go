package fuzz

import (
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/lookahead"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// A worker owns a chain, a tracer and a random source, and shares the
// corpus and findings with the other workers of its campaign.
type worker struct {
	id   int
	c    *campaign
	ch   *chain.Chain
	tr   *trace.Tracer
	rng  *rand.Rand
	env  *calldata.Env
	dep  *Deployment
	base chain.Snapshot
	seen []uint8 // coverage classes seen by this worker, per edge
	buf  []byte
	// principals are the accounts the fuzzer controls; privileged marks
	// those a constructor was given; hist is the running sequence's.
	principals []common.Address
	privileged []bool
	hist       []txInfo
	// shrinking is the key of the finding being shrunk, if any.
	shrinking *Key
	fwd       []byte // calldata forwarded through an attacker
	// operands of the last executed transaction's comparisons; they join
	// the dictionary when the input joins the corpus.
	operands []uint256.Int

	// The state after the current entry's prefix, for mutants that change
	// only the last transaction.
	cacheEntry  *Entry
	cacheSnap   chain.Snapshot
	cacheWrites map[trace.Slot]uint16

	seqWrites map[trace.Slot]uint16 // storage writes of the running sequence

	// probeTx is the transaction index whose storage writes may report an
	// arbitrary write: the one a running prediction changed an input of
	// (the slot moved with that input). probeAny accepts any (shrinking,
	// replay); -1 none.
	probeTx int

	lastLoads []trace.Slot // storage reads of the last transaction run
	aggCosts  []costEntry  // costs of the first aggressive run
	lastPath  []uint64     // top-level path of the last transaction (with targets)

	// Input prediction (predict.go).
	lastCosts     []costEntry // cost vector of the last transaction run
	target        int32       // cost index a running prediction aims at, or -1
	targetReached bool
	targetCost    uint256.Int
	targetResid   uint256.Int
	pCost         []uint256.Int // parent costs by index, valid where pStamp == stamp
	pResid        []uint256.Int
	pStamp        []uint32
	stamp         uint32
	cands         []int
	preferred     []int
}

// outcome is what one execution of a sequence did.
type outcome struct {
	pathID    uint64 // path of the last transaction (every one, eagerly)
	seqPathID uint64 // path of every transaction
	state     uint64 // storage signature after the sequence (see stateSig)
	newCov    int    // new (edge, hit class) pairs, all transactions
	fail      *Finding
	failTx    int
	lastErr   bool // the last transaction reverted
}

func newWorker(c *campaign, id int) (*worker, error) {
	p := c.prog
	tr := trace.New(c.codes)
	ch, err := chain.New(c.cfg.Chain, tr.Hooks())
	if err != nil {
		return nil, err
	}
	dep, err := Deploy(ch, p, rand.New(rand.NewPCG(c.cfg.Seed, 0xdeb10e)), c.cfg.DeployArgs)
	if err != nil {
		return nil, err
	}
	for i, a := range dep.Addrs {
		if a != (common.Address{}) {
			tr.Bind(a, i)
		}
	}
	w := &worker{
		id:   id,
		c:    c,
		ch:   ch,
		tr:   tr,
		rng:  rand.New(rand.NewPCG(c.cfg.Seed, uint64(id)+1)),
		dep:  dep,
		base: ch.Snapshot(),
		seen: make([]uint8, tr.Edges()),

		cacheWrites: map[trace.Slot]uint16{},
		seqWrites:   map[trace.Slot]uint16{},
		target:      -1,
		probeTx:     -1,
		pCost:       make([]uint256.Int, tr.CostSites()),
		pResid:      make([]uint256.Int, tr.CostSites()),
		pStamp:      make([]uint32, tr.CostSites()),
	}
	if !c.cfg.NoPrediction {
		tr.SetProbe(c.probe)
	}
	if len(c.targetPCs) > 0 {
		tr.RecordPaths(2 * lookahead.MaxPrefix)
	}
	w.principals = principalAddrs(ch)
	w.privileged = privilegedOf(w.principals, dep)
	tr.SetPrincipals(w.principals)
	w.env = &calldata.Env{Dict: calldata.NewDictionary(0)}
	w.env.Addresses = append(w.env.Addresses, ch.Senders()...)
	for a := Attacker(0); a < numAttackers; a++ {
		w.env.Addresses = append(w.env.Addresses, AttackerAddress(a))
	}
	for _, a := range dep.Addrs {
		if a != (common.Address{}) {
			w.env.Addresses = append(w.env.Addresses, a)
		}
	}
	w.env.Addresses = append(w.env.Addresses, common.Address{})
	w.env.Dict.AddBoundaries()
	for _, word := range c.constants {
		w.env.Dict.Add(word)
	}
	return w, nil
}

// encode returns the calldata of tx in the worker's reused buffer.
func (w *worker) encode(tx *Tx) []byte {
	if tx.Method < 0 {
		return nil
	}
	m := &w.c.prog.Contracts[tx.Contract].Methods[tx.Method]
	w.buf = encodeInto(w.buf[:0], m.Selector, tx)
	return w.buf
}

func encodeInto(dst []byte, sel [4]byte, tx *Tx) []byte {
	return calldata.Encode(dst, sel, tx.Args)
}

// runTx runs one transaction on the current state: a fresh per-transaction
// record in the tracer, the block advanced, then the call.
func (w *worker) runTx(tx *Tx) chain.Result { return w.runTxGas(tx, 0) }

// runTxGas is runTx with a gas limit (0: the chain's).
func (w *worker) runTxGas(tx *Tx, gas uint64) chain.Result {
	w.tr.BeginTx()
	w.ch.Advance(tx.Blocks, tx.Seconds)
	ctx := txOf(w.ch, tx.Sender, w.dep.Addrs[tx.Contract], w.encode(tx), &tx.Value, &w.fwd)
	ctx.Gas = gas
	return w.ch.Call(ctx)
}

// aggressiveGas bounds a transaction run on directly fuzzed state: a
// fuzzed array length or loop bound would otherwise run every such
// transaction to the full gas limit, at a thousand times the usual cost.
// Only coverage comes from these runs, never findings.
const aggressiveGas = 1_000_000

// exec runs seq[from:] starting from snapshot start.
func (w *worker) exec(seq Sequence, from int, start chain.Snapshot) outcome {
	var o outcome
	w.targetReached = false
	w.lastCosts = w.lastCosts[:0]
	w.lastLoads = w.lastLoads[:0]
	w.ch.Reset(start)
	clear(w.seqWrites)
	base := w.baseWrites(start)
	for i := from; i < len(seq); i++ {
		tx := &seq[i]
		r := w.runTx(tx)
		if r.TimedOut {
			w.c.timeouts.Add(1)
		}
		o.newCov += w.tr.MergeCoverage(w.seen)
		if r.Err == nil {
			for k, v := range w.tr.Writes() {
				w.seqWrites[k] = v
			}
		}
		pid := w.tr.PathID()
		o.seqPathID = o.seqPathID*0x100000001b3 ^ pid
		if !w.c.cfg.NoDemandDriven {
			o.pathID = pid
		} else {
			// Eager sequences: the path spans every transaction.
			o.pathID = o.seqPathID
		}
		if i == len(seq)-1 {
			o.lastErr = r.Err != nil
			w.captureCosts()
			w.captureLoads()
			if len(w.c.targetPCs) > 0 {
				w.lastPath = append(w.lastPath[:0], w.tr.Path()...)
				if testHookPath != nil {
					testHookPath(tx.Contract, w.lastPath)
				}
			}
			w.operands = append(w.operands[:0], w.tr.Operands()...)
			// Values the contract returned are likely inputs of later calls.
			for j := 0; j+32 <= len(r.Ret) && j < 4*32; j += 32 {
				var word uint256.Int
				word.SetBytes32(r.Ret[j : j+32])
				w.operands = append(w.operands, word)
			}
		}
		if f := w.checkTx(tx, r, w.probeTx == probeAny || w.probeTx == i); f != nil {
			o.fail, o.failTx = f, i
			return o
		}
		if f := w.checkLoopFailure(i+1, r); f != nil {
			o.fail, o.failTx = f, i
			return o
		}
		if w.tr.HasEvents() {
			if f := w.checkEvents(w.history(seq[:i+1])); f != nil {
				o.fail, o.failTx = f, i
				return o
			}
		}
		if r.Err == nil && !tx.Value.IsZero() && !w.c.received[tx.Contract].Load() {
			w.c.received[tx.Contract].Store(true)
			w.c.receipts.note(tx.Contract, seq[:i+1])
		}
		if f := w.checkProperties(); f != nil {
			o.fail, o.failTx = f, i
			return o
		}
	}
	o.state = stateSig(base, w.seqWrites)
	return o
}

// probeAny makes every transaction's probe hits count.
const probeAny = -2

// baseWrites returns the storage writes already in a starting snapshot:
// those of the cached prefix, or none for the deployed state.
func (w *worker) baseWrites(start chain.Snapshot) map[trace.Slot]uint16 {
	if w.cacheEntry != nil && start == w.cacheSnap {
		return w.cacheWrites
	}
	return nil
}

// stateSig summarises the storage a sequence leaves behind (the prefix's
// writes overlaid with the sequence's own), by slot and order of magnitude
// of each value, independent of the order of writes. Zero means no writes.
func stateSig(prefix, own map[trace.Slot]uint16) uint64 {
	var sig uint64
	for k, v := range prefix {
		if _, ok := own[k]; !ok {
			sig += trace.SlotTerm(k, v)
		}
	}
	for k, v := range own {
		sig += trace.SlotTerm(k, v)
	}
	return sig
}

// checkTx applies the transaction oracles to a finished transaction.
func (w *worker) checkTx(tx *Tx, r chain.Result, probe bool) *Finding {
	if origin, hit := w.tr.ProbeHit(); hit && probe && r.Err == nil && w.c.enabled(oracle.StorageWrite) {
		// A storage write landed on the campaign's arbitrary probe slot:
		// the written location is attacker-controlled (HARVEY §4.3).
		f := &Finding{Kind: oracle.StorageWrite, Contract: origin.Contract, PC: origin.PC}
		f.Location, f.Located = w.c.prog.Contracts[f.Contract].Locate(f.PC, false)
		return f
	}
	fail := w.tr.Failure()
	kind, ok := oracle.Failure(r.Err, r.Ret, fail.Invalid)
	if !ok || !w.c.enabled(kind) {
		return nil
	}
	f := &Finding{Kind: kind, Contract: tx.Contract}
	if fail.Origin.Valid {
		f.Contract, f.PC = fail.Origin.Contract, fail.Origin.PC
		f.Location, f.Located = w.c.prog.Contracts[f.Contract].Locate(f.PC, false)
	}
	return f
}

// checkProperties calls every property and invariant function of the
// targets on the current state; the first violation is a finding.
func (w *worker) checkProperties() *Finding {
	for _, ci := range w.c.checked {
		c := w.c.prog.Contracts[ci]
		for _, m := range c.Checks {
			r := w.ch.Probe(w.ch.Senders()[0], w.dep.Addrs[ci], m.Selector[:])
			if !violated(m, r) {
				continue
			}
			kind := oracle.Property
			if m.Kind == program.Invariant {
				kind = oracle.Invariant
			}
			if !w.c.enabled(kind) {
				continue
			}
			f := &Finding{Kind: kind, Contract: ci, Check: m.RawName}
			if fn, ok := c.Function(m.RawName); ok {
				f.Location = fn.Location
				f.Located = true
			}
			return f
		}
	}
	return nil
}

// violated reports a failed check: it reverted, or returned false.
func violated(m program.Method, r chain.Result) bool {
	if r.Err != nil {
		return true
	}
	if len(m.Outputs) == 1 && m.Outputs[0].Type.String() == "bool" {
		return len(r.Ret) < 32 || r.Ret[31] == 0
	}
	return false
}

// execEntryMutant runs a mutant of e, reusing the state after e's prefix
// when only the last transaction changed.
func (w *worker) execMutant(e *Entry, mut Sequence, m Mutation) outcome {
	if !m.LastOnly || len(mut) < 2 {
		return w.exec(mut, 0, w.base)
	}
	start, ok := w.prefixState(e)
	if !ok {
		// The prefix itself fails; run the whole mutant so the failure is
		// reported with a complete sequence.
		return w.exec(mut, 0, w.base)
	}
	return w.exec(mut, len(mut)-1, start)
}
