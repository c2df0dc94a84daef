package oracle

import (
	"fmt"
	"github.com/foresight-sol/foresight/engine/finding"
	"strings"
)

// An Explanation is what a finding kind means, for people reading a
// finding: why it is a bug, how Foresight decides, and what to do. It is
// printed by foresight explain KIND (and --explain KIND), under a
// finding with -v, in the editor's hover, and generated into
// docs/findings.md.
type Explanation struct {
	Kind  finding.Kind
	Title string // finding.Describe's title
	SWC   string // "SWC-107", or ""
	Why   string // why it is a bug
	How   string // what Foresight observed to report it
	Fix   string // what to do about it
}

// explanations holds the prose per kind; Explain adds title and SWC id.
var explanations = map[finding.Kind][3]string{
	finding.AssertFailure: {
		"An assert states something the code takes to be always true; a failing one means the contract reached a state its author ruled out, and whatever relies on it may be wrong.",
		"A transaction ended in Panic(0x01) (solc 0.8) or INVALID at an assert (older solc), or emitted AssertionFailed (the Echidna/Foundry convention) and committed.",
		"Replay the sequence (foresight replay, or the exported Foundry test), find which assumption broke, and fix the code or the assert; use require for conditions on inputs.",
	},
	finding.Property: {
		"A property function (echidna_*) states what must hold after any sequence of calls; it failed after this one.",
		"After each transaction Foresight calls the property; it returned false or reverted.",
		"Replay the sequence and fix the code, or the property if it was wrong.",
	},
	finding.Invariant: {
		"A Foundry invariant (invariant_*) must hold after any sequence of calls; it failed after this one.",
		"After each transaction Foresight calls the invariant; it reverted or returned false.",
		"Replay the sequence (the exported test shows it in forge) and fix the code, or the invariant if it was wrong.",
	},
	finding.StorageWrite: {
		"A caller can write to a storage slot of its choosing, overwriting any variable: the owner, balances, anything.",
		"A transaction wrote to a probe slot no variable uses, or to a slot computed from an array index that wrapped past the end of storage.",
		"Bound array indices and lengths (no length -= 1 on an empty array before solc 0.6), and never compute storage slots from unchecked input.",
	},
	finding.Reentrancy: {
		"While the contract called out, the callee called back in and changed state the outer call had read and used again after the call: the outer call acts on stale values (the DAO bug).",
		"A transaction through Foresight's reentrant attacker contract re-entered the contract during an external call; the re-entered code read or wrote a storage slot the outer call read before the call and used after it.",
		"Update state before the external call (checks-effects-interactions), or guard the functions with a reentrancy lock (OpenZeppelin's ReentrancyGuard).",
	},
	finding.UncheckedCall: {
		"A low-level call or send returns false instead of reverting when it fails; code that ignores it goes on as if the payment or call had happened.",
		"The call failed (Foresight's reverting or gas-burning attacker was the callee, or the call was run again with the callee reverting) and the transaction completed with nothing depending on the call's success flag.",
		"Check the result (require(ok)), or use transfer or a pull-payment pattern, where each payee withdraws their own ether.",
	},
	finding.EtherLeak: {
		"Any sender can take ether out of the contract that it never paid in: other people's deposits, or the contract's own funds.",
		"In a sequence sent by unprivileged accounts only, a sender was paid more than it ever paid the contract, with the senders together ending up ahead: other people's ether (every contract starts with 10 ether standing for other users' deposits). A depositor paid back twice without a debit counts too.",
		"Restrict the function to its rightful caller (an owner check, the caller's own balance), and debit the balance before paying.",
	},
	finding.SelfDestruct: {
		"Any sender can destroy the contract, ending its code and sending its ether wherever the call says.",
		"A transaction sequence sent by unprivileged accounts only reached a selfdestruct.",
		"Protect the function with an owner check set in the constructor, or remove the selfdestruct.",
	},
	finding.Delegatecall: {
		"The contract delegatecalls an address the caller chooses: that code runs with the contract's storage and balance, so the caller can take them over.",
		"An unprivileged transaction made the contract delegatecall an address taken from its input (one of Foresight's accounts).",
		"Delegatecall only fixed, trusted addresses set by the deployer, and protect who can change them.",
	},
	finding.IntegerWrap: {
		"Arithmetic wrapped around its type (solc before 0.8, or an unchecked block) and the wrong value was then used: balances and limits become wrong.",
		"A wrapped result was followed to a use that matters (a store, a payment, a call argument, before 0.8 a comparison, in unchecked blocks the return data); hashing, bit tricks and mulmod math are not judged.",
		"Use checked arithmetic (solc 0.8 outside unchecked blocks) or SafeMath, and check inputs before unchecked arithmetic.",
	},
	finding.Timestamp: {
		"block.timestamp decides whether ether is paid; the block's proposer can move it a little and so choose the outcome.",
		"A branch that depended on block.timestamp decided an ether transfer in a transaction an unprivileged sender sent.",
		"Do not use time for randomness or exact deadlines; allow for a margin of several seconds, or use an oracle or commit-reveal scheme.",
	},
	finding.BlockNumber: {
		"Block data (block.number, a blockhash, block.prevrandao) decides whether ether is paid; it is known to every transaction of the block and in part chosen by its proposer, so it is no randomness.",
		"A branch that depended on block data decided an ether transfer in a transaction an unprivileged sender sent.",
		"Use a verifiable random function (such as Chainlink VRF) or a commit-reveal scheme.",
	},
	finding.TxOrigin: {
		"A check on tx.origin authorises whoever started the transaction, so a contract the owner is tricked into calling passes it (phishing).",
		"A condition compared tx.origin with an address and decided the transaction's path.",
		"Authorise with msg.sender.",
	},
	finding.DoSFailedCall: {
		"A loop pays several recipients and reverts when one payment fails, so one recipient that rejects ether blocks everyone's payout for good.",
		"A transaction reverted right after a payment in a loop to an account Foresight controls failed (its reverting attacker, or the loop run again with one recipient rejecting).",
		"Let each recipient withdraw their own share (pull payments), or skip and record failed payments instead of reverting.",
	},
	finding.FrontRunning: {
		"Whoever's transaction is mined first is paid: a sender who sees another's pending transaction can copy it with a higher fee and take the payout (transaction-order dependence).",
		"Two senders' copies of the paying transaction were run in both orders; each order paid a different sender.",
		"Use commit-reveal, bind the payout to the sender who earned it, or accept that the first one wins.",
	},
	finding.GasDoS: {
		"A function's gas grows with state any sender can add to (a list it loops over), until it exceeds the block gas limit and can never run again.",
		"The function's gas was measured after more calls of the function that grows the state, extrapolated to the block gas limit, and confirmed by running it that far.",
		"Bound the loop (process in batches), or let each user act on their own entry instead of looping over all.",
	},
	finding.FreezingEther: {
		"The contract accepts ether but has no instruction that can send any out, so every wei paid in is locked for good.",
		"A transaction paid the contract ether, and its code has no call, create or selfdestruct that could move ether.",
		"Add a withdrawal function (with the right access control), or make the functions that take ether non-payable.",
	},
	finding.OwnerLock: {
		"One call by a privileged account (the owner) makes depositors' withdrawals fail or pay nothing, and nothing undoes it: the owner can lock everyone's ether.",
		"A depositor's withdrawal paid without the privileged transaction and not after it, and no call of the contract's functions by the owner or the depositor (or a wait of ten years) made it pay again.",
		"Bound what the owner can set (a capped fee, a pause that expires), or always let depositors withdraw their own ether.",
	},
}

