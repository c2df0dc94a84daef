package engine

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/holiman/uint256"
)

// The report's types and checks under the names the Foundry export's
// files (foundry*.go) use. They move to engine/foundry (issue 31), which
// imports engine/report directly; this file goes with them.

type (
	// Finding is report.Finding.
	Finding = report.Finding
	// Call is report.Call.
	Call = report.Call
	// Setup is report.Setup.
	Setup = report.Setup
	// Deployed is report.Deployed.
	Deployed = report.Deployed
)

// ErrBadReport is report.ErrInvalid.
var ErrBadReport = report.ErrInvalid

// ValidateFinding is report.ValidateFinding.
func ValidateFinding(f Finding) error { return report.ValidateFinding(f) }

// ValidateSetup is report.ValidateSetup.
func ValidateSetup(s Setup) error { return report.ValidateSetup(s) }

func isIdent(s string) bool                          { return report.IsIdent(s) }
func panicCode(kind string) (uint64, bool)           { return report.PanicCode(kind) }
func parseHex(what, s string) ([]byte, error)        { return report.ParseHex(what, s) }
func (v callValues) name(c Call) string              { return checkedSenderName(v.parsed, c) }
func parseDeployed(d Deployed) (deployValues, error) { return deployValuesOf(report.ParseDeployed(d)) }

// callValues are report.CallValues with the attacker as deploy's kind.
type callValues struct {
	parsed   report.CallValues
	sender   common.Address
	value    uint256.Int
	input    []byte
	attacker deploy.Attacker
}

func parseCall(c Call) (callValues, error) {
	v, err := report.ParseCall(c)
	return callValues{parsed: v, sender: v.Sender, value: v.Value, input: v.Input, attacker: deploy.Attacker(v.Attacker)}, err
}

// deployValues are report.DeployValues.
type deployValues struct {
	addr      common.Address
	ctorArgs  []byte
	ctorValue uint256.Int
}

func deployValuesOf(v report.DeployValues, err error) (deployValues, error) {
	return deployValues{addr: v.Addr, ctorArgs: v.CtorArgs, ctorValue: v.CtorValue}, err
}
