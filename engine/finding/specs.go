package finding

import "fmt"

// specs is the table of finding kinds, in the order docs/oracles.md and
// foresight explain show them: the checks, the vulnerability oracles, then
// the panics (panicRows).
var specs = append([]Spec{
	{
		Kind: AssertFailure, Severity: Error, SWC: "SWC-110",
		Title: "assertion failed",
		Why:   "An assert states something the code takes to be always true; a failing one means the contract reached a state its author ruled out, and whatever relies on it may be wrong.",
		How:   "A transaction ended in Panic(0x01) (solc 0.8) or INVALID at an assert (older solc), or emitted AssertionFailed (the Echidna/Foundry convention) and committed.",
		Fix:   "Replay the sequence (foresight replay, or the exported Foundry test), find which assumption broke, and fix the code or the assert; use require for conditions on inputs.",
		Messages: []string{"Assertion failed {when}.",
			"Assertion failed."},
		Export: Export{Assert: AssertAssertion},
	},
	{
		Kind: Property, Severity: Error, SWC: "",
		Title: "property violated",
		Why:   "A property function (echidna_*) states what must hold after any sequence of calls; it failed after this one.",
		How:   "After each transaction Foresight calls the property; it returned false or reverted.",
		Fix:   "Replay the sequence and fix the code, or the property if it was wrong.",
		Messages: []string{"Property {check} failed {when}.",
			"Property {check} returned false or reverted."},
		Export: Export{Assert: AssertCheck},
	},
	{
		Kind: Invariant, Severity: Error, SWC: "",
		Title: "invariant violated",
		Why:   "A Foundry invariant (invariant_*) must hold after any sequence of calls; it failed after this one.",
		How:   "After each transaction Foresight calls the invariant; it reverted or returned false.",
		Fix:   "Replay the sequence (the exported test shows it in forge) and fix the code, or the invariant if it was wrong.",
		Messages: []string{"Invariant {check} failed {when}.",
			"Invariant {check} returned false or reverted."},
		Export: Export{Assert: AssertCheck},
	},
	{
		Kind: StorageWrite, Severity: Error, SWC: "SWC-124",
		Title: "write to an arbitrary storage location",
		Why:   "A caller can write to a storage slot of its choosing, overwriting any variable: the owner, balances, anything.",
		How:   "A transaction wrote to a probe slot no variable uses, or to a slot computed from an array index that wrapped past the end of storage.",
		Fix:   "Bound array indices and lengths (no length -= 1 on an empty array before solc 0.6), and never compute storage slots from unchecked input.",
		Messages: []string{"{fn} wrote to a storage slot {who} chose, over other variables.",
			"A write to a storage slot the caller chooses."},
		Export: Export{Assert: AssertCommits, Harm: HarmStored},
	},
	{
		Kind: Reentrancy, Severity: Error, SWC: "SWC-107",
		Title: "reentrancy: a reentrant call reads or changes state the outer call uses after it",
		Why:   "While the contract called out, the callee called back in and changed state the outer call had read and used again after the call: the outer call acts on stale values (the DAO bug).",
		How:   "A transaction through Foresight's reentrant attacker contract re-entered the contract during an external call; the re-entered code read or wrote a storage slot the outer call read before the call and used after it.",
		Fix:   "Update state before the external call (checks-effects-interactions), or guard the functions with a reentrancy lock (OpenZeppelin's ReentrancyGuard).",
		Messages: []string{"{fn} was re-entered by {who}, which changed state the call used after it.",
			"A reentrant call changed state this call used after it."},
		Export: Export{Assert: AssertCommits, Harm: HarmGain},
	},
	{
		Kind: UncheckedCall, Severity: Warning, SWC: "SWC-104",
		Title: "unchecked call: the call's success flag is never checked",
		Why:   "A low-level call or send returns false instead of reverting when it fails; code that ignores it goes on as if the payment or call had happened.",
		How:   "The call failed (Foresight's reverting or gas-burning attacker was the callee, or the call was run again with the callee reverting) and the transaction completed with nothing depending on the call's success flag.",
		Fix:   "Check the result (require(ok)), or use transfer or a pull-payment pattern, where each payee withdraws their own ether.",
		Messages: []string{"This call's success is never checked: when it failed, {fn} went on as if it had succeeded.",
			"This call's success is never checked."},
		Export: Export{Assert: AssertCommits, Harm: HarmStored | HarmRejected},
	},
	{
		Kind: EtherLeak, Severity: Error, SWC: "SWC-105",
		Title:    "ether leak: a sender receives ether it never paid in",
		Why:      "Any sender can take ether out of the contract that it never paid in: other people's deposits, or the contract's own funds.",
		How:      "In a sequence sent by unprivileged accounts only, a sender was paid more than it ever paid the contract, with the senders together ending up ahead: other people's ether (every contract starts with 10 ether standing for other users' deposits). A depositor paid back twice without a debit counts too, and so does one that took an owner's place in storage by an open path and was paid through the owner's withdrawal.",
		Fix:      "Restrict the function to its rightful caller (an owner check, the caller's own balance), and debit the balance before paying.",
		Messages: []string{"{fn} paid {who} ether it never paid in."},
		Hook:     HookEtherFlow,
		Export:   Export{Assert: AssertCommits, Harm: HarmGainAlways},
	},
	{
		Kind: SelfDestruct, Severity: Error, SWC: "SWC-106",
		Title: "unprotected selfdestruct: any sender can destroy the contract",
		Why:   "Any sender can destroy the contract, ending its code and sending its ether wherever the call says.",
		How:   "A transaction sequence sent by unprivileged accounts only reached a selfdestruct.",
		Fix:   "Protect the function with an owner check set in the constructor, or remove the selfdestruct.",
		Messages: []string{"{fn} destroyed the contract when {who} called it: any sender can.",
			"Any sender can destroy the contract."},
		Export: Export{Assert: AssertCommits, Harm: HarmGain | HarmEmptied},
	},
	{
		Kind: Delegatecall, Severity: Error, SWC: "SWC-112",
		Title: "delegatecall to an address the caller chooses",
		Why:   "The contract delegatecalls an address the caller chooses: that code runs with the contract's storage and balance, so the caller can take them over.",
		How:   "An unprivileged transaction made the contract delegatecall an address taken from its input (one of Foresight's accounts).",
		Fix:   "Delegatecall only fixed, trusted addresses set by the deployer, and protect who can change them.",
		Messages: []string{"{fn} delegatecalled an address {who} chose, running its code as the contract.",
			"The caller chooses the address this delegatecall runs."},
		Export: Export{Assert: AssertEvidence, Harm: HarmDelegate},
	},
	{
		Kind: IntegerWrap, Severity: Error, SWC: "SWC-101",
		Title: "integer overflow or underflow",
		Why:   "Arithmetic wrapped around its type (solc before 0.8, or an unchecked block) and the wrong value was then used: balances and limits become wrong.",
		How:   "A wrapped result was followed to a use that matters (a store, a payment, a call argument, before 0.8 a comparison, in unchecked blocks the return data); hashing, bit tricks and mulmod math are not judged.",
		Fix:   "Use checked arithmetic (solc 0.8 outside unchecked blocks) or SafeMath, and check inputs before unchecked arithmetic.",
		Messages: []string{"Arithmetic wrapped around {when}, and the wrapped value was used.",
			"Arithmetic wrapped around and the wrapped value was used."},
		Export: Export{Assert: AssertCommits, Harm: HarmStored},
	},
	{
		Kind: Timestamp, Severity: Warning, SWC: "SWC-116",
		Title: "block.timestamp decides an ether transfer",
		Why:   "block.timestamp decides whether ether is paid; the block's proposer can move it a little and so choose the outcome.",
		How:   "A branch that depended on block.timestamp decided an ether transfer in a transaction an unprivileged sender sent.",
		Fix:   "Do not use time for randomness or exact deadlines; allow for a margin of several seconds, or use an oracle or commit-reveal scheme.",
		Messages: []string{"block.timestamp decided whether {fn} sent ether, called by {who}.",
			"block.timestamp decides whether this sends ether."},
		Export: Export{Assert: AssertCommits, Harm: HarmGain},
	},
	{
		Kind: BlockNumber, Severity: Warning, SWC: "SWC-120",
		Title: "bad randomness: block.number, a blockhash or prevrandao decides an ether transfer",
		Why:   "Block data (block.number, a blockhash, block.prevrandao) decides whether ether is paid; it is known to every transaction of the block and in part chosen by its proposer, so it is no randomness.",
		How:   "A branch that depended on block data decided an ether transfer in a transaction an unprivileged sender sent.",
		Fix:   "Use a verifiable random function (such as Chainlink VRF) or a commit-reveal scheme.",
		Messages: []string{"Block data (number, hash or prevrandao) decided whether {fn} sent ether.",
			"Block data decides whether this sends ether."},
		Export: Export{Assert: AssertCommits, Harm: HarmGain | HarmBlockData},
	},
	{
		Kind: TxOrigin, Severity: Warning, SWC: "SWC-115",
		Title:    "authorisation through tx.origin",
		Why:      "A check on tx.origin authorises whoever started the transaction, so a contract the owner is tricked into calling passes it (phishing).",
		How:      "A condition compared tx.origin with an address and decided the transaction's path.",
		Fix:      "Authorise with msg.sender.",
		Messages: []string{"This check authorises by tx.origin: a contract the owner calls can pass it."},
		Export:   Export{Assert: AssertEvidence, Harm: HarmPhish},
	},
	{
		Kind: DoSFailedCall, Severity: Warning, SWC: "SWC-113",
		Title: "denial of service: one failing recipient reverts a loop of payments",
		Why:   "A loop pays several recipients and reverts when one payment fails, so one recipient that rejects ether blocks everyone's payout for good.",
		How:   "A transaction reverted right after a payment in a loop to an account Foresight controls failed (its reverting attacker, or the loop run again with one recipient rejecting).",
		Fix:   "Let each recipient withdraw their own share (pull payments), or skip and record failed payments instead of reverting.",
		Messages: []string{"One recipient that rejects ether makes {fn} revert for every recipient.",
			"One failing recipient reverts this loop of payments."},
		Export: Export{Assert: AssertReverts, Harm: HarmLoopBlock},
	},
	{
		Kind: FreezingEther, Severity: Warning, SWC: "",
		Title: "freezing ether: the contract accepts ether but can never send any",
		Why:   "The contract accepts ether but has no instruction that can send any out, so every wei paid in is locked for good.",
		How:   "A transaction paid the contract ether, and its code has no call, create or selfdestruct that could move ether.",
		Fix:   "Add a withdrawal function (with the right access control), or make the functions that take ether non-payable.",
		Messages: []string{"{contract} accepts ether but has no way to send any out: it is locked for good.",
			"The contract accepts ether but can never send any."},
		Export: Export{Assert: AssertFrozen},
	},
	{
		// Opt-in: an unprotected payout of the whole balance that SWC-105
		// reports is also "whoever is mined first is paid", a second
		// finding for one bug (engine/testdata/deps Jar.sol), and a payout
		// inside a library is placed at the contract, not at the call.
		Kind: FrontRunning, Severity: Warning, SWC: "SWC-114", OptIn: true,
		Title: "transaction-order dependence: the order of two senders' transactions decides who is paid",
		Why:   "Whoever's transaction is mined first is paid: a sender who sees another's pending transaction can copy it with a higher fee and take the payout (transaction-order dependence).",
		How:   "Two senders' copies of the paying transaction were run in both orders; each order paid a different sender.",
		Fix:   "Use commit-reveal, bind the payout to the sender who earned it, or accept that the first one wins.",
		Messages: []string{"{fn} pays whichever of two senders' calls is mined first, so one can take the other's payout.",
			"Whoever is mined first is paid."},
		Export: Export{Assert: AssertCommits, Harm: HarmGain},
	},
	{
		Kind: GasDoS, Severity: Warning, SWC: "SWC-128",
		Title: "denial of service: a function's gas grows with state any sender can add to, past the block gas limit",
		Why:   "A function's gas grows with state any sender can add to (a list it loops over), until it exceeds the block gas limit and can never run again.",
		How:   "The function's gas was measured after more calls of the function that grows the state, extrapolated to the block gas limit, and confirmed by running it that far.",
		Fix:   "Bound the loop (process in batches), or let each user act on their own entry instead of looping over all.",
		Messages: []string{"{fn}'s gas grows with state any sender can add, until it exceeds the block gas limit.",
			"This function's gas grows past the block gas limit."},
		Export: Export{Assert: AssertCommits, Harm: HarmRepeat},
	},
	{
		// No SWC entry: denial of service by a privileged account (DASP's
		// "denial of service" by an owner).
		Kind: OwnerLock, Severity: Warning, SWC: "",
		Title:    "denial of service by the owner: one privileged call locks depositors' ether for good",
		Why:      "One call by a privileged account (the owner) makes depositors' withdrawals fail or pay nothing, and nothing undoes it: the owner can lock everyone's ether.",
		How:      "A depositor's withdrawal paid without the privileged transaction and not after it, and no call of the contract's functions by the owner or the depositor (or a wait of ten years) made it pay again.",
		Fix:      "Bound what the owner can set (a capped fee, a pause that expires), or always let depositors withdraw their own ether.",
		Messages: []string{"One privileged call locks depositors' ether for good."},
		Hook:     HookPrivilegedCall,
		Export:   Export{Assert: AssertLocked},
	},
	{
		// SWC-105's unprotected withdrawal, of tokens: no SWC entry names it.
		Kind: TokenTheft, Severity: Error, SWC: "",
		Title: "token theft: a sender takes tokens that are not its own",
		Why:   "Any sender can move tokens that belong to someone else: another account's ERC-20, ERC-721 or ERC-1155 balance, or tokens other users deposited into a contract (a stream, a vault), to itself.",
		How:   "In a sequence sent by unprivileged accounts only, a token contract of the deployment (one whose ABI has balanceOf and transfer or transferFrom) emitted Transfer, TransferSingle or TransferBatch either out of another account's balance in a transaction that account did not send, when that account had called no approve, permit or operator function; or out of a contract to the sender, when the sender had paid in no ether or tokens, another account had deposited tokens, and no other account's transaction named the sender; or out of a contract to a sender that paid some in but, over the sequence, was paid more of that token than it paid, paid in no ether and nothing else (a swap pays one token for another), was named by no other account, kept that gain when the sequence ran again with no time passing (interest accrues with time), and left the contracts holding less of the token than other such depositors had put in and not taken back.",
		Fix:   "Check that the caller owns what it moves (msg.sender is the stream's recipient, the token's owner, or approved), and debit the caller's own balance only.",
		Messages: []string{"{fn} let {who} take tokens that were not its own.",
			"A sender takes tokens that are not its own."},
		Export: Export{Assert: AssertCommits, Harm: HarmTokens},
	},
	{
		// No SWC entry: CWE-284, improper access control (SWC-105 and
		// SWC-106 are its ether and selfdestruct cases).
		Kind: PrivilegeTakeover, Severity: Error, SWC: "",
		Title: "privilege takeover: a stranger changes who controls the contract",
		Why:   "Any sender can make itself (or an account it chooses) the owner, admin or upgrader of a contract, replace a proxy's implementation, or replace a contract the code trusts (a registry, a manager, an oracle) with one of its own: from then on it can do whatever that role may (drain, mint, upgrade, pause), and the rightful holder may be locked out. No ether or token has to move for the takeover itself to be the bug.",
		How:   "In a sequence sent by unprivileged accounts only, a transaction that committed changed a storage word that held a privileged account's address at deployment (an owner, admin or guardian slot), and that word decides access: a function called by the account the word names now completes (or gets further) where, with the word as deployed, it reverted; or it changed an EIP-1967 or EIP-1822 implementation, admin or beacon slot; or it replaced a state variable declared with a contract type (IRegistry public registry), which the deployment set, with an address a transaction of the sequence passed as an argument: a stranger chose a contract the code trusts. The sequence is minimised and the finding placed at the function whose check is missing.",
		Fix:   "Guard the function with the check its siblings have (onlyOwner, onlyRole, msg.sender == admin), make handovers two-step with the current holder starting them, and initialise proxies and implementations in the transaction that deploys them.",
		Messages: []string{"A stranger changed who controls the contract {when}: this function lacks an access check.",
			"A stranger can change who controls the contract through this function."},
		Export: Export{Assert: AssertCommits, Harm: HarmStored},
	},
}, panicSpecs()...)

