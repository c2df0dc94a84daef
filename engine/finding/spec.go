package finding

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Spec is the one record of a finding kind: everything Foresight says or
// does differently per kind is a field here (specs.go holds the table),
// so adding a kind is adding a record, and no other file compares a
// kind's string (TestNoRawKindStrings at the module root).
type Spec struct {
	Kind     Kind
	Title    string // what fails, in a few words: the SARIF rule, the kinds list
	SWC      string // e.g. "SWC-110"; "" if no SWC entry applies
	Severity Severity
	// OptIn says the kind is reported only when switched on (--oracles,
	// the editor's oracles setting); OnByDefault is its negation.
	OptIn bool
	// Why, How and Fix explain the kind (foresight explain KIND, -v, the
	// hover, docs/oracles.md): why it is a bug, what Foresight observed to
	// report it, and what to do.
	Why, How, Fix string
	// Messages word a finding of the kind, most detailed first: the engine
	// shows the first within its length (engine/message.go). They name the
	// sequence with placeholders (Wording): {fn}, {who}, {when},
	// {contract}, {check} and {title}.
	Messages []string
	// Hook is a wording the engine computes from the replayed sequence
	// instead (HookNone: Messages alone).
	Hook Hook
	// Export is what a Foundry test exported from a finding asserts.
	Export Export
}

// Hook names a message the engine words from what replaying the finding
// showed (engine/message.go holds the renderers); the templates in
// Spec.Messages are its fallback.
type Hook uint8

// Hooks.
const (
	HookNone           Hook = iota
	HookEtherFlow           // whom the last call paid what, out of whose ether
	HookPrivilegedCall      // the deployer's call that locked the withdrawal
)

// Wording is what a message's placeholders stand for.
type Wording struct {
	Fn       string // {fn}: the last call, "Vault.withdraw"
	Who      string // {who}: its sender, "user 1"
	When     string // {when}: "when user 1 called Vault.withdraw, after 1 earlier transaction"
	Contract string // {contract}: the last call's contract
	Check    string // {check}: the property or invariant function
}

