package engine

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/solc"
)

// ErrFoundryTest is wrapped by errors about a finding that cannot be
// written as a Foundry test (its setup is incomplete, a contract is gone).
var ErrFoundryTest = foundry.ErrTest

// FoundryTest renders a finding as a Foundry test that reproduces it
// (engine/foundry): it checks what the export writes of the finding and
// its setup, parses their values, and hands the typed values over, so
// the test is built from values and identifiers, never from a report's
// text (soltext.go). A field that does not check is an error, not an
// export.
func FoundryTest(f Finding, setup Setup, builds []*solc.Build) (path string, source string, err error) {
	if len(f.Calls) == 0 {
		return "", "", fmt.Errorf("%w: the finding has no transactions", ErrFoundryTest)
	}
	ff, fs, err := exportValues(f, setup)
	if err != nil {
		return "", "", fmt.Errorf("%w: %w", ErrFoundryTest, err)
	}
	ff.Stored = storedEffect(builds, setup, f) // exporteffect.go
	return foundry.Test(ff, fs, builds)
}

// exportValues checks f and setup and parses them into the exporter's
// typed values.
func exportValues(f Finding, setup Setup) (foundry.Finding, foundry.Setup, error) {
	var ff foundry.Finding
	var fs foundry.Setup
	if err := ValidateFinding(f); err != nil {
		return ff, fs, err
	}
	if err := ValidateSetup(setup); err != nil {
		return ff, fs, err
	}
	if !isIdent(f.Contract) {
		return ff, fs, fmt.Errorf("%w: contract %q is not a contract name", ErrBadReport, f.Contract)
	}
	code, ok := panicCode(f.Kind)
	if strings.HasPrefix(f.Kind, "panic-") && !ok {
		return ff, fs, fmt.Errorf("%w: kind %q has no panic code", ErrBadReport, f.Kind)
	}
	ff = foundry.Finding{
		Kind: f.Kind, Title: f.Title, Detail: f.Detail, Contract: f.Contract, Check: f.Check, Panic: code,
		HasLocation: f.Path != "", Unit: f.Unit, Line: f.Line, Column: f.Column, Seed: f.Seed,
	}
	for i, c := range f.Calls {
		v, err := parseCall(c)
		if err != nil {
			return ff, fs, fmt.Errorf("call %d: %w", i+1, err)
		}
		ff.Calls = append(ff.Calls, foundry.Call{
			Contract: c.Contract, To: v.to, HasTo: v.hasTo, Sender: v.sender,
			ViaAttacker: c.Attacker != "", Attacker: v.attacker, From: v.name(c), Text: c.String(),
			Value: v.value, Input: v.input, Blocks: c.Blocks, Seconds: c.Seconds,
		})
	}
	fs, err := exportSetup(setup)
	return ff, fs, err
}

// exportSetup parses a setup ValidateSetup checked.
func exportSetup(setup Setup) (foundry.Setup, error) {
	fs := foundry.Setup{SetUp: setup.SetUp, HasToken: setup.Token != ""}
	if fs.HasToken {
		fs.Token = common.HexToAddress(setup.Token)
	}
	for _, d := range setup.Contracts {
		v, err := parseDeployed(d)
		if err != nil {
			return fs, err
		}
		fd := foundry.Deployed{
			Name: d.Name, Unit: d.Unit, Address: v.addr, HasAddress: v.hasAddr,
			CtorArgs: v.ctorArgs, CtorValue: v.ctorValue, Order: d.Order,
		}
		for _, g := range d.Grants {
			input, err := parseHex("grant input", g.Input)
			if err != nil {
				return fs, err
			}
			fd.Grants = append(fd.Grants, foundry.Grant{From: common.HexToAddress(g.From), To: common.HexToAddress(g.To), Input: input})
		}
		fs.Contracts = append(fs.Contracts, fd)
	}
	if fk := setup.Fork; fk != nil {
		fs.Fork = &foundry.Fork{URL: fk.URL, Redacted: fk.Redacted, Block: fk.Block, ChainID: fk.ChainID}
		for _, t := range fk.Targets {
			fs.Fork.Targets = append(fs.Fork.Targets, foundry.ForkTarget{Address: common.HexToAddress(t.Address), Contract: t.Contract})
		}
	}
	return fs, nil
}
