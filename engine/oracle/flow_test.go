package oracle

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestEtherFlowRecorded: the oracle that judges an ether leak records
// the flow its message tells (whom the last transaction paid what, and
// who paid the payer in) in the finding, from the run it watched: the
// message and a replay's trace no longer replay the sequence to measure
// it (engine/etherflow.go did, issue 48).
func TestEtherFlowRecorded(t *testing.T) {
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", "swc105_pos_missing_modifier.sol"), finding.EtherLeak)
	s := New(m, Config{Receipts: NewReceipts(len(m.Prog.Contracts))})
	methods := map[string]int{}
	for i, meth := range m.Prog.Contracts[0].Methods {
		methods[meth.RawName] = i
	}
	oneEther := uint256.NewInt(1e18)
	seq := txseq.Sequence{
		{Contract: 0, Method: methods["deposit"], Sender: 1, Value: *oneEther},
		{Contract: 0, Method: methods["sweep"], Sender: 0},
	}
	m.Chain.Reset(m.Base)
	vault := m.Dep.Addrs[0]
	start := new(uint256.Int).Set(m.Chain.State().GetBalance(vault))
	var hist []TxInfo
	var f *finding.Finding
	for i := range seq {
		r := m.RunTx(&seq[i], 0)
		hist = append(hist, TxInfo{Sender: seq[i].Sender, Contract: seq[i].Contract, Value: seq[i].Value, Failed: r.Err != nil})
		f = s.AfterTx(&Context{Seq: seq[:i+1], Hist: hist, Tx: &seq[i], Result: r})
		if i == 0 && f != nil {
			t.Fatalf("the deposit reported %s", f.Kind)
		}
	}
	if f == nil || f.Kind != finding.EtherLeak {
		t.Fatalf("the sweep reported %v, want an ether leak", f)
	}
	fl := f.Flow
	if fl == nil {
		t.Fatal("the ether leak carries no flow")
	}
	user1, user2 := m.Principals[0], m.Principals[1]
	paid := new(uint256.Int).Add(start, oneEther)
	if fl.Payer != 0 || fl.PayerAddr != vault || fl.Recipient != user1 || !fl.Paid.Eq(paid) {
		t.Errorf("flow: payer %d at %s paid %s wei to %s; want contract 0 at %s paying %s wei to user 1 (%s)", fl.Payer, fl.PayerAddr.Hex(), fl.Paid.Dec(), fl.Recipient.Hex(), vault.Hex(), paid.Dec(), user1.Hex())
	}
	if in := fl.In[user2]; in == nil || !in.Eq(oneEther) || fl.In[user1] != nil {
		t.Errorf("flow: paid in %v, want user 2's 1 ether only", fl.In)
	}
	if out := fl.Out[user1]; out == nil || !out.Eq(paid) || len(fl.Out) != 1 {
		t.Errorf("flow: paid out %v, want %s wei to user 1", fl.Out, paid.Dec())
	}
	if !fl.Credited.IsZero() {
		t.Errorf("flow: credited %s wei, want none (the deposit names nobody)", fl.Credited.Dec())
	}

	// A run that did not start from the deployed state (a reused prefix)
	// saw only part of the sequence: it records no flow rather than a
	// wrong one.
	m.Chain.Reset(m.Base)
	r := m.RunTx(&seq[1], 0)
	hist = []TxInfo{{Sender: 3, Contract: 0}, {Sender: 0, Contract: 0, Failed: r.Err != nil}}
	if f := s.AfterTx(&Context{Seq: txseq.Sequence{seq[1], seq[1]}, Hist: hist, Tx: &seq[1], Result: r}); f != nil && f.Flow != nil {
		t.Errorf("a run from a reused prefix recorded a flow: %+v", f.Flow)
	}
}
