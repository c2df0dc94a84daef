package session

import (
	"bytes"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// A Why classifies why a contract was not fuzzed, so that the command
// line and the editor word and place it alike.
type Why int

const (
	Fuzzed Why = iota
	Interface
	Abstract
	Library
	// SetUpContract: the Foundry test contract whose setUp() deployed the
	// contracts fuzzed.
	SetUpContract
	// NotNamed: outside --contract's list (the editor's "Fuzz this
	// file": another file's contract).
	NotNamed
	NotImplemented
	// NotRun: deployed, but the campaign ran no input.
	NotRun
	TestCode
	Reverted
	TooLarge
	LibraryMissing
	NotDeployed
	NoFunctions
	SetUpFailed
	OtherSetUp
)

// whyText is a Why's short form, for progress lines, and what to do.
var whyText = map[Why][2]string{
	Reverted: {report.SkipReverted.String(), "Foresight deploys it with generated arguments and every try reverted: " +
		"deploy it from a Foundry test's setUp() (a test/ contract with setUp() and invariant_ functions) with arguments that work."},
	TooLarge: {report.SkipTooLarge.String(), "Its runtime code is over EIP-170's 24,576 bytes: turn the optimizer on " +
		"(optimizer = true in foundry.toml) or split the contract."},
	LibraryMissing: {report.SkipLibraryMissing.String(), "A library it links could not be deployed: make the library compile and deploy " +
		"(it must be in the compiled files)."},
	NotDeployed: {report.SkipNotDeployed.String(), "Its deployment failed: deploy it from a Foundry test's setUp() instead."},
	NoFunctions: {report.SkipNoFunctions.String(), "It has no public or external function to call: " +
		"the contracts that use it are fuzzed instead."},
	SetUpFailed: {report.SkipSetUpFailed.String(), "Fix setUp(): until it runs, this test's invariants are not checked and its " +
		"targets are fuzzed plain."},
	OtherSetUp: {report.SkipOtherSetUp.String(), "A campaign starts from one Foundry set-up; " +
		"`foresight fuzz --setup` picks another."},
	TestCode: {"test code", "Test and script code (test/, script/, *.t.sol, *.s.sol) is fuzzed only through a " +
		"Foundry test's setUp(); move the contract out of test code to fuzz it on its own."},
}

// Short is the progress line's form: "constructor reverted".
func (w Why) Short() string { return whyText[w][0] }

// Advice says what to do about it ("" when nothing is to be done).
func (w Why) Advice() string { return whyText[w][1] }

// Noted says whether it is news about the contract: the editor notes it
// on the contract, and both front ends list it as skipped. An interface,
// a library, the set-up's own test contract, one outside --contract's
// list or a campaign that ran nothing at all is said elsewhere, or not
// at all.
func (w Why) Noted() bool { return w >= TestCode }

// whyOf is the kind of the engine's skip reason.
func whyOf(r report.SkipReason) Why {
	switch r {
	case report.SkipReverted:
		return Reverted
	case report.SkipTooLarge:
		return TooLarge
	case report.SkipLibraryMissing:
		return LibraryMissing
	case report.SkipNoFunctions:
		return NoFunctions
	case report.SkipSetUpFailed:
		return SetUpFailed
	case report.SkipOtherSetUp:
		return OtherSetUp
	}
	return NotDeployed
}

// A Status is one contract of the files a campaign fuzzed: fuzzed, or
// not and why, and where a note about it goes. The JSON report lists
// them, so that it accounts for every contract.
type Status struct {
	Name   string `json:"name"`
	Unit   string `json:"unit"`
	Kind   string `json:"kind"` // contract, abstract, interface or library
	Fuzzed bool   `json:"fuzzed"`
	Reason string `json:"reason,omitempty"`
	// Skip is the short form of a noted reason (Why.Noted: "constructor
	// reverted"), the one the editor's progress line gives; "" otherwise.
	Skip string `json:"skip,omitempty"`
	// Line is the one-based line of the place (0: none found).
	Line int `json:"line,omitempty"`
	Why  Why `json:"-"`
	// Path is the unit's file; Start and End the place in its compiled
	// text (Content): the constructor's first line, else the name.
	Path       string `json:"-"`
	Content    []byte `json:"-"`
	Start, End int    `json:"-"`
}

// Statuses lists every contract defined in the builds' root units (the
// files fuzzed, not their imports) with whether the campaign of rep
// fuzzed it, and why not, then the contracts a Foundry set-up deployed
// and the campaign fuzzed that no root unit defines (a handler the test
// imports). only is the campaign's list of contracts (nil: all).
func Statuses(builds []*solc.Build, rep *engine.Report, only []string) []Status {
	var out []Status
	for _, b := range builds {
		for _, unit := range b.Roots {
			u := b.Units[unit]
			for _, d := range b.Contracts(unit) {
				s := Status{Name: d.Name, Unit: unit, Kind: d.Kind}
				if d.Abstract {
					s.Kind = "abstract"
				}
				if u != nil {
					s.Path, s.Content = u.Path, u.Content
					s.Start, s.End = place(u.Content, d)
					s.Line = 1 + bytes.Count(u.Content[:min(s.Start, len(u.Content))], []byte("\n"))
				}
				test := b.Project != nil && u != nil && b.Project.IsTestOrScript(u.Path)
				s.Why, s.Reason = statusOf(s, test, rep, only)
				s.Fuzzed = s.Why == Fuzzed
				if s.Why.Noted() {
					s.Skip = s.Why.Short()
				}
				out = append(out, s)
			}
		}
	}
	return append(out, setUpTargets(rep, out)...)
}

// Skips are the noted statuses (Why.Noted) of a run: its direct
// campaign's over builds, then each suite's over the suite's own builds,
// each contract once.
func Skips(builds []*solc.Build, rep *engine.Report, only []string, runs []SuiteRun) []Status {
	var out []Status
	seen := map[string]bool{}
	add := func(ss []Status) {
		for _, s := range ss {
			if !s.Fuzzed && s.Why.Noted() && !seen[s.Unit+":"+s.Name] {
				seen[s.Unit+":"+s.Name] = true
				out = append(out, s)
			}
		}
	}
	add(Statuses(builds, rep, only))
	for _, r := range runs {
		if r.Report != nil {
			add(Statuses(r.Builds, r.Report, nil))
		}
	}
	return out
}

// Summary is the progress line of skips: "Vault (constructor reverted),
// Lib (no callable functions)".
func Summary(skips []Status) string {
	var parts []string
	for _, s := range skips {
		parts = append(parts, s.Name+" ("+s.Why.Short()+")")
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), ", ")
}

