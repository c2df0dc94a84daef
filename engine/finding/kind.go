// Package finding names what the engine reports: a Kind per class of
// failure, with its severity, SWC identifier and a one-line description
// (this file), and the Finding record the oracles produce, with its
// deduplication Key (finding.go). It imports no part of the engine that
// runs anything, so the tracer and the oracles can both use it.
package finding

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/core/vm"
)

// Kind identifies a class of finding. Its string is the stable code shown
// to users (diagnostic codes, JSON, SARIF rule ids).
type Kind string

// Finding kinds.
const (
	AssertFailure Kind = "assert-failure"
	Property      Kind = "property"
	Invariant     Kind = "invariant"
	StorageWrite  Kind = "SWC-124"

	// Vulnerability oracles (sFuzz §3.1 and §4; HARVEY's SWC list).
	Reentrancy    Kind = "SWC-107"
	UncheckedCall Kind = "SWC-104"
	EtherLeak     Kind = "SWC-105"
	SelfDestruct  Kind = "SWC-106"
	Delegatecall  Kind = "SWC-112"
	IntegerWrap   Kind = "SWC-101"
	Timestamp     Kind = "SWC-116"
	BlockNumber   Kind = "SWC-120"
	TxOrigin      Kind = "SWC-115"
	DoSFailedCall Kind = "SWC-113"
	FreezingEther Kind = "freezing-ether"
	FrontRunning  Kind = "SWC-114"
	GasDoS        Kind = "SWC-128"
	// OwnerLock has no SWC entry: denial of service by a privileged
	// account (DASP's "denial of service" by an owner).
	OwnerLock Kind = "owner-lock"
)

// Vulnerabilities lists the vulnerability oracles' kinds.
var Vulnerabilities = []Kind{Reentrancy, UncheckedCall, EtherLeak, SelfDestruct, Delegatecall,
	IntegerWrap, Timestamp, BlockNumber, TxOrigin, DoSFailedCall, FreezingEther, FrontRunning, GasDoS, OwnerLock}

// PanicKind returns the kind of a Solidity 0.8 panic code: "panic-0x11".
// Code 0x01 is an assertion failure.
func PanicKind(code uint64) Kind {
	if code == 0x01 {
		return AssertFailure
	}
	return Kind(fmt.Sprintf("panic-0x%02x", code))
}

// Severity orders findings for display.
type Severity int

