package oracle

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// This file is the token-theft oracle: SWC-105's rule for ERC-20, ERC-721
// and ERC-1155 tokens instead of ether. It reads the transfer events of
// the token contracts of the deployment (any contract whose ABI has the
// standard balanceOf and transfer shape, and Foresight's own token), which
// every standard token emits for every balance change, so nothing is read
// on a transaction that moved no token. A sequence sent by unprivileged
// senders only is a theft when the last transaction, which committed,
//
//   - moved tokens out of another account the fuzzer controls (an
//     ordinary sender: an attacker contract may move its own while it
//     re-enters), which never called an approve, permit or operator
//     function in the sequence: no allowance of its own let them go; or
//   - paid tokens out of a contract (not a mint) to its sender or to
//     another unprivileged account the fuzzer controls, when neither paid
//     anything in over the sequence (no ether, no tokens of its own),
//     another sender did pay tokens in (the deposits taken; a transfer
//     called on the token itself is a gift, no deposit), and no other
//     sender's transaction named either (a stream's recipient, a
//     transfer's payee): other users' deposits, taken by a stranger for
//     itself or for another stranger (a withdraw(id, to) to any address
//     needs no luck in choosing its own); or
//   - paid tokens out of a contract to its sender, which paid some in
//     but was paid more of the same token than it paid, out of other
//     users' deposits (tokengain.go's net-gain rule).
//
// A swap pays its sender tokens for the tokens it paid in; an owner's mint
// or burn is privileged; a spender moves what it was approved for.

// The standard transfer events' first topics: TransferTopic is ERC-20's
// and ERC-721's Transfer.
var (
	TransferTopic       = crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	transferSingleTopic = crypto.Keccak256Hash([]byte("TransferSingle(address,address,address,uint256,uint256)"))
	transferBatchTopic  = crypto.Keccak256Hash([]byte("TransferBatch(address,address,address,uint256[],uint256[])"))
)

// approvalWords mark a function that may grant an allowance: a victim
// that called one may have let the tokens go.
var approvalWords = []string{"approv", "permit", "allow", "operator", "delegat", "authori"}

// tokens is the token-theft oracle.
type tokens struct {
	*Machine
	addrs  []common.Address // the token contracts watched
	seen   []common.Address // the holders read (holdings, tokengain.go)
	call   []byte           // a balanceOf call's calldata (holdings)
	again  []TxInfo         // the timeless re-run's history (tokengain.go)
	tries  map[[2]int]int   // timeless re-runs per function (mayRerun)
	payee  *payee           // the search for payouts to a named payee
	depriv *depriv          // the least-privilege search (depriv.go)
}

// newTokens watches the token contracts of m's deployment; with none it
// judges nothing and costs nothing.
func newTokens(m *Machine, p *payee, dp *depriv) *tokens {
	o := &tokens{Machine: m, payee: p, depriv: dp}
	if m.Dep == nil {
		return o
	}
	for i := range m.Prog.Contracts {
		if i < len(m.Dep.Addrs) && m.Dep.Addrs[i] != (common.Address{}) && IsToken(&m.Prog.Contracts[i].ABI) {
			o.addrs = append(o.addrs, m.Dep.Addrs[i])
		}
	}
	if m.Dep.Token != (common.Address{}) {
		o.addrs = append(o.addrs, m.Dep.Token)
	}
	return o
}

// TxLogs returns the logs of the last transaction RunTx ran (committed
// frames' only).
func (m *Machine) TxLogs() []*types.Log {
	if !m.keyLogs {
		return nil
	}
	return m.Chain.Reader().GetLogs(m.logKey, 0, common.Hash{}, 0)
}

// IsToken reports whether an ABI has the shape of an ERC-20 or ERC-721
// (balanceOf(address) and transfer or transferFrom) or an ERC-1155 token
// (balanceOf(address,uint256) and safeTransferFrom).
func IsToken(a *abi.ABI) bool {
	has := func(sig string) bool {
		for _, m := range a.Methods {
			if m.Sig == sig {
				return true
			}
		}
		return false
	}
	if has("balanceOf(address)") {
		return has("transfer(address,uint256)") || has("transferFrom(address,address,uint256)") || has("safeTransferFrom(address,address,uint256)")
	}
	return has("balanceOf(address,uint256)") && has("safeTransferFrom(address,address,uint256,uint256,bytes)")
}

