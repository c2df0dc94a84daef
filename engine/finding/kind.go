package finding

import (
	"encoding/binary"
	"errors"

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
	// TokenTheft has no SWC entry of its own: SWC-105's unprotected
	// withdrawal, of an ERC-20, ERC-721 or ERC-1155 token instead of ether.
	TokenTheft Kind = "token-theft"
	// PrivilegeTakeover has no SWC entry: CWE-284's improper access
	// control, a stranger taking an owner's or an upgrader's place.
	PrivilegeTakeover Kind = "privilege-takeover"
)

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