// Severities.
const (
	Error Severity = iota
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// Description says what a kind means.
type Description struct {
	Severity Severity
	SWC      string // e.g. "SWC-110"; "" if none applies
	Title    string // what fails, in a few words
}

var panicTitles = map[uint64]string{
	0x00: "generic compiler panic",
	0x01: "assertion failed",
	0x11: "arithmetic overflow or underflow",
	0x12: "division or modulo by zero",
	0x21: "invalid enum conversion",
	0x22: "corrupt storage byte array",
	0x31: "pop on an empty array",
	0x32: "array index out of bounds",
	0x41: "too much memory allocated",
	0x51: "call to a zero-initialised internal function",
}

// Describe returns what is known about kind k.
func Describe(k Kind) Description {
	switch k {
	case AssertFailure:
		return Description{Error, "SWC-110", "assertion failed"}
	case Property:
		return Description{Error, "", "property violated"}
	case Invariant:
		return Description{Error, "", "invariant violated"}
	case StorageWrite:
		return Description{Error, "SWC-124", "write to an arbitrary storage location"}
	case Reentrancy:
		return Description{Error, "SWC-107", "reentrancy: a reentrant call reads or changes state the outer call uses after it"}
	case UncheckedCall:
		return Description{Warning, "SWC-104", "unchecked call: the call's success flag is never checked"}
	case EtherLeak:
		return Description{Error, "SWC-105", "ether leak: a sender receives ether it never paid in"}
	case SelfDestruct:
		return Description{Error, "SWC-106", "unprotected selfdestruct: any sender can destroy the contract"}
	case Delegatecall:
		return Description{Error, "SWC-112", "delegatecall to an address the caller chooses"}
	case IntegerWrap:
		return Description{Error, "SWC-101", "integer overflow or underflow"}
	case Timestamp:
		return Description{Warning, "SWC-116", "block.timestamp decides an ether transfer"}
	case BlockNumber:
		return Description{Warning, "SWC-120", "bad randomness: block.number, a blockhash or prevrandao decides an ether transfer"}
	case TxOrigin:
		return Description{Warning, "SWC-115", "authorisation through tx.origin"}
	case DoSFailedCall:
		return Description{Warning, "SWC-113", "denial of service: one failing recipient reverts a loop of payments"}
	case FrontRunning:
		return Description{Warning, "SWC-114", "transaction-order dependence: the order of two senders' transactions decides who is paid"}
	case GasDoS:
		return Description{Warning, "SWC-128", "denial of service: a function's gas grows with state any sender can add to, past the block gas limit"}
	case FreezingEther:
		return Description{Warning, "", "freezing ether: the contract accepts ether but can never send any"}
	case OwnerLock:
		return Description{Warning, "", "denial of service by the owner: one privileged call locks depositors' ether for good"}
	}
	var code uint64
	if _, err := fmt.Sscanf(string(k), "panic-0x%x", &code); err == nil {
		sev := Warning
		if code == 0x11 || code == 0x32 || code == 0x12 {
			sev = Error
		}
		swc := ""
		if code == 0x11 {
			swc = "SWC-101"
		}
		title, ok := panicTitles[code]
		if !ok {
			title = fmt.Sprintf("panic 0x%02x", code)
		}
		return Description{sev, swc, title}
	}
	return Description{Warning, "", string(k)}
}

// OnByDefault reports whether kind k is reported unless configured
// otherwise. Checked arithmetic, division by zero, bad enum values, pops on
// empty arrays, out-of-bounds indices and huge allocations revert by design
// in Solidity 0.8, and much code relies on those reverts the way it relies
// on require, so reporting them by default would flood the editor with
// false positives. They are opt-in; assertions, properties, invariants,
// arbitrary storage writes and the panics that always mean a bug (corrupt
// storage, uninitialised function pointers) are on.
func OnByDefault(k Kind) bool {
	switch k {
	case "panic-0x11", "panic-0x12", "panic-0x21", "panic-0x31", "panic-0x32", "panic-0x41", "panic-0x00":
		return false
	case FrontRunning:
		// Opt-in: an unprotected payout of the whole balance that SWC-105
		// reports is also "whoever is mined first is paid", a second
		// finding for one bug (engine/testdata/deps Jar.sol), and a payout
		// inside a library is placed at the contract, not at the call.
		return false
	}
	return true
}

// AllPanics lists the opt-in panic kinds.
var AllPanics = []Kind{"panic-0x00", "panic-0x11", "panic-0x12", "panic-0x21", "panic-0x31", "panic-0x32", "panic-0x41"}

// panicSelector is the selector of Panic(uint256).
var panicSelector = [4]byte{0x4e, 0x48, 0x7b, 0x71}

// PanicCode extracts the code from Panic(uint256) revert data.
func PanicCode(ret []byte) (uint64, bool) {
	if len(ret) != 36 || [4]byte(ret[:4]) != panicSelector {
		return 0, false
	}
	for _, b := range ret[4:28] {
		if b != 0 {
			return 0, false
		}
	}
	return binary.BigEndian.Uint64(ret[28:36]), true
}

// Failure classifies a failed top-level transaction: a Panic(uint256)
// revert, or INVALID (0xfe), which compilers before 0.8 emit for assert
// and their built-in checks alike; invalid is the kind the INVALID the
// transaction failed at stands for ("" if none or no finding). Ordinary
// reverts (require, custom errors), out-of-gas and the like are not
// findings.
func Failure(err error, ret []byte, invalid Kind) (Kind, bool) {
	if err == nil {
		return "", false
	}
	if errors.Is(err, vm.ErrExecutionReverted) {
		if code, ok := PanicCode(ret); ok {
			return PanicKind(code), true
		}
		return "", false
	}
	var inv *vm.ErrInvalidOpCode
	if invalid != "" && errors.As(err, &inv) {
		return invalid, true
	}
	return "", false
}
