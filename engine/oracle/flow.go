package oracle

import (
	"bytes"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// This file records the ether a sequence moves, as the oracles watch it
// run, for the findings whose message tells it (finding.HookEtherFlow:
// the ether leak's "paid 10 ether to user 1, who never deposited any. It
// came from the 10 ether Vault started with."). The flow is the
// oracle's own measurement, carried in the finding (finding.EtherFlow);
// neither a message nor a replay runs the sequence again to write it.

// paid is one transfer out of a program contract that a transaction
// committed (trace.EventEtherOut).
type paid struct {
	tx    int // index in the sequence
	code  int32
	to    common.Address
	value uint256.Int
}

// ledger is a run's transfers out of program contracts, in the order
// they happened, for the transactions 0..n-1 when n >= 0; -1 when the run
// started from a state another run left (a reused prefix), whose
// transfers it did not see.
type ledger struct {
	out []paid
	n   int
}

// note records the transfers of transaction tx (the one that just ran)
// from the tracer's events. It reuses the ledger's array: a run's first
// transaction empties it.
func (l *ledger) note(tx int, t *trace.Tracer) {
	switch {
	case tx == 0:
		l.out, l.n = l.out[:0], 0
	case l.n != tx:
		l.out, l.n = l.out[:0], -1
	}
	if l.n < 0 || t == nil {
		return
	}
	l.n++
	if !t.HasEvents() {
		return
	}
	evs := t.Events()
	for i := range evs {
		if evs[i].Kind == trace.EventEtherOut && !evs[i].Value.IsZero() {
			l.out = append(l.out, paid{tx: tx, code: evs[i].Code, to: evs[i].Addr, value: evs[i].Value})
		}
	}
}

// withFlow attaches the sequence's ether flow to f when its kind's
// message tells it; x describes the sequence, which ran from the
// deployed state.
func (s *Set) withFlow(f *finding.Finding, x *Context) *finding.Finding {
	if f == nil || finding.Describe(f.Kind).Hook != finding.HookEtherFlow {
		return f
	}
	f.Flow = s.m.etherFlow(&s.flows, x)
	return f
}

// etherFlow measures the flow of the sequence x describes from the
// ledger and the history: the contract that paid an account the fuzzer
// controls most in the last transaction, and every committed transfer
// into and out of it. nil when the ledger missed part of the run or the
// last transaction paid no such account.
func (m *Machine) etherFlow(l *ledger, x *Context) *finding.EtherFlow {
	n := len(x.Hist)
	if n == 0 || l.n != n || x.Hist[n-1].Failed {
		return nil
	}
	fl := &finding.EtherFlow{Payer: -1, In: map[common.Address]*uint256.Int{}, Out: map[common.Address]*uint256.Int{}}
	for i := range l.out {
		p := &l.out[i]
		if p.tx == n-1 && m.named(p.to) && m.contractAddr(int(p.code)) != (common.Address{}) && p.value.Gt(&fl.Paid) {
			fl.Payer, fl.Recipient, fl.Paid = int(p.code), p.to, p.value
		}
	}
	if fl.Payer < 0 {
		return nil
	}
	// Code run by a proxy of the build (its implementation's, delegated
	// to) pays out of the proxy: the proxy is the payer, the code the
	// payouts are recorded under stays the implementation's.
	code := fl.Payer
	if n <= len(x.Seq) && x.Seq[n-1].Contract != code && m.proxyOf(x.Seq[n-1].Contract, code) {
		fl.Payer = x.Seq[n-1].Contract
	}
	fl.PayerAddr = m.contractAddr(fl.Payer)
	word := common.LeftPadBytes(fl.Recipient[:], 32)
	var most uint256.Int
	for j := range x.Hist {
		h := &x.Hist[j]
		if h.Failed || h.Contract != fl.Payer {
			continue
		}
		from, _, attacker := deploy.SenderOf(m.Chain, h.Sender)
		in := h.Value
		if attacker {
			// It forwards the transaction's value and pays in what it
			// re-enters with of its own (notePaid).
			in.Add(&in, &h.Own)
		} else if j < len(x.Seq) && from != fl.Recipient && !h.Value.IsZero() {
			if data := m.Encode(&x.Seq[j]); len(data) > 4 && bytes.Contains(data[4:], word) {
				fl.Credited.Add(&fl.Credited, &h.Value)
				if h.Value.Gt(&most) {
					most, fl.Creditor = h.Value, from
				}
			}
		}
		if !in.IsZero() {
			addTo(fl.In, from, &in)
		}
	}
	for i := range l.out {
		p := &l.out[i]
		switch {
		case int(p.code) == code:
			addTo(fl.Out, p.to, &p.value)
		case p.to == fl.PayerAddr:
			if a := m.contractAddr(int(p.code)); a != (common.Address{}) {
				addTo(fl.In, a, &p.value)
			}
		}
	}
	return fl
}

// proxyOf reports whether contract proxy is a proxy of the build whose
// implementation is contract impl (deploy.Behind).
func (m *Machine) proxyOf(proxy, impl int) bool {
	if m.behind == nil {
		m.behind = deploy.Behind(m.Prog)
	}
	return proxy >= 0 && proxy < len(m.behind) && m.behind[proxy] == impl
}

// named reports whether a is an account the fuzzer controls or the
// deployer: the accounts a message names.
func (m *Machine) named(a common.Address) bool {
	return a == chain.Deployer || m.principalIndex(a) >= 0
}

// contractAddr is program contract ci's deployed address, zero for one
// created at run time.
func (m *Machine) contractAddr(ci int) common.Address {
	if ci < 0 || ci >= len(m.Dep.Addrs) {
		return common.Address{}
	}
	return m.Dep.Addrs[ci]
}

func addTo(m map[common.Address]*uint256.Int, a common.Address, v *uint256.Int) {
	if m[a] == nil {
		m[a] = new(uint256.Int)
	}
	m[a].Add(m[a], v)
}
