package render

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/holiman/uint256"
)

// MaxMessage is the length a finding's message aims to stay within: it is
// the one line a terminal, a diagnostic list or a status bar shows. The
// oracle's evidence (Finding.Detail) and the kind's explanation
// (finding.Explain) carry the rest.
const MaxMessage = 160

// Message says in at most two short sentences what happened at the
// finding's line, in the terms of the code and of the sequence's senders:
// "EtherVault.withdraw paid user 1 1 ether, which it never deposited."
// fl is what replaying the sequence showed of its ether (nil if not
// measured). Of the candidate wordings, most detailed first, it returns
// the first within MaxMessage.
func Message(f report.Finding, fl *Flow, names map[common.Address]string) string {
	cands := candidates(f, fl, names)
	for _, c := range cands {
		if len(c) <= MaxMessage {
			return c
		}
	}
	return cands[len(cands)-1]
}

// candidates lists a finding's wordings, most detailed first: its
// kind's messages (finding.Spec), or what its hook words from the
// replayed sequence.
func candidates(f report.Finding, fl *Flow, names map[common.Address]string) []string {
	spec := finding.Describe(finding.Kind(f.Kind))
	if len(f.Calls) == 0 {
		// A constructor's finding (fuzz/ctorwrap.go, twin.go).
		return []string{fmt.Sprintf("%s for constructor arguments the deployer can choose.", capital(spec.Title))}
	}
	last := f.Calls[len(f.Calls)-1]
	fn := callName(last)
	who := SenderName(last)
	words := spec.Words(finding.Wording{Fn: fn, Who: who, Contract: last.Contract, Check: f.Check,
		When: fmt.Sprintf("when %s called %s%s", who, fn, earlier(len(f.Calls)))})
	switch spec.Hook {
	case finding.HookEtherFlow:
		return leakMessages(fn, fl, names, words)
	case finding.HookPrivilegedCall:
		return ownerLockMessages(f, fn, who, words)
	}
	return words
}

// leakMessages words an ether leak (finding.HookEtherFlow): whom the
// last call paid what it never paid in, and whose ether it was, before
// the kind's own words.
func leakMessages(fn string, fl *Flow, names map[common.Address]string, words []string) []string {
	if fl == nil {
		return words
	}
	to := names[fl.recipient]
	in, out := amountOf(fl.in, fl.recipient), amountOf(fl.out, fl.recipient)
	var first string
	switch {
	case in.IsZero() && !fl.credited.IsZero():
		// Another paid in for it (the owner's deposit(user 1)): the
		// replay shows it credited, not empty-handed.
		first = fmt.Sprintf("%s paid %s to %s, credited with %s %s paid in for it.", fn, Ether(&fl.paid), to, Ether(&fl.credited), nameOr(names, fl.creditor))
	case in.IsZero():
		first = fmt.Sprintf("%s paid %s to %s, who never deposited any.", fn, Ether(&fl.paid), to)
	case out.Gt(in):
		first = fmt.Sprintf("%s paid %s more than it deposited, by %s.", fn, to, Ether(new(uint256.Int).Sub(out, in)))
	default:
		first = fmt.Sprintf("%s paid %s to %s out of ether others paid in.", fn, Ether(&fl.paid), to)
	}
	var cands []string
	for _, src := range fl.sources(names) {
		cands = append(cands, first+" "+src)
	}
	return append(append(cands, first), words...)
}

// ownerLockMessages words an owner lock (finding.HookPrivilegedCall): the
// privileged call, then the withdrawal it blocks; the kind's own words
// when the deployer made no call.
func ownerLockMessages(f report.Finding, fn, who string, words []string) []string {
	for _, c := range f.Calls[:len(f.Calls)-1] {
		if SenderName(c) == "the deployer" {
			return []string{
				fmt.Sprintf("After the deployer called %s, %s no longer pays %s back, and nothing undoes it.", callName(c), fn, who),
				fmt.Sprintf("One call by the deployer (%s) locks depositors' ether for good.", callName(c)),
			}
		}
	}
	return words
}

// callName is "Vault.withdraw", or "a transfer to Vault" for plain ether.
func callName(c report.Call) string {
	name := c.Function
	if name == "" {
		return "a transfer to " + c.Contract
	}
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	return c.Contract + "." + name
}

// earlier is ", after 2 earlier transactions" for a sequence of 3.
func earlier(n int) string {
	switch {
	case n <= 1:
		return ""
	case n == 2:
		return ", after 1 earlier transaction"
	}
	return fmt.Sprintf(", after %d earlier transactions", n-1)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func amountOf(m map[common.Address]*uint256.Int, a common.Address) *uint256.Int {
	if v := m[a]; v != nil {
		return v
	}
	return new(uint256.Int)
}

func nameOr(names map[common.Address]string, a common.Address) string {
	if n, ok := names[a]; ok {
		return n
	}
	return a.Hex()
}
