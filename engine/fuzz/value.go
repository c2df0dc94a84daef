package fuzz

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/holiman/uint256"
)

// This file is value feedback, as in Echidna's optimisation mode and
// ItyFuzz's value-maximising feedback (Shou et al., ISSTA'23): a bug where
// a sender takes out more than it put in over several calls (a debit
// forgotten on one path, a rounding in the caller's favour) opens no new
// branch on the way, so coverage cannot tell an input that drew out most of
// a deposit from one that drew out nothing. So at the end of each sequence
// the worker measures, for each sender it controls (not a privileged one),
// what the sequence paid it out of the contracts, and the corpus keeps an
// input that raises the best payout seen for its contract, sender and
// order of magnitude paid in (value.go's marks, corpus record). Such an
// input is extended like one that opened coverage, so the withdrawal that
// tips the sender into profit is appended to the one that came closest.
//
// Balances are read once per sequence, at its end, from the state (no
// call): ether, and Foresight's own token where the deployment minted it
// to the contracts under test, whose balance slots are known in advance.
// Any other token of the deployment (an ERC-20, 721 or 1155 the token
// oracle watches) counts by its transfer events: what each transaction
// paid its sender (oracle.TxInfo.TokensGot), no call either.

// maxValueMarks bounds the marks one execution reports: one per
// principal and currency, for the few principals a campaign has.
const maxValueMarks = 16

// tokenBalanceSlot is the storage slot of ForesightToken's balanceOf
// mapping (testdata/token/src/ForesightToken.sol: totalSupply, then
// balanceOf).
const tokenBalanceSlot = 1

// A valueMark is one sender's payout in one currency: key names the
// contract the sequence ended in, the sender, the currency and the order
// of magnitude it paid in; score is the payout's bucket (valueBucket).
type valueMark struct {
	key   uint64
	score uint16
}

// valueState is what a worker needs to measure payouts: per principal,
// whether to measure it, whether it is an attacker contract (whose
// balance does not fall by what it forwards), its token balance slot and
// its token balance after the deployment.
type valueState struct {
	measure   []bool
	attacker  []bool
	token     common.Address // zero: no token to measure
	slots     []common.Hash
	tokenBase []uint256.Int
	marks     [maxValueMarks]valueMark // the last execution's (outcome.marks)
}

// newValueState prepares the measures of m's principals on the deployed
// state (m.Base, the chain's current state when a worker starts).
func newValueState(m *oracle.Machine) valueState {
	n := len(m.Principals)
	v := valueState{measure: make([]bool, n), attacker: make([]bool, n)}
	for p := range n {
		v.measure[p] = p >= len(m.Privileged) || !m.Privileged[p]
		_, _, v.attacker[p] = deploy.SenderOf(m.Chain, p)
	}
	if m.Dep == nil || m.Dep.Token == (common.Address{}) || len(m.Dep.TokenHeld) == 0 && len(m.Dep.TokenPulled) == 0 {
		return v
	}
	v.token = m.Dep.Token
	v.slots, v.tokenBase = make([]common.Hash, n), make([]uint256.Int, n)
	st := m.Chain.Reader()
	for p, a := range m.Principals {
		var buf [64]byte
		copy(buf[12:32], a[:])
		buf[63] = tokenBalanceSlot
		v.slots[p] = crypto.Keccak256Hash(buf[:])
		bal := st.GetState(v.token, v.slots[p])
		v.tokenBase[p].SetBytes32(bal[:])
	}
	return v
}