// genericMessages word a finding of a kind with no wording of its own.
var genericMessages = []string{"{title} {when}.", "{title}."}

// panicRow is what differs between the Solidity 0.8 panics.
type panicRow struct {
	code     uint64
	title    string
	why      string
	severity Severity
	swc      string
	// optIn: checked arithmetic, division by zero, bad enum values, pops
	// on empty arrays, out-of-bounds indices and huge allocations revert
	// by design in Solidity 0.8, and much code relies on those reverts the
	// way it relies on require, so reporting them by default would flood
	// the editor with false positives. The panics that always mean a bug
	// (corrupt storage, uninitialised function pointers) are on.
	optIn bool
}

var panicRows = []panicRow{
	{0x00, "generic compiler panic", "A generic compiler-inserted panic.", Warning, "", true},
	{0x11, "arithmetic overflow or underflow", "Checked arithmetic overflowed or underflowed and the call reverted; the operation cannot complete for these inputs.", Error, "SWC-101", true},
	{0x12, "division or modulo by zero", "A division or modulo by zero reverted.", Error, "", true},
	{0x21, "invalid enum conversion", "A value out of an enum's range was converted to it.", Warning, "", true},
	{0x22, "corrupt storage byte array", "A storage byte array is encoded wrongly: storage was corrupted, usually through inline assembly.", Warning, "", false},
	{0x31, "pop on an empty array", "pop() was called on an empty array.", Warning, "", true},
	{0x32, "array index out of bounds", "An array or bytes index was out of bounds.", Error, "", true},
	{0x41, "too much memory allocated", "Too much memory was allocated, or an array was too large.", Warning, "", true},
	{0x51, "call to a zero-initialised internal function", "A zero-initialised variable of internal function type was called.", Warning, "", false},
}

func panicSpecs() []Spec {
	out := make([]Spec, len(panicRows))
	for i, r := range panicRows {
		out[i] = panicSpec(PanicKind(r.code), r)
	}
	return out
}

// panicSpec is the record of panic kind k with row r's parts; a code no
// row lists is a warning, on by default, titled by its code.
func panicSpec(k Kind, r panicRow) Spec {
	if r.title == "" {
		r.title, r.why, r.severity = fmt.Sprintf("panic 0x%02x", r.code), "A Solidity panic.", Warning
	}
	s := Spec{Kind: k, Severity: r.severity, SWC: r.swc, Title: r.title, OptIn: r.optIn,
		How:      fmt.Sprintf("A transaction reverted with Panic(0x%02x).", r.code),
		Messages: genericMessages, Export: Export{Assert: AssertPanic}}
	if !r.optIn {
		s.Why = r.why + " It always means a bug, so it is reported by default."
		s.Fix = "Find where the sequence corrupts the value (replay it) and fix that code."
		return s
	}
	s.Why = r.why + " Many such reverts are intended (they reject bad input), which is why this kind is opt-in (--oracles panics)."
	s.Fix = "If these inputs should be accepted, fix the computation; if they should be rejected, reject them earlier with require and a reason."
	return s
}