// Check judges the token transfers of the transaction x describes.
func (o *tokens) Check(x *Context) *finding.Finding {
	if len(o.addrs) == 0 || x.Result.Err != nil || len(x.Hist) == 0 {
		return nil
	}
	logs := o.TxLogs()
	if len(logs) == 0 {
		return nil
	}
	n := len(x.Hist)
	h := &x.Hist[n-1]
	sa := o.Principals[h.Sender]
	moved := false
	for _, l := range logs {
		from, to, ok := o.transfer(l)
		if !ok {
			o.noteZero(h, l)
			continue
		}
		moved = true
		h.TokensIn = h.TokensIn || from == sa
		h.Deposited = h.Deposited || from == sa && to != (common.Address{}) && o.principalIndex(to) < 0
		if to == sa {
			addAmount(&h.TokensGot, l)
		}
		o.noteMove(h, l, from, to)
	}
	if !moved || !o.enabled(finding.TokenTheft) || x.Shrinking != nil && x.Shrinking.Kind != finding.TokenTheft || len(x.Seq) < n {
		return nil
	}
	if o.privilegedActed(x.Seq, x.Hist) {
		if x.Shrinking == nil {
			o.noteHidden(x.Seq, x.Hist, logs, true)
		}
		return nil
	}
	// The net-gain rule's re-runs (tokengain.go) leave no coverage.
	defer o.EndRerun()
	for _, l := range logs {
		from, to, ok := o.transfer(l)
		if !ok || from == to {
			continue
		}
		if detail := o.judge(x.Seq[:n], x.Hist, from, to, l, x.Shrinking); detail != "" {
			return o.report(x.Tx, detail)
		}
	}
	if x.Shrinking == nil {
		for _, l := range logs {
			// Paid out of a contract (not minted) to a payee it named.
			if from, to, ok := o.transfer(l); ok && from != (common.Address{}) && from != to && o.principalIndex(from) < 0 {
				o.payee.note(x.Seq, n, to)
			}
		}
		o.noteHidden(x.Seq, x.Hist, logs, false)
	}
	return nil
}

// judge returns the theft a transfer event l of a token from from to to,
// in the last transaction of hist, shows, or "" (shrinking: the key of
// the finding being shrunk, if any).
func (o *tokens) judge(seq txseq.Sequence, hist []TxInfo, from, to common.Address, l *types.Log, shrinking *finding.Key) string {
	n := len(hist)
	tok := l.Address
	s := hist[n-1].Sender
	if p := o.principalIndex(from); p >= 0 {
		// The deployer's approvals may come before the sequence (its
		// set-up calls, a constructor's): it is no victim.
		if p == s || !o.victim(seq, p) {
			return ""
		}
		return fmt.Sprintf("transaction %d, sent by %s, moved tokens of %s out of the balance of %s, which sent no transaction in it and approved no one in the sequence",
			n, o.Principals[s].Hex(), tok.Hex(), from.Hex())
	}
	r := o.principalIndex(to)
	if r < 0 || from == (common.Address{}) || o.entitled(s) || o.entitled(r) || o.isPrivileged(r) {
		return ""
	}
	if !o.unpaid(hist, s) || !o.unpaid(hist, r) || !o.othersPaid(hist, s, r) {
		if r == s && l.Topics[0] == TransferTopic {
			// A sender that paid something in: tokengain.go's rule.
			return o.overpaid(seq, hist, s, tok, from, shrinking)
		}
		return ""
	}
	if o.named(seq[:n-1], hist, s, s, r) || o.named(seq[:n-1], hist, r, s, r) {
		return ""
	}
	if r == s {
		return fmt.Sprintf("transaction %d paid %s tokens of %s out of %s, which other senders had paid tokens into; %s paid in no ether and no tokens, and no other sender's transaction named it",
			n, o.Principals[s].Hex(), tok.Hex(), from.Hex(), o.Principals[s].Hex())
	}
	return fmt.Sprintf("transaction %d, sent by %s, paid %s tokens of %s out of %s, which other senders had paid tokens into; neither paid in ether or tokens, and no other sender's transaction named either",
		n, o.Principals[s].Hex(), o.Principals[r].Hex(), tok.Hex(), from.Hex())
}