// place is where a note about d goes: its constructor's first line, else
// its name, else its definition's first line.
func place(content []byte, d solc.ContractDef) (int, int) {
	switch {
	case d.CtorStart >= 0:
		return d.CtorStart, lineEnd(content, d.CtorStart, d.CtorEnd)
	case d.NameStart >= 0:
		return d.NameStart, d.NameEnd
	}
	return d.Start, lineEnd(content, d.Start, d.End)
}

// lineEnd is the end of the first line of content[start:end], without
// trailing blanks or an opening brace.
func lineEnd(content []byte, start, end int) int {
	end = min(end, len(content))
	if start >= end {
		return start
	}
	if i := bytes.IndexByte(content[start:end], '\n'); i >= 0 {
		end = start + i
	}
	return start + len(bytes.TrimRight(content[start:end], " \t\r{"))
}

// statusOf says whether c was fuzzed, and if not why. In a campaign
// without a Foundry set-up, a contract of test code was not fuzzed
// because it is test code, whatever its deployment did, unless the skip
// is about a set-up.
func statusOf(c Status, test bool, rep *engine.Report, only []string) (Why, string) {
	switch c.Kind {
	case "interface":
		return Interface, "interface: no code"
	case "abstract":
		return Abstract, "abstract: no code of its own; its functions are fuzzed in the contracts that inherit them"
	case "library":
		return Library, "library: its functions run inside the contracts that call them"
	}
	for _, sk := range rep.Skipped {
		if sk.Contract == c.Name && (sk.Unit == "" || sk.Unit == c.Unit) {
			if w := whyOf(sk.Kind); !test || rep.SetUp != "" || w == SetUpFailed || w == OtherSetUp {
				return w, sk.Reason
			}
			return TestCode, "test code"
		}
	}
	if rep.SetUp != "" && c.Name == rep.SetUp {
		return SetUpContract, "Foundry test contract: its setUp() deployed the contracts fuzzed"
	}
	if test && rep.SetUp == "" && (!deployed(c, rep) || len(only) > 0 && !slices.Contains(only, c.Name)) {
		return TestCode, "test code"
	}
	if len(only) > 0 && !slices.Contains(only, c.Name) {
		return NotNamed, "not named by --contract"
	}
	for _, d := range rep.Setup.Contracts {
		if d.Name != c.Name || d.Unit != c.Unit {
			continue
		}
		if d.Error != "" {
			return whyOf(d.Skip), d.Error
		}
		if d.Address != "" && rep.Execs > 0 {
			return Fuzzed, ""
		}
		return NotRun, reasonNotRun(rep)
	}
	return NotImplemented, "no code to deploy: not fully implemented"
}

// deployed says whether the campaign deployed c.
func deployed(c Status, rep *engine.Report) bool {
	return slices.ContainsFunc(rep.Setup.Contracts, func(d report.Deployed) bool {
		return d.Name == c.Name && d.Unit == c.Unit && d.Address != ""
	})
}

// setUpTargets are the contracts a Foundry set-up deployed and the
// campaign fuzzed that no listed unit defines.
func setUpTargets(rep *engine.Report, listed []Status) []Status {
	if rep.SetUp == "" {
		return nil
	}
	var out []Status
	for _, d := range rep.Setup.Contracts {
		if d.Address == "" || d.Name == rep.SetUp || slices.ContainsFunc(listed, func(c Status) bool { return c.Name == d.Name && c.Unit == d.Unit }) {
			continue
		}
		s := Status{Name: d.Name, Unit: d.Unit, Kind: "contract", Fuzzed: rep.Execs > 0, Reason: reasonNotRun(rep)}
		if !s.Fuzzed {
			s.Why = NotRun
		}
		out = append(out, s)
	}
	return out
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
