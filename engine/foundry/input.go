package foundry

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// Finding is what an export writes of a finding: its kind, contract and
// check are identifiers, its calls parsed values.
type Finding struct {
	// Style is what the test asserts: that the bug is gone (Regression,
	// the default) or that it is there (Proof).
	Style Style
	// N numbers the test among its report's (test_<function>_<kind>_<N>);
	// 0 is 1.
	N int
	// Prefix is the builds' project root relative to the project the
	// test is written into, slash-separated ("" when they are one: a
	// dependency's package compiled as a project of its own is
	// "node_modules/PKG"); the test imports the builds' units through
	// it. Project is the project the test is written into when it is
	// not the builds' (nil: theirs): its test library is the test's.
	// Both come from the command, never from a report.
	Prefix   string
	Project  *solc.Project
	Kind     string // a finding.Kind: what the test asserts is its record's Export
	Title    string // free text, for a comment
	Detail   string // free text, for a comment
	Contract string // the failing contract, an identifier
	Check    string // the property or invariant function, an identifier or ""
	Panic    uint64 // the code of a "panic-0x.." kind
	// Unit, Line and Column locate the failure when HasLocation.
	HasLocation  bool
	Unit         string
	Line, Column int
	Seed         uint64
	Calls        []Call
	// Stored is the storage the last call changed, measured by replaying
	// it (nil if unknown): what a test of a finding.HarmStored kind asserts.
	Stored []Word
	// Gained says the replay saw the accounts the fuzzer controls end the
	// sequence with more ether than they started with: what a test of a
	// finding.HarmGain kind asserts.
	Gained bool
	// Delegate is the account the last call delegatecalled, one the
	// fuzzer controls, and Delegator the contract whose storage that code
	// ran with, when HasDelegate (SWC-112).
	Delegate, Delegator common.Address
	HasDelegate         bool
	// Callee is an account the last call pays or calls that the test
	// makes reject the call, when HasCallee (SWC-104: the oracle ran the
	// call again with it reverting).
	Callee    common.Address
	HasCallee bool
	// Emptied is the contract whose ether the last call's selfdestruct
	// sent away, when HasEmptied (SWC-106 without a gain).
	Emptied    common.Address
	HasEmptied bool
	// Token is the token contract whose balance of Holder the last call
	// moved, when HasToken (token-theft): Holder's fell when TokenFell
	// (the victim's), else rose (the thief's).
	Token, Holder common.Address
	TokenFell     bool
	HasToken      bool
	// ChainBlocks says the test gives every block the blockhashes of
	// Foresight's chain, and its PREVRANDAO when PrevRandao (a merged EVM
	// version), so a branch on them goes the campaign's way (SWC-120,
	// effectblock.go).
	ChainBlocks, PrevRandao bool
	// Phished says the test sends the last call as a phishing contract
	// would, from its sender with the deployer (the owner) as tx.origin,
	// and Stored holds what the owner's own call writes (SWC-115,
	// effectharm.go).
	Phished bool
	// Repeat is how many more times the call before the last makes the
	// last one run out of a block's gas (SWC-128, effectharm.go; 0 if
	// unknown).
	Repeat uint64
	// Blocker is the recipient whose failed payment reverts the last
	// call's loop, when HasBlocker, and Paid the other accounts the loop
	// paid (SWC-113, effectharm.go): once Blocker accepts, the same call
	// must pay one of them. EtchBlocker says Blocker accepted in the
	// campaign and the oracle ran the call again with it rejecting: the
	// test makes it reject too.
	Blocker                 common.Address
	HasBlocker, EtchBlocker bool
	Paid                    []common.Address
}

// Style is what an exported test asserts.
type Style int

const (
	// Regression tests fail while the bug is there and pass once it is
	// fixed, as forge's invariant replays and Echidna's and Medusa's
	// reproducers do, so the test can join the suite.
	Regression Style = iota
	// Proof tests pass while the bug is there: a proof of the finding.
	Proof
)

// ParseStyle parses a style's name ("regression" or "proof").
func ParseStyle(s string) (Style, error) {
	switch s {
	case "regression", "":
		return Regression, nil
	case "proof":
		return Proof, nil
	}
	return 0, fmt.Errorf("%w: export style %q is neither regression nor proof", ErrTest, s)
}

// Word is a storage word of a contract and the value it holds.
type Word struct {
	Address     common.Address
	Slot, Value common.Hash
}

// Call is one transaction of a finding, parsed.
type Call struct {
	Contract string         // the called contract's name, an identifier
	To       common.Address // where it was sent, when HasTo
	HasTo    bool
	Sender   common.Address
	// ViaAttacker says the call came through Foresight's attacker
	// contract Attacker (Sender is its address).
	ViaAttacker bool
	Attacker    deploy.Attacker
	From        string // the sender's name, free text
	Text        string // the call as people read it, free text
	Value       uint256.Int
	Input       []byte
	Blocks      uint64 // advanced before the call
	Seconds     uint64
}

// Setup is how the campaign deployed the program.
type Setup struct {
	// SetUp is the Foundry test contract whose setUp() deployed the
	// contracts, an identifier ("" when Foresight deployed them).
	SetUp     string
	Contracts []Deployed
	Token     common.Address // Foresight's token, when HasToken
	HasToken  bool
	Fork      *Fork // the live chain the campaign ran on, if any
}

// Deployed is one contract of the setup.
type Deployed struct {
	Name       string // an identifier
	Unit       string // its source unit, printable
	Address    common.Address
	HasAddress bool // it was deployed (no error)
	CtorArgs   []byte
	CtorValue  uint256.Int
	Order      int // its place in the deployment order, from 1 (0: unknown)
	Grants     []Grant
}

// Grant is a call the campaign made right after deploying a contract.
type Grant struct {
	From, To common.Address
	Input    []byte
}

// Fork is the live chain a campaign ran on.
type Fork struct {
	URL      string // without credentials; free text
	Redacted bool   // credentials were removed: the test reads the URL from the environment
	Block    uint64
	ChainID  uint64
	Targets  []ForkTarget
}

// ForkTarget is a contract the campaign found deployed on the fork.
type ForkTarget struct {
	Address  common.Address
	Contract string
}