// noteHidden notes, for the least-privilege search (depriv.go), a
// sequence whose last transaction moved tokens out of another principal's
// balance that the oracle did not judge for privilege: a privileged
// principal's, or one that could be a victim in a sequence with
// privileged senders (privSender: Check found one in hist).
func (o *tokens) noteHidden(seq txseq.Sequence, hist []TxInfo, logs []*types.Log, privSender bool) {
	n := len(hist)
	s := hist[n-1].Sender
	for _, l := range logs {
		from, to, ok := o.transfer(l)
		if !ok || from == to {
			continue
		}
		p := o.principalIndex(from)
		if p < 0 || p == s {
			continue
		}
		if _, _, attacker := deploy.SenderOf(o.Chain, p); attacker || o.isPrivileged(p) || privSender && o.victim(seq[:n], p) {
			o.depriv.noteTheft(seq, hist, p)
			return
		}
	}
}

// victim reports whether tokens moved out of principal p's balance by
// another sender would be judged a theft (judge's first rule): p is no
// attacker contract, unprivileged, and approved no one in seq.
func (o *tokens) victim(seq txseq.Sequence, p int) bool {
	_, _, attacker := deploy.SenderOf(o.Chain, p)
	return !attacker && !o.isPrivileged(p) && !o.approved(seq, p)
}

// transfer returns the parties of a standard transfer event of a watched
// token that moved something.
func (o *tokens) transfer(l *types.Log) (from, to common.Address, ok bool) {
	if o.watched(l.Address) {
		return Transfer(l)
	}
	return from, to, false
}

// watched reports whether a is a token contract the oracle watches.
func (o *tokens) watched(a common.Address) bool {
	for _, t := range o.addrs {
		if t == a {
			return true
		}
	}
	return false
}

// Transfer returns the parties of a log that is a standard transfer event
// (ERC-20's or ERC-721's Transfer, ERC-1155's TransferSingle or
// TransferBatch) that moved something: a zero ERC-20 or ERC-1155 amount
// moves nothing.
func Transfer(l *types.Log) (from, to common.Address, ok bool) {
	if len(l.Topics) < 3 {
		return from, to, false
	}
	switch t := l.Topics; {
	case t[0] == TransferTopic && len(t) == 3:
		// ERC-20: the amount is the data.
		if len(l.Data) < 32 || allZero(l.Data[:32]) {
			return from, to, false
		}
		return common.BytesToAddress(t[1][:]), common.BytesToAddress(t[2][:]), true
	case t[0] == TransferTopic && len(t) == 4:
		// ERC-721: the token id is the fourth topic.
		return common.BytesToAddress(t[1][:]), common.BytesToAddress(t[2][:]), true
	case t[0] == transferSingleTopic && len(t) == 4:
		if len(l.Data) < 64 || allZero(l.Data[32:64]) {
			return from, to, false
		}
		return common.BytesToAddress(t[2][:]), common.BytesToAddress(t[3][:]), true
	case t[0] == transferBatchTopic && len(t) == 4:
		return common.BytesToAddress(t[2][:]), common.BytesToAddress(t[3][:]), true
	}
	return from, to, false
}

// noteZero records in h an ERC-20 transfer of nothing, from a contract
// to an account the fuzzer controls, of a watched token: a swap whose
// output rounded down to zero still paid its sender in that token, so
// what it paid in was traded, not deposited (exchanged, tokengain.go).
func (o *tokens) noteZero(h *TxInfo, l *types.Log) {
	t := l.Topics
	if len(t) != 3 || t[0] != TransferTopic || len(l.Data) < 32 || !allZero(l.Data[:32]) || !o.watched(l.Address) {
		return
	}
	if from := common.BytesToAddress(t[1][:]); from != (common.Address{}) {
		o.noteMove(h, l, from, common.BytesToAddress(t[2][:]))
	}
}

