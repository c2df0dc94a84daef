package report

import (
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// ErrInvalid is wrapped by errors about a report, or a finding or setup
// in one, that breaks the format or its limits: a report may come from a
// corpus directory or a CI artifact that others can write, so each field
// is checked before a replay or an export uses it.
var ErrInvalid = errors.New("invalid report")

// maxSenderIndex bounds a call's senderIndex: the campaign's principals
// are a few senders, the attacker contracts and the deployer, or the
// senders a Foundry setUp() names.
const maxSenderIndex = 255

var (
	// kindRE matches the shape of a finding kind (engine/finding's
	// records name them; this leaf package cannot import it).
	kindRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)
	// signatureRE matches a function signature: a name and its
	// parameter types, tuples and arrays included.
	signatureRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_$\[\](),]*\)$`)
	// compilerRE matches a compiler version as a setup records it.
	compilerRE = regexp.MustCompile(`^[0-9]{1,4}\.[0-9]{1,4}\.[0-9]{1,4}$`)
)

// CallValues are the values of a Call, parsed from the report's text.
type CallValues struct {
	Sender common.Address
	To     common.Address // zero when HasTo is false
	HasTo  bool
	Value  uint256.Int
	Input  []byte
	// Attacker is the index in Attackers of the attacker contract the
	// call came through, when Call.Attacker is not "".
	Attacker int
}

// ParseCall checks c and parses its values.
func ParseCall(c Call) (CallValues, error) {
	var v CallValues
	if c.SenderIndex < 0 || c.SenderIndex > maxSenderIndex {
		return v, fmt.Errorf("%w: senderIndex %d is out of range 0..%d", ErrInvalid, c.SenderIndex, maxSenderIndex)
	}
	if !IsIdent(c.Contract) {
		return v, fmt.Errorf("%w: contract %q is not a contract name", ErrInvalid, c.Contract)
	}
	if c.Function != "" && (len(c.Function) > 4096 || !signatureRE.MatchString(c.Function)) {
		return v, fmt.Errorf("%w: function %q is not a function signature", ErrInvalid, c.Function)
	}
	for _, a := range c.Args {
		if !printableASCII(a) {
			return v, fmt.Errorf("%w: argument %q is not printable ASCII", ErrInvalid, a)
		}
	}
	var err error
	if v.Sender, err = parseAddress("sender", c.Sender); err != nil {
		return v, err
	}
	if c.Address != "" {
		if v.To, err = parseAddress("address", c.Address); err != nil {
			return v, err
		}
		v.HasTo = true
	}
	if c.Attacker != "" {
		a, ok := attackerIndex(c.Attacker)
		if !ok {
			return v, fmt.Errorf("%w: attacker %q is not one of Foresight's attacker contracts", ErrInvalid, c.Attacker)
		}
		v.Attacker = a
	}
	if err := parseWei(&v.Value, "value", c.Value); err != nil {
		return v, err
	}
	v.Input, err = ParseHex("calldata", c.Calldata)
	return v, err
}

// DeployValues are the values of a Deployed, parsed from the report's text.
type DeployValues struct {
	Addr      common.Address // zero when HasAddr is false
	HasAddr   bool
	CtorArgs  []byte
	CtorValue uint256.Int
}

// ParseDeployed checks d and parses its values.
func ParseDeployed(d Deployed) (DeployValues, error) {
	var v DeployValues
	if !IsIdent(d.Name) {
		return v, fmt.Errorf("%w: setup contract %q is not a contract name", ErrInvalid, d.Name)
	}
	if !printableUnit(d.Unit) {
		return v, fmt.Errorf("%w: setup contract %s: unit %q is not a source unit name", ErrInvalid, d.Name, d.Unit)
	}
	if d.Compiler != "" && !compilerRE.MatchString(d.Compiler) {
		return v, fmt.Errorf("%w: setup contract %s: compiler %q is not a compiler version", ErrInvalid, d.Name, d.Compiler)
	}
	var err error
	if d.Address != "" && d.Error == "" {
		if v.Addr, err = parseAddress("address of "+d.Name, d.Address); err != nil {
			return v, err
		}
		v.HasAddr = true
	}
	if v.CtorArgs, err = ParseHex("ctorArgs of "+d.Name, d.CtorArgs); err != nil {
		return v, err
	}
	if err := parseWei(&v.CtorValue, "ctorValue of "+d.Name, d.CtorValue); err != nil {
		return v, err
	}
	for _, g := range d.Grants {
		if _, err := parseAddress("grant sender", g.From); err != nil {
			return v, err
		}
		if _, err := parseAddress("grant target", g.To); err != nil {
			return v, err
		}
		if _, err := ParseHex("grant input", g.Input); err != nil {
			return v, err
		}
	}
	return v, nil
}

// ValidateFinding checks the fields of f that a replay or an export uses
// as names or values: its kind, contract and check are names, and every
// call's sender, address, value and calldata parse. Free text (title,
// message, detail, paths) is not checked: an export escapes it.
func ValidateFinding(f Finding) error {
	if !kindRE.MatchString(f.Kind) {
		return fmt.Errorf("%w: kind %q is not a finding kind", ErrInvalid, f.Kind)
	}
	if f.Contract != "" && !IsIdent(f.Contract) {
		return fmt.Errorf("%w: contract %q is not a contract name", ErrInvalid, f.Contract)
	}
	if f.Check != "" && !IsIdent(f.Check) {
		return fmt.Errorf("%w: check %q is not a function name", ErrInvalid, f.Check)
	}
	if len(f.Calls) > MaxFindingCalls {
		return fmt.Errorf("%w: %d calls, limit %d", ErrInvalid, len(f.Calls), MaxFindingCalls)
	}
	if err := validateHarness(f.Harness); err != nil {
		return err
	}
	for i, c := range f.Calls {
		if _, err := ParseCall(c); err != nil {
			return fmt.Errorf("call %d: %w", i+1, err)
		}
	}
	return nil
}

// ValidateSetup checks the names and values of a report's setup.
func ValidateSetup(s Setup) error {
	if s.SetUp != "" && !IsIdent(s.SetUp) {
		return fmt.Errorf("%w: setUp %q is not a contract name", ErrInvalid, s.SetUp)
	}
	if s.Token != "" {
		if _, err := parseAddress("token", s.Token); err != nil {
			return err
		}
	}
	if len(s.Contracts) > maxSetupContracts {
		return fmt.Errorf("%w: %d setup contracts, limit %d", ErrInvalid, len(s.Contracts), maxSetupContracts)
	}
	for _, d := range s.Contracts {
		if _, err := ParseDeployed(d); err != nil {
			return err
		}
	}
	return nil
}

func parseAddress(what, s string) (common.Address, error) {
	if !common.IsHexAddress(s) {
		return common.Address{}, fmt.Errorf("%w: %s %q is not an address", ErrInvalid, what, s)
	}
	return common.HexToAddress(s), nil
}

// parseWei parses a decimal amount of wei ("" is 0).
func parseWei(v *uint256.Int, what, s string) error {
	if s == "" {
		v.Clear()
		return nil
	}
	if len(s) > 78 || strings.Trim(s, "0123456789") != "" {
		return fmt.Errorf("%w: %s %q is not a decimal amount of wei", ErrInvalid, what, s)
	}
	if err := v.SetFromDecimal(s); err != nil {
		return fmt.Errorf("%w: %s %q is not a uint256: %v", ErrInvalid, what, s, err)
	}
	return nil
}

// ParseHex decodes hex with or without 0x ("" is empty); what names the
// value in the error.
func ParseHex(what, s string) ([]byte, error) {
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not hex: %v", ErrInvalid, what, err)
	}
	return b, nil
}

func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// printableUnit reports whether a source unit name has no control
// characters: a path, which the export writes as an escaped string.
func printableUnit(s string) bool {
	for _, r := range s {
		if r < ' ' || r == 0x7f {
			return false
		}
	}
	return true
}