// Words returns s's messages with w's words in place, most detailed
// first.
func (s Spec) Words(w Wording) []string {
	r := strings.NewReplacer("{fn}", w.Fn, "{who}", w.Who, "{when}", w.When,
		"{contract}", w.Contract, "{check}", w.Check, "{title}", capital(s.Title))
	out := make([]string, len(s.Messages))
	for i, m := range s.Messages {
		out[i] = r.Replace(m)
	}
	return out
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Export is what a Foundry test exported from a finding of the kind
// asserts (engine/foundry, docs/foundry-export.md), and what the engine
// measures for it by replaying the finding (engine/exporteffect.go).
type Export struct {
	Assert Assert // how the test's last lines judge the last call
	Harm   Harm   // the harm the test asserts besides, when measured
}

// Assert is how an exported test judges the finding's last call.
type Assert uint8

// Assertions. The zero value is no assertion given: every record names
// one, NotExportable included.
const (
	AssertUnset Assert = iota
	// NotExportable: the test replays the sequence and asserts nothing;
	// Foresight has no Foundry assertion for the kind.
	NotExportable
	AssertAssertion // the call fails an assert: Panic(0x01), or INVALID before 0.8
	AssertPanic     // the call panics with the kind's code, or INVALID before 0.8
	AssertCheck     // the property or invariant function fails after it
	AssertReverts   // the call reverts, unless the harm (HarmLoopBlock) was measured
	AssertCommits   // the call commits, and did the harm when measured
	// AssertEvidence: the harm when measured, else the execution itself
	// is the evidence (the call need not commit).
	AssertEvidence
	AssertLocked // the depositor's withdrawal pays nothing after the privileged call
	AssertFrozen // the contract holds ether and no instruction can send it
)

// Harm is a set of the harms an exported test asserts.
type Harm uint16

// Harms.
const (
	// HarmStored: the storage words the last call changed, read back.
	HarmStored Harm = 1 << iota
	// HarmRejected: with the account the call pays made to reject it, as
	// the oracle re-ran the call, when it did not fail in the campaign.
	HarmRejected
	// HarmGain: the fuzzer's accounts end with more ether, when the
	// replay saw them gain.
	HarmGain
	// HarmGainAlways: the same gain, which the oracle guarantees.
	HarmGainAlways
	// HarmEmptied: else the contract a selfdestruct emptied holds nothing.
	HarmEmptied
	// HarmDelegate: code at the delegatecalled account writes a word of
	// the contract's storage.
	HarmDelegate
	// HarmBlockData: blocks get the campaign chain's blockhashes and
	// PREVRANDAO, so a branch on them goes the campaign's way.
	HarmBlockData
	// HarmPhish: the last call sent on by a contract the owner calls,
	// writing what the owner's own call writes.
	HarmPhish
	// HarmRepeat: the call before the last repeated until the last runs
	// out of a block's gas.
	HarmRepeat
	// HarmLoopBlock: the recipient that blocks a loop of payments, and the
	// others' payments it stops.
	HarmLoopBlock
	// HarmTokens: the token balance the last call moved, read with
	// balanceOf before and after it (the victim's fell, or the thief's
	// rose).
	HarmTokens
)

// replayedHarms are the harms the engine measures by replaying a finding.
const replayedHarms = HarmStored | HarmGain | HarmDelegate | HarmPhish | HarmRepeat | HarmLoopBlock | HarmTokens

// Has reports whether h holds every harm of x.
func (h Harm) Has(x Harm) bool { return h&x == x }

// Replayed reports whether the engine replays a finding to measure its
// harm.
func (h Harm) Replayed() bool { return h&replayedHarms != 0 }

// panicKindRE matches a panic kind and captures its code.
var panicKindRE = regexp.MustCompile(`^panic-0x([0-9a-fA-F]{1,16})$`)

// ParsePanic returns the code of a panic kind ("panic-0x11").
func ParsePanic(k Kind) (uint64, bool) {
	m := panicKindRE.FindStringSubmatch(string(k))
	if m == nil {
		return 0, false
	}
	code, err := strconv.ParseUint(m[1], 16, 64)
	return code, err == nil
}

// IsPanic reports whether k names a panic kind, parsed or not.
func IsPanic(k Kind) bool { return strings.HasPrefix(string(k), panicPrefix) }

// panicPrefix begins every panic kind.
const panicPrefix = "panic-"

// PanicKind returns the kind of a Solidity 0.8 panic code: "panic-0x11".
// Code 0x01 is an assertion failure.
func PanicKind(code uint64) Kind {
	if code == 0x01 {
		return AssertFailure
	}
	return Kind(fmt.Sprintf(panicPrefix+"0x%02x", code))
}

// Describe returns the record of kind k: a listed kind's, a panic's of
// any code, and for another word a record that names it and asserts
// nothing.
func Describe(k Kind) Spec {
	if s, ok := byKind[k]; ok {
		return s
	}
	if code, ok := ParsePanic(k); ok {
		r := panicRow{code: code}
		for _, row := range panicRows {
			if row.code == code {
				r = row
			}
		}
		return panicSpec(k, r)
	}
	return Spec{Kind: k, Severity: Warning, Title: string(k), Why: "Not a kind Foresight reports.",
		Messages: genericMessages, Export: Export{Assert: NotExportable}}
}

// Known reports whether k is a kind Foresight reports.
func Known(k Kind) bool {
	_, ok := byKind[k]
	return ok
}

// Kinds lists every kind Foresight reports, in the order the docs show
// them.
func Kinds() []Kind {
	out := make([]Kind, len(specs))
	for i, s := range specs {
		out[i] = s.Kind
	}
	return out
}

// OnByDefault reports whether kind k is reported unless configured
// otherwise (Spec.OptIn).
func OnByDefault(k Kind) bool { return !Describe(k).OptIn }

// byKind indexes specs.
var byKind = func() map[Kind]Spec {
	m := make(map[Kind]Spec, len(specs))
	for _, s := range specs {
		m[s.Kind] = s
	}
	return m
}()

// AllPanics lists the opt-in panic kinds ("panics" in --oracles).
var AllPanics = func() []Kind {
	var out []Kind
	for _, s := range specs {
		if s.OptIn && IsPanic(s.Kind) {
			out = append(out, s.Kind)
		}
	}
	return out
}()