// valueMarks measures, at the end of a sequence whose transactions hist
// describes (the chain holds its end state), what each measured principal
// was paid; ct is the contract the sequence's last transaction called.
// The marks alias the worker's buffer: valid until its next execution.
func (w *worker) valueMarks(hist []oracle.TxInfo, ct int) []valueMark {
	v := &w.val
	st := w.m.Chain.Reader()
	n := 0
	for p, a := range w.m.Principals {
		// A sender privileged only for other contracts (their
		// constructors named it) is measured as any user here.
		if !v.measure[p] && w.m.PrivilegedFor(p, ct) || n == maxValueMarks {
			continue
		}
		var in, out uint256.Int
		deposited := false
		for j := range hist {
			if hist[j].Sender == p && !hist[j].Failed {
				in.Add(&in, &hist[j].Value)
				deposited = deposited || hist[j].Deposited
			}
		}
		if deposited {
			// A deposit of tokens, kept once per contract and sender: the
			// class is a state that needs a real deposit (a stream to
			// withdraw from) while a stand-in asset that answered
			// transferFrom with nothing moved covered the same code
			// (engine/oracle standin.go proposes the real one).
			v.marks[n] = valueMark{valueKey(ct, p, 1, 0) | depositMark, 1}
			if n++; n == maxValueMarks {
				continue
			}
		}
		// out = balance - (start - in) for an account; an attacker's
		// balance is its own (the operator funds what it forwards).
		out.Set(st.GetBalance(a))
		if v.attacker[p] {
			if out.Lt(deploy.AttackerBalance) {
				out.Clear()
			} else {
				out.Sub(&out, deploy.AttackerBalance)
			}
		} else {
			out.Add(&out, &in)
			if out.Lt(chain.InitialBalance) {
				out.Clear()
			} else {
				out.Sub(&out, chain.InitialBalance)
			}
		}
		if !out.IsZero() {
			v.marks[n] = valueMark{valueKey(ct, p, 0, in.BitLen()), valueBucket(&out)}
			n++
		}
		if n < maxValueMarks {
			// The tokens of the deployment's token contracts paid to
			// it (engine/oracle/token.go notes them per transaction).
			out.Clear()
			for j := range hist {
				if hist[j].Sender == p && !hist[j].Failed {
					out.Add(&out, &hist[j].TokensGot)
				}
			}
			if !out.IsZero() {
				v.marks[n] = valueMark{valueKey(ct, p, 1, 0), valueBucket(&out)}
				n++
			}
		}
		if v.token == (common.Address{}) || n == maxValueMarks {
			continue
		}
		bal := st.GetState(v.token, v.slots[p])
		out.SetBytes32(bal[:])
		if out.Gt(&v.tokenBase[p]) {
			out.Sub(&out, &v.tokenBase[p])
			v.marks[n] = valueMark{valueKey(ct, p, 1, 0), valueBucket(&out)}
			n++
		}
	}
	return v.marks[:n]
}

// depositMark marks a key as a deposit's (a sender paid tokens into a
// contract), beside the payouts' keys.
const depositMark = 1 << 10

// valueKey packs a mark's key: contract, principal, currency (0 ether, 1
// the token) and the bit length of what the principal paid in.
func valueKey(ct, p, currency, inBits int) uint64 {
	return uint64(ct)<<24 | uint64(p&0xff)<<16 | uint64(currency&1)<<9 | uint64(inBits)
}

// valueBucket is a payout's quarter-octave: its bit length and the two
// bits below the leading one. As AFL buckets hit counts, a payout must grow
// by a quarter to count as a new maximum, so that inputs that take a wei
// more each do not flood the corpus.
func valueBucket(x *uint256.Int) uint16 {
	n := x.BitLen()
	if n <= 2 {
		return uint16(n) << 2
	}
	var top uint256.Int
	top.Rsh(x, uint(n-3))
	return uint16(n)<<2 | uint16(top.Uint64()&3)
}

// maxValueKeys bounds the keys the corpus tracks best payouts for.
const maxValueKeys = 1 << 16

// valueLocked records ob's marks and reports whether one of them beats
// the best payout seen for its key.
func (c *Corpus) valueLocked(ob *observation) bool {
	better := false
	for i := range ob.marks {
		m := &ob.marks[i]
		best, ok := c.values[m.key]
		if ok && best >= m.score || !ok && len(c.values) >= maxValueKeys {
			continue
		}
		c.values[m.key] = m.score
		better = true
	}
	return better
}

// valuedLocked marks e, just added for a new best payout, as one to give
// energy and extend: the transaction that tips its sender into profit
// is most likely one more appended to it.
func (c *Corpus) valuedLocked(e *Entry) {
	e.valued = true
	if e.opened {
		return
	}
	e.opened = true
	g := &c.groups[c.groupOf[lastContract(e.Seq)]]
	g.open(e)
}
