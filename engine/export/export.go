package export

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
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
func FoundryTest(f report.Finding, setup report.Setup, builds []*solc.Build) (path string, source string, err error) {
	return FoundryTestWith(f, setup, builds, Options{})
}

// Options say how FoundryTestWith writes a test.
type Options struct {
	// Style: a regression test (the default) fails while the bug is
	// there; a proof passes while it is (foundry.Style).
	Style foundry.Style
	// N is the finding's number in its report, for the test's name
	// (test_<function>_<kind>_<N>); 0 is 1.
	N int
	// Prefix is the builds' project root relative to the project the
	// test is written into, and Project that project when it is not the
	// builds' (foundry.Finding.Prefix, Project; plan.ExportDest):
	// a dependency's package compiled as a project of its own, exported
	// into the user's.
	Prefix  string
	Project *solc.Project
}

// FoundryTestWith is FoundryTest with options.
func FoundryTestWith(f report.Finding, setup report.Setup, builds []*solc.Build, opts Options) (path string, source string, err error) {
	if len(f.Calls) == 0 {
		return "", "", fmt.Errorf("%w: the finding has no transactions", ErrFoundryTest)
	}
	ff, fs, err := exportValues(f, setup)
	if err != nil {
		return "", "", fmt.Errorf("%w: %w", ErrFoundryTest, err)
	}
	if finding.Describe(finding.Kind(f.Kind)).Export.Harm.Has(finding.HarmBlockData) {
		// Bad randomness: a branch on the block's data, which forge's
		// chain has otherwise (foundry/effectblock.go).
		v := replay.ChainVersion(builds)
		ff.ChainBlocks, ff.PrevRandao = true, v == "" || chain.NotBefore(v, "paris")
	}
	ff.Style, ff.N, ff.Prefix, ff.Project = opts.Style, opts.N, opts.Prefix, opts.Project
	exportEffect(builds, setup, f, &ff) // exporteffect.go
	return foundry.Test(ff, fs, builds)
}

// exportValues checks f and setup and parses them into the exporter's
// typed values.
func exportValues(f report.Finding, setup report.Setup) (foundry.Finding, foundry.Setup, error) {
	var ff foundry.Finding
	var fs foundry.Setup
	if err := report.ValidateFinding(f); err != nil {
		return ff, fs, err
	}
	if err := report.ValidateSetup(setup); err != nil {
		return ff, fs, err
	}
	if !report.IsIdent(f.Contract) {
		return ff, fs, fmt.Errorf("%w: contract %q is not a contract name", report.ErrInvalid, f.Contract)
	}
	code, ok := finding.ParsePanic(finding.Kind(f.Kind))
	if finding.IsPanic(finding.Kind(f.Kind)) && !ok {
		return ff, fs, fmt.Errorf("%w: kind %q has no panic code", report.ErrInvalid, f.Kind)
	}
	ff = foundry.Finding{
		Kind: f.Kind, Title: f.Title, Detail: f.Detail, Contract: f.Contract, Check: f.Check, Panic: code,
		HasLocation: f.Path != "", Unit: f.Unit, Line: f.Line, Column: f.Column, Seed: f.Seed,
	}
	for i, c := range f.Calls {
		v, err := report.ParseCall(c)
		if err != nil {
			return ff, fs, fmt.Errorf("call %d: %w", i+1, err)
		}
		ff.Calls = append(ff.Calls, foundry.Call{
			Contract: c.Contract, To: v.To, HasTo: v.HasTo, Sender: v.Sender,
			ViaAttacker: c.Attacker != "", Attacker: deploy.Attacker(v.Attacker), From: render.CheckedSenderName(v, c), Text: c.String(),
			Value: v.Value, Input: v.Input, Blocks: c.Blocks, Seconds: c.Seconds,
		})
	}
	fs, err := exportSetup(setup)
	return ff, fs, err
}

// exportSetup parses a setup ValidateSetup checked.
func exportSetup(setup report.Setup) (foundry.Setup, error) {
	fs := foundry.Setup{SetUp: setup.SetUp, HasToken: setup.Token != ""}
	if fs.HasToken {
		fs.Token = common.HexToAddress(setup.Token)
	}
	for _, d := range setup.Contracts {
		v, err := report.ParseDeployed(d)
		if err != nil {
			return fs, err
		}
		fd := foundry.Deployed{
			Name: d.Name, Unit: d.Unit, Address: v.Addr, HasAddress: v.HasAddr,
			CtorArgs: v.CtorArgs, CtorValue: v.CtorValue, Order: d.Order,
		}
		for _, g := range d.Grants {
			input, err := report.ParseHex("grant input", g.Input)
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
