package main

import (
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// contractStatus is one contract of the files fuzzed, in the JSON report:
// fuzzed, or not and why, so that a report accounts for every contract.
type contractStatus struct {
	Name   string `json:"name"`
	Unit   string `json:"unit"`
	Kind   string `json:"kind"` // contract, abstract, interface or library
	Fuzzed bool   `json:"fuzzed"`
	Reason string `json:"reason,omitempty"`
}

// contractStatuses lists every contract defined in the builds' root units
// (the files given, not their imports) with whether the campaign fuzzed
// it; only is --contract's list.
func contractStatuses(builds []*solc.Build, rep *engine.Report, only []string) []contractStatus {
	var out []contractStatus
	for _, b := range builds {
		for _, unit := range b.Roots {
			for _, d := range definedContracts(b, unit) {
				s := contractStatus{Name: d.name, Unit: unit, Kind: d.kind}
				s.Fuzzed, s.Reason = statusOf(s, rep, only)
				out = append(out, s)
			}
		}
	}
	return append(out, setUpTargets(rep, out)...)
}

// setUpTargets are the contracts a Foundry set-up deployed and the
// campaign fuzzed that no file given defines (a handler the test
// imports).
func setUpTargets(rep *engine.Report, listed []contractStatus) []contractStatus {
	if rep.SetUp == "" {
		return nil
	}
	var out []contractStatus
	for _, d := range rep.Setup.Contracts {
		if d.Address == "" || d.Name == rep.SetUp || slices.ContainsFunc(listed, func(c contractStatus) bool { return c.Name == d.Name && c.Unit == d.Unit }) {
			continue
		}
		out = append(out, contractStatus{Name: d.Name, Unit: d.Unit, Kind: "contract", Fuzzed: rep.Execs > 0, Reason: reasonNotRun(rep)})
	}
	return out
}

// statusOf says whether c was fuzzed, and if not why.
func statusOf(c contractStatus, rep *engine.Report, only []string) (bool, string) {
	switch c.Kind {
	case "interface":
		return false, "interface: no code"
	case "abstract":
		return false, "abstract: no code of its own; its functions are fuzzed in the contracts that inherit them"
	case "library":
		return false, "library: its functions run inside the contracts that call them"
	}
	for _, sk := range rep.Skipped {
		if sk.Contract == c.Name && (sk.Unit == "" || sk.Unit == c.Unit) {
			return false, sk.Reason
		}
	}
	if rep.SetUp != "" && c.Name == rep.SetUp {
		return false, "Foundry test contract: its setUp() deployed the contracts fuzzed"
	}
	if len(only) > 0 && !slices.Contains(only, c.Name) {
		return false, "not named by --contract"
	}
	for _, d := range rep.Setup.Contracts {
		if d.Name != c.Name || d.Unit != c.Unit {
			continue
		}
		if d.Error != "" {
			return false, d.Error
		}
		return d.Address != "" && rep.Execs > 0, reasonNotRun(rep)
	}
	return false, "no code to deploy: not fully implemented"
}

// reasonNotRun is the reason for a deployed contract the campaign did not
// run: it ran nothing at all.
func reasonNotRun(rep *engine.Report) string {
	if rep.Execs > 0 {
		return ""
	}
	if rep.Note != "" {
		return rep.Note
	}
	return "the campaign ran no input"
}

type definedContract struct{ name, kind string }

// definedContracts reads the contracts unit defines from its AST, in
// source order, with their kind (abstract contracts as "abstract").
func definedContracts(b *solc.Build, unit string) []definedContract {
	src, ok := b.Output.Sources[unit]
	if !ok {
		return nil
	}
	ast, err := solc.ParseAST(src.AST)
	if err != nil {
		return nil
	}
	var out []definedContract
	solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
		if n.Type() != "ContractDefinition" {
			return true
		}
		kind := n.String("contractKind")
		if n.Bool("abstract") {
			kind = "abstract"
		}
		out = append(out, definedContract{n.String("name"), kind})
		return false
	})
	return out
}

// notCompiled lists the files given whose builds have errors.
func notCompiled(broken []*solc.Build) []string {
	var out []string
	for _, b := range broken {
		for _, r := range b.Roots {
			if u := b.Units[r]; u != nil && u.Path != "" {
				out = append(out, u.Path)
			} else {
				out = append(out, r)
			}
		}
	}
	return out
}

// compileErrors are the errors of the broken builds, one line each as the
// text format prints them.
func compileErrors(broken []*solc.Build) []string {
	var b strings.Builder
	for _, bd := range broken {
		printErrors(&b, bd)
	}
	var out []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.Contains(l, ": error: ") {
			out = append(out, l)
		}
	}
	return out
}