// panicExplanations are the panics' prose; Explain fills in the rest.
var panicExplanations = map[uint64]string{
	0x00: "A generic compiler-inserted panic.",
	0x11: "Checked arithmetic overflowed or underflowed and the call reverted; the operation cannot complete for these inputs.",
	0x12: "A division or modulo by zero reverted.",
	0x21: "A value out of an enum's range was converted to it.",
	0x22: "A storage byte array is encoded wrongly: storage was corrupted, usually through inline assembly.",
	0x31: "pop() was called on an empty array.",
	0x32: "An array or bytes index was out of bounds.",
	0x41: "Too much memory was allocated, or an array was too large.",
	0x51: "A zero-initialised variable of internal function type was called.",
}

// Explain returns the explanation of kind k.
func Explain(k finding.Kind) Explanation {
	d := finding.Describe(k)
	e := Explanation{Kind: k, Title: d.Title, SWC: d.SWC}
	if p, ok := explanations[k]; ok {
		e.Why, e.How, e.Fix = p[0], p[1], p[2]
		return e
	}
	var code uint64
	if _, err := fmt.Sscanf(string(k), "panic-0x%x", &code); err == nil {
		e.Why = panicExplanations[code]
		if e.Why == "" {
			e.Why = "A Solidity panic."
		}
		e.How = fmt.Sprintf("A transaction reverted with Panic(0x%02x).", code)
		if finding.OnByDefault(k) {
			e.Why += " It always means a bug, so it is reported by default."
			e.Fix = "Find where the sequence corrupts the value (replay it) and fix that code."
			return e
		}
		e.Why += " Many such reverts are intended (they reject bad input), which is why this kind is opt-in (--oracles panics)."
		e.Fix = "If these inputs should be accepted, fix the computation; if they should be rejected, reject them earlier with require and a reason."
		return e
	}
	e.Why = "Not a kind Foresight reports."
	return e
}

// Explained lists every kind with an explanation, in the order
// docs/findings.md shows them.
func Explained() []finding.Kind {
	out := []finding.Kind{finding.AssertFailure, finding.Property, finding.Invariant, finding.StorageWrite}
	out = append(out, finding.Vulnerabilities...)
	return append(out, "panic-0x00", "panic-0x11", "panic-0x12", "panic-0x21", "panic-0x22", "panic-0x31", "panic-0x32", "panic-0x41", "panic-0x51")
}

// Known reports whether k is a kind Foresight reports.
func Known(k finding.Kind) bool {
	for _, e := range Explained() {
		if e == k {
			return true
		}
	}
	return false
}

// Text renders e for a terminal, one paragraph per part.
func (e Explanation) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", e.Kind, e.Title)
	if e.SWC != "" && e.SWC != string(e.Kind) {
		fmt.Fprintf(&b, " (%s)", e.SWC)
	}
	fmt.Fprintf(&b, "\n\nWhy it matters: %s\n\nHow Foresight decides: %s\n\nWhat to do: %s\n", e.Why, e.How, e.Fix)
	if e.SWC != "" {
		fmt.Fprintf(&b, "\nSee %s\n", e.Link())
	}
	return b.String()
}

// Markdown renders e as Markdown paragraphs (no heading), for the hover
// and docs/findings.md.
func (e Explanation) Markdown() string {
	s := fmt.Sprintf("**Why it matters.** %s\n\n**How Foresight decides.** %s\n\n**What to do.** %s\n", e.Why, e.How, e.Fix)
	if e.SWC != "" {
		s += fmt.Sprintf("\nSee [%s](%s).\n", e.SWC, e.Link())
	}
	return s
}

// Link is the SWC registry's page for e's SWC id ("" if none).
func (e Explanation) Link() string {
	if e.SWC == "" {
		return ""
	}
	return "https://swcregistry.io/docs/" + e.SWC
}
