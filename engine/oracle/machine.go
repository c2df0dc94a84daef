package oracle

import (
	"encoding/binary"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Campaign is what the oracles ask of the campaign they judge for: which
// kinds are on, which findings it has, and where a finding without a
// sequence to shrink goes (the twins', twin.go).
type Campaign interface {
	Enabled(k finding.Kind) bool
	Known(k finding.Key) bool
	// Report records f once, with the campaign's counters.
	Report(f *finding.Finding)
}

// A Machine is a worker's chain and tracer with the deployment on it, as
// the loop and the oracles both run transactions on them (go-ethereum's
// EVM to the per-execution Context's ScopeContext). The loop owns it; an
// oracle's re-run (Rerun) leaves it as it found it.
type Machine struct {
	Chain  *chain.Chain
	Tracer *trace.Tracer
	Prog   *program.Program
	Dep    *deploy.Deployment
	Base   chain.Snapshot // the deployed state
	// Cheats are the cheatcodes of a set-up campaign's chain (nil
	// otherwise), reset before every transaction so that nothing armed in
	// one leaks into the next.
	Cheats   *cheatcode.Cheats
	Campaign Campaign
	// Principals are the accounts the fuzzer controls; Privileged marks
	// those a constructor was given, Entitled those a constructor named
	// in an address list (unprivileged, and paid what they are due).
	Principals []common.Address
	Privileged []bool
	Entitled   []bool
	// PrivilegedAt narrows Privileged for the principals privileged only
	// because constructors named them: the contracts whose constructors
	// did (deploy.PrivilegedWhere); nil entries are privileged everywhere
	// they are privileged.
	PrivilegedAt [][]bool
	// Replaying is set by Replay: oracles judge the one sequence given,
	// without the campaign's memory of earlier runs.
	Replaying bool
	// Txs and Reruns count the transactions run and, of those, the
	// oracles' re-runs, since the loop last took them.
	Txs, Reruns uint64

	buf []byte // calldata
	fwd []byte // calldata forwarded through an attacker
	// behind is deploy.Behind of the program, read on the first ether
	// flow: per contract, the implementation a proxy of the build runs.
	behind []int
	// before is the balance of the last transaction's sender when it is
	// an attacker, before the transaction ran (notePaid: the ether it
	// paid in of its own, re-entering with value).
	before uint256.Int
	// instr is the instruction coverage from before the first re-run of
	// a pipeline step (saved is set): re-runs run code no fuzzed sequence
	// ran (a reverting callee, a repeated call) and must neither show in
	// the coverage report nor steer the corpus.
	instr      trace.InstrSave
	saved      bool
	revertCode []byte // the reverting attacker's code for the chain's rules
	// logKey files the logs of the sequence's last transaction apart from
	// the others' (the state's transaction hash, unique per RunTx), for
	// the token oracle (token.go) and the loop (TxLogs) to read; set when
	// keyLogs is (New sets it).
	logKey  common.Hash
	logSeq  uint64
	keyLogs bool
	// owners are the storage words that held a privileged account's
	// address at deployment (NoteOwners, usurp.go).
	owners []ownerSlot
	// privWords are the words that say who controls a deployed contract
	// (owner words and proxy slots, privilege.go).
	privWords []privWord
	// openSlots are the strangers' empty entries of the mappings no
	// privileged account holds a flag in, by slot: watched (added to
	// privWords) once a transaction writes one (privgrant.go).
	openSlots map[common.Hash]openEntry
	opened    int
}

// Encode returns the calldata of tx in the machine's reused buffer.
func (m *Machine) Encode(tx *txseq.Tx) []byte {
	if tx.Raw != nil {
		return tx.Raw
	}
	if tx.Method < 0 {
		return nil
	}
	meth := &m.Prog.Contracts[tx.Contract].Methods[tx.Method]
	m.buf = calldata.Encode(m.buf[:0], meth.Selector, tx.Args)
	return m.buf
}

// RunTx runs one transaction on the current state: a fresh per-transaction
// record in the tracer, the block advanced, then the call with a gas limit
// (0: the chain's).
func (m *Machine) RunTx(tx *txseq.Tx, gas uint64) chain.Result {
	m.Txs++
	m.Tracer.BeginTx()
	if m.Cheats != nil {
		m.Cheats.Reset()
	}
	m.Chain.Advance(tx.Blocks, tx.Seconds)
	if m.keyLogs {
		// Through the EVM: Chain.State would end a borrowed state's
		// single-transaction reuse.
		m.logSeq++
		binary.BigEndian.PutUint64(m.logKey[24:], m.logSeq)
		m.Chain.EVM().StateDB.SetTxContext(m.logKey, 0, 0)
	}
	if a, _, attacker := deploy.SenderOf(m.Chain, tx.Sender); attacker {
		m.before = *m.Chain.Reader().GetBalance(a)
	}
	ctx := deploy.TxOf(m.Chain, tx.Sender, m.Dep.Addrs[tx.Contract], m.Encode(tx), &tx.Value, &m.fwd)
	ctx.Gas = gas
	return m.Chain.Call(ctx)
}

// Rerun runs a transaction an oracle re-runs, counted as such; the
// instruction coverage of before the step's first re-run comes back with
// EndRerun.
func (m *Machine) Rerun(tx *txseq.Tx, gas uint64) chain.Result {
	m.Reruns++
	if !m.saved {
		m.saved = true
		m.Tracer.SaveInstr(&m.instr)
	}
	// The sequence's own transaction keeps its logs' key: the oracles
	// after the re-run judge it.
	key := m.logKey
	r := m.RunTx(tx, gas)
	m.logKey = key
	return r
}

// RerunLogs returns the logs of the transaction Rerun ran last (Rerun
// files them apart, and TxLogs still returns the sequence's own).
func (m *Machine) RerunLogs() []*types.Log {
	if !m.keyLogs {
		return nil
	}
	var key common.Hash
	binary.BigEndian.PutUint64(key[24:], m.logSeq)
	return m.Chain.State().GetLogs(key, 0, common.Hash{}, 0)
}

// EndRerun restores the instruction coverage of before a pipeline step's
// re-runs, if it made any.
func (m *Machine) EndRerun() {
	if !m.saved {
		return
	}
	m.saved = false
	m.Tracer.RestoreInstr(&m.instr)
}

// Locate sets f's location from its contract and PC, or, when site is
// valid (the PC is in a dependency or a library), moves f to the user's
// call there and keeps the PC's location in f.Via.
func Locate(prog *program.Program, f *finding.Finding, site trace.Site) {
	ct := prog.Contracts[f.Contract]
	f.Location, f.Located = ct.Locate(f.PC, false)
	if !site.Valid || !f.Located || int(site.Code) >= len(prog.Contracts) {
		return
	}
	loc, ok := prog.Contracts[site.Code].Locate(site.PC, false)
	if !ok {
		return
	}
	f.Via = []finding.Via{{Contract: f.Contract, PC: f.PC, Location: f.Location}}
	f.Contract, f.PC, f.Location = int(site.Code), site.PC, loc
}

func (m *Machine) locate(f *finding.Finding, site trace.Site) { Locate(m.Prog, f, site) }

func (m *Machine) enabled(k finding.Kind) bool { return m.Campaign.Enabled(k) }

func (m *Machine) known(k finding.Key) bool { return m.Campaign.Known(k) }
