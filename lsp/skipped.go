package lsp

import (
	"bytes"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
)

// codeNotFuzzed is the diagnostic code of a contract the last campaign
// did not fuzz (engine.Report.Skipped, or test code).
const codeNotFuzzed = "not-fuzzed"

// A note says, on a contract's constructor (or its name), that the last
// campaign did not fuzz it, why and what to do. Like a finding, its range
// refers to src and moves with the text until an edit touches it.
type note struct {
	path       string
	src        *source
	start, end int
	contract   string
	skip       skipKind
	reason     string // the engine's words
}

// skipKind classifies why a contract was not fuzzed.
type skipKind struct {
	short    string // for the progress line: "constructor reverted"
	advice   string
	severity protocol.DiagnosticSeverity
}

var (
	skipReverted = skipKind{"constructor reverted", "Foresight deploys it with generated arguments and every try reverted: " +
		"deploy it from a Foundry test's setUp() (a test/ contract with setUp() and invariant_ functions) with arguments that work.",
		protocol.DiagnosticSeverityWarning}
	skipTooLarge = skipKind{"code too large", "Its runtime code is over EIP-170's 24,576 bytes: turn the optimizer on " +
		"(optimizer = true in foundry.toml) or split the contract.", protocol.DiagnosticSeverityWarning}
	skipLibrary = skipKind{"library missing", "A library it links could not be deployed: make the library compile and deploy " +
		"(it must be in the compiled files).", protocol.DiagnosticSeverityWarning}
	skipDeploy = skipKind{"not deployed", "Its deployment failed: deploy it from a Foundry test's setUp() instead.",
		protocol.DiagnosticSeverityWarning}
	skipNoFunctions = skipKind{"no callable functions", "It has no public or external function to call: " +
		"the contracts that use it are fuzzed instead.", protocol.DiagnosticSeverityInformation}
	skipSetUpFailed = skipKind{"setUp() failed", "Fix setUp(): until it runs, this test's invariants are not checked and its " +
		"targets are fuzzed plain.", protocol.DiagnosticSeverityWarning}
	skipOtherSetUp = skipKind{"another set-up ran", "A campaign starts from one Foundry set-up; " +
		"`foresight fuzz --setup` picks another.", protocol.DiagnosticSeverityInformation}
	skipTestCode = skipKind{"test code", "Test and script code (test/, script/, *.t.sol, *.s.sol) is fuzzed only through a " +
		"Foundry test's setUp(); move the contract out of test code to fuzz it on its own.", protocol.DiagnosticSeverityInformation}
)

// kindOf classifies a skip.
func kindOf(sk engine.Skipped) skipKind {
	if sk.Reason == "test code" {
		return skipTestCode
	}
	return classify(sk.Reason)
}

// classify names the kind of an engine skip reason.
func classify(reason string) skipKind {
	r := strings.ToLower(reason)
	switch {
	case strings.Contains(r, "code size"):
		return skipTooLarge
	case strings.Contains(r, "librar"):
		return skipLibrary
	case strings.Contains(r, "constructor failed"):
		if strings.Contains(r, "revert") {
			return skipReverted
		}
		return skipDeploy
	case strings.HasPrefix(r, "not deployed"):
		return skipDeploy
	case r == "no callable functions":
		return skipNoFunctions
	case strings.HasPrefix(r, "a campaign runs one foundry set-up"):
		return skipOtherSetUp
	case strings.HasPrefix(r, "not fuzzed"):
		return skipSetUpFailed
	}
	return skipDeploy
}

// diagnostic renders a note.
func (n *note) diagnostic() protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    n.src.toRange(n.start, n.end),
		Severity: n.skip.severity,
		Code:     codeNotFuzzed,
		Source:   sourceFindings,
		Message:  n.contract + " was not fuzzed: " + n.reason + ". " + n.skip.advice,
	}
}

// skippedOf lists what a finished campaign did not fuzz in the root files
// of its builds: the engine's skips and, in a campaign without a Foundry
// set-up, the contracts of test code. In such a campaign, a test
// contract's failed deployment is not news: it is test code either way.
func skippedOf(proj *solc.Project, builds []*solc.Build, rep *engine.Report) []engine.Skipped {
	var out []engine.Skipped
	noted := map[string]bool{}
	for _, sk := range rep.Skipped {
		k := classify(sk.Reason)
		if rep.SetUp == "" && sk.Unit != "" && proj.IsTestOrScript(unitPath(builds, sk.Unit)) &&
			k != skipSetUpFailed && k != skipOtherSetUp {
			continue
		}
		out = append(out, sk)
		noted[sk.Unit+":"+sk.Contract] = true
	}
	if rep.SetUp != "" {
		return out
	}
	for _, b := range builds {
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || !proj.IsTestOrScript(u.Path) || b.Output == nil {
				continue
			}
			for _, d := range contractDecls(b, unit) {
				if d.fuzzable && !noted[unit+":"+d.name] {
					noted[unit+":"+d.name] = true
					out = append(out, engine.Skipped{Contract: d.name, Unit: unit, Reason: "test code"})
				}
			}
		}
	}
	return out
}