// addAmount adds what a transfer event moved to sum: an ERC-20 amount, an
// ERC-1155 single amount, one ERC-721 token (a batch counts one).
func addAmount(sum *uint256.Int, l *types.Log) {
	var v uint256.Int
	switch {
	case l.Topics[0] == TransferTopic && len(l.Topics) == 3:
		v.SetBytes32(l.Data[:32])
	case l.Topics[0] == transferSingleTopic:
		v.SetBytes32(l.Data[32:64])
	default:
		v.SetOne()
	}
	sum.Add(sum, &v)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// approved reports whether principal p sent a transaction in seq that may
// have granted an allowance: a function named for one, or raw calldata.
func (o *tokens) approved(seq txseq.Sequence, p int) bool {
	for j := range seq {
		tx := &seq[j]
		if tx.Sender != p {
			continue
		}
		if tx.Method < 0 {
			if tx.Raw != nil {
				return true // calldata no function of the contract names
			}
			continue
		}
		name := strings.ToLower(o.Prog.Contracts[tx.Contract].Methods[tx.Method].RawName)
		for _, w := range approvalWords {
			if strings.Contains(name, w) {
				return true
			}
		}
	}
	return false
}

// unpaid reports whether principal s paid nothing in over hist: no ether
// in a transaction that committed, none while re-entering, no tokens.
func (o *tokens) unpaid(hist []TxInfo, s int) bool {
	for j := range hist {
		h := &hist[j]
		if h.Sender == s && (!h.Failed && !h.Value.IsZero() || !h.Own.IsZero() || h.TokensIn) {
			return false
		}
	}
	return true
}

// othersPaid reports whether a sender other than s and r paid tokens in
// over hist, other than by calling a token itself (gift).
func (o *tokens) othersPaid(hist []TxInfo, s, r int) bool {
	for j := range hist {
		if hist[j].Sender != s && hist[j].Sender != r && hist[j].TokensIn && !o.gift(&hist[j]) {
			return true
		}
	}
	return false
}

// gift reports whether h called a watched token itself and its sender
// paid in no other token: what it paid a contract in that token (a
// transfer straight to a pool) is a donation, not a deposit the contract
// owes back, and whoever the contract's own rules then pay it to took
// nothing of the donor's (an AMM's skim, its liquidity providers' share).
// A vault that is itself a token (a stream's NFT, a vault's shares) takes
// deposits of other tokens through its own functions: those are no gift.
func (o *tokens) gift(h *TxInfo) bool {
	a, ok := o.called(h)
	if !ok || !o.watched(a) {
		return false
	}
	for k := range h.Moves {
		if mv := &h.Moves[k]; mv.Principal == h.Sender && mv.In && mv.Token != a {
			return false
		}
	}
	return true
}

// giftOf reports whether what h's sender paid in of token tok was a gift:
// h called tok itself.
func (o *tokens) giftOf(h *TxInfo, tok common.Address) bool {
	a, ok := o.called(h)
	return ok && a == tok && o.watched(a)
}

// called returns the address of the contract h called.
func (o *tokens) called(h *TxInfo) (common.Address, bool) {
	if o.Dep == nil || h.Contract < 0 || h.Contract >= len(o.Dep.Addrs) {
		return common.Address{}, false
	}
	return o.Dep.Addrs[h.Contract], true
}

// named reports whether a transaction of seq sent by a sender other than
// a and b, and committed (hist), names principal p's address as an
// argument: p is then a payee another user chose.
func (o *tokens) named(seq txseq.Sequence, hist []TxInfo, p, a, b int) bool {
	for j := range seq {
		if seq[j].Sender != a && seq[j].Sender != b && !hist[j].Failed && o.namesPrincipal(&seq[j], p) {
			return true
		}
	}
	return false
}

// report makes the finding, at the function the last transaction called.
func (o *tokens) report(tx *txseq.Tx, detail string) *finding.Finding {
	f := &finding.Finding{Kind: finding.TokenTheft, Contract: tx.Contract, Detail: detail}
	f.Location, f.Located = o.declaration(tx)
	return f
}

// declaration returns where the function tx calls is defined with a body:
// its own declaration, the implementation of one it only declares, or,
// for plain ether or raw calldata, the contract's receive or fallback.
func (m *Machine) declaration(tx *txseq.Tx) (solc.Location, bool) {
	c := m.Prog.Contracts[tx.Contract]
	if tx.Method < 0 {
		for _, fn := range c.Functions() {
			if fn.Contract == c.Name && (fn.Kind == "receive" || fn.Kind == "fallback") {
				return fn.Location, true
			}
		}
		return solc.Location{}, false
	}
	meth := &c.Methods[tx.Method]
	fn, ok := c.Function(meth.RawName)
	if !ok {
		return solc.Location{}, false
	}
	if !fn.Implemented {
		return implementation(c.Functions(), fn, hex.EncodeToString(meth.ID)), true
	}
	return fn.Location, true
}

// implementation returns where the function fn only declares (an
// interface's, as Balancer's IVault declares the manageUserBalance a base
// of Vault implements) is defined with a body: the first definition of
// the build with its name, selector and a body, else fn's own place.
func implementation(funcs []program.Func, fn program.Func, selector string) solc.Location {
	for _, g := range funcs {
		if g.Implemented && g.Name == fn.Name && g.Selector == selector {
			return g.Location
		}
	}
	return fn.Location
}