// unitPath is the file of a unit of builds, or "".
func unitPath(builds []*solc.Build, unit string) string {
	for _, b := range builds {
		if u := b.Units[unit]; u != nil {
			return u.Path
		}
	}
	return ""
}

// placesOf finds where the note of each skip goes: its contract's
// declaration in builds, by "unit:contract". Parsing the ASTs takes a
// while, so it runs before the lock is taken.
func placesOf(builds []*solc.Build, skips []engine.Skipped) map[string]contractDecl {
	out := map[string]contractDecl{}
	parsed := map[string]bool{}
	for _, sk := range skips {
		for _, b := range builds {
			if b.Units[sk.Unit] == nil || b.Output == nil || parsed[sk.Unit] {
				continue
			}
			parsed[sk.Unit] = true
			for _, d := range contractDecls(b, sk.Unit) {
				out[sk.Unit+":"+d.name] = d
			}
		}
	}
	return out
}

// notesFor places skips on their contracts in the project's compiled text
// (lock held). A skip whose contract cannot be found is left out.
func notesFor(p *project, builds []*solc.Build, skips []engine.Skipped, places map[string]contractDecl) map[string][]*note {
	out := map[string][]*note{}
	for _, sk := range skips {
		d, ok := places[sk.Unit+":"+sk.Contract]
		path := unitPath(builds, sk.Unit)
		if !ok || path == "" || p.files[path] == nil {
			continue
		}
		var content []byte
		for _, b := range builds {
			if u := b.Units[sk.Unit]; u != nil {
				content = u.Content
				break
			}
		}
		if !bytes.Equal(p.files[path].src.content, content) {
			continue // the text changed since: the offsets would not fit
		}
		out[path] = append(out[path], &note{path: path, src: p.files[path].src, start: d.start, end: d.end,
			contract: sk.Contract, skip: kindOf(sk), reason: sk.Reason})
	}
	return out
}

// setNotesLocked makes notes the project's and returns the files whose
// notes changed.
func (p *project) setNotesLocked(notes map[string][]*note) []string {
	var paths []string
	for path := range p.notes {
		paths = append(paths, path)
	}
	for path := range notes {
		if p.notes[path] == nil {
			paths = append(paths, path)
		}
	}
	p.notes = notes
	return paths
}

// summary is the progress line of skips: "Vault (constructor reverted),
// Lib (no callable functions)".
func summary(skips []engine.Skipped) string {
	var parts []string
	for _, sk := range skips {
		parts = append(parts, sk.Contract+" ("+kindOf(sk).short+")")
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), ", ")
}

// moveNotes carries a file's notes to its new text, dropping those the
// edit touched.
func moveNotes(ns []*note, old, nf *fileState, hunks []hunk) []*note {
	var kept []*note
	for _, n := range ns {
		if n.src != old.src {
			continue
		}
		start, end, ok := relocate(old.src, nf.src, hunks, n.start, n.end)
		if !ok {
			continue
		}
		moved := *n
		moved.src, moved.start, moved.end = nf.src, start, end
		kept = append(kept, &moved)
	}
	return kept
}

// notesAtLocked returns the notes of a file.
func (s *server) notesAtLocked(path string) []*note {
	var out []*note
	for _, p := range s.projects {
		out = append(out, p.notes[path]...)
	}
	return out
}

// A contractDecl is a contract of a source unit's AST and where a note
// about it goes: its constructor's first line, else its name.
type contractDecl struct {
	name       string
	fuzzable   bool // a contract (not an interface, library or abstract contract)
	start, end int
}

// contractDecls lists the contracts a unit of b defines.
func contractDecls(b *solc.Build, unit string) []contractDecl {
	out, ok := b.Output.Sources[unit]
	u := b.Units[unit]
	if !ok || u == nil {
		return nil
	}
	ast, err := solc.ParseAST(out.AST)
	if err != nil {
		return nil
	}
	var decls []contractDecl
	nodes, _ := ast["nodes"].([]any)
	for _, raw := range nodes {
		n, ok := raw.(map[string]any)
		if !ok || solc.Node(n).Type() != "ContractDefinition" {
			continue
		}
		c := solc.Node(n)
		start, end, _, ok := c.Src()
		if !ok {
			continue
		}
		d := contractDecl{name: c.String("name"), start: start, end: lineEnd(u.Content, start, end),
			fuzzable: c.String("contractKind") == "contract" && !c.Bool("abstract")}
		name := solc.Node{"src": c.String("nameLocation")}
		if s, e, _, ok := name.Src(); ok && e > s {
			d.start, d.end = s, e
		}
		if s, e, ok := constructorOf(c); ok {
			d.start, d.end = s, lineEnd(u.Content, s, e)
		}
		decls = append(decls, d)
	}
	return decls
}

// constructorOf returns the byte range of a contract's constructor.
func constructorOf(c solc.Node) (int, int, bool) {
	members, _ := c["nodes"].([]any)
	for _, raw := range members {
		m, ok := raw.(map[string]any)
		fn := solc.Node(m)
		if !ok || fn.Type() != "FunctionDefinition" || fn.String("kind") != "constructor" && !fn.Bool("isConstructor") {
			continue
		}
		start, end, _, ok := fn.Src()
		return start, end, ok
	}
	return 0, 0, false
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
