package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// This file writes the property skeleton a survivor's hint offers
// (mutants_command.go): an invariant_* stub on the state the mutated
// function writes, at the end of the invariant suite that ran beside the
// mutants (the one that holds a variable of the mutated contract, if
// any), else in a new test file of the project's test folder. It is a
// stub: its body says what to state, and it holds until someone does.

// A skeleton is where a stub goes and what it says.
type skeleton struct {
	// suite is the test file the stub goes into, at, in the text of
	// version (nil: not open); "" for a new file rel under the project.
	suite   string
	version *int32
	at      protocol.Position
	rel     string
	text    string
}

// skeletonLocked places the stub for mutant m of project p.
func (s *server) skeletonLocked(p *project, m *shownMutant) skeleton {
	contract, fn := enclosingName(p.state.File(m.Path), m.Start)
	state := stateWritten(p.mutants.shown, m, contract+"."+fn)
	base := "invariant_" + fn
	if state != "" {
		base += "_" + state
	}
	desc := strings.Join(strings.Fields(m.Description), " ")
	why := fmt.Sprintf("No property noticed %s in %s.%s (%s:%d).", desc, contract, fn, m.Unit, m.Line)
	var best *skeleton
	for _, suite := range p.mutants.suites {
		fs := p.state.File(suite)
		if fs == nil {
			continue
		}
		test, start, end := suiteContract(fs)
		if test == "" {
			continue
		}
		v := newView(fs.Text, s.docs[suite])
		at, _, ok := v.place(end, end)
		if !ok {
			continue // the edit touched it: the next save's compile places it
		}
		target := contractVar(string(fs.Text.Content()[start:end]), contract)
		sk := skeleton{suite: suite, at: rangeIn(v.cur, at, at).Start,
			text: stub(uniqueName(string(v.cur.Content()), base), why, state, target)}
		if d := s.docs[suite]; d != nil {
			version := d.version
			sk.version = &version
		}
		if best == nil || target != "" {
			best = &sk
		}
		if target != "" {
			break
		}
	}
	if best != nil {
		return *best
	}
	return newSuite(p, m, contract, base, why, state)
}

// newSuite is a test file of its own for the stub, when no suite ran:
// it deploys the contract with no arguments, which the author adjusts.
func newSuite(p *project, m *shownMutant, contract, name, why, state string) skeleton {
	testDir := "test"
	if p.layout != nil && p.layout.Test != "" {
		testDir = p.layout.Test
	}
	imp, err := filepath.Rel(filepath.Join(p.root, testDir), m.Path)
	if err != nil {
		imp = m.Path
	}
	imp = filepath.ToSlash(imp)
	if !strings.HasPrefix(imp, ".") {
		imp = "./" + imp
	}
	pragma := "pragma solidity >=0.8.0;"
	if loc := pragmaRe.FindIndex(m.src.Content()); loc != nil {
		pragma = string(m.src.Content()[loc[0]:loc[1]])
	}
	target := strings.ToLower(contract[:1]) + contract[1:]
	text := fmt.Sprintf(`// SPDX-License-Identifier: UNLICENSED
%s

import {%s} from %s;

/// Invariants for the mutants of %s that no property noticed.
contract %sMutantsTest {
    %s internal %s;

    function setUp() public {
        %s = new %s(); // TODO: its constructor's arguments, funding, the accounts that call it
    }%s
}
`, pragma, contract, strconv.Quote(imp), contract, contract, contract, target, target, contract, stub(name, why, state, target))
	return skeleton{rel: filepath.ToSlash(filepath.Join(testDir, contract+"Mutants.t.sol")), text: text}
}

// writeSkeleton applies a skeleton and returns the file it went into.
func (s *server) writeSkeleton(ctx context.Context, root string, sk skeleton) (string, error) {
	if sk.suite == "" {
		return s.createNew(ctx, root, sk.rel, sk.text, "Foresight: property skeleton")
	}
	u := uriOf(sk.suite)
	err := s.applyEdit(ctx, sk.suite, applyEditParams{
		Label: "Foresight: property skeleton",
		Edit: workspaceEdit{DocumentChanges: []any{
			textDocumentEdit{TextDocument: optionalVersionedID{URI: u, Version: sk.version}, Edits: []protocol.TextEdit{{Range: protocol.Range{Start: sk.at, End: sk.at}, NewText: sk.text}}},
		}},
	})
	if err != nil {
		return "", err
	}
	return sk.suite, nil
}

// stub is the invariant, indented as a contract member, with a blank
// line before it; target names the mutated contract's instance, if known.
func stub(name, why, state, target string) string {
	subject, example := "the state the line affects", fmt.Sprintf("require(<what must hold>, %q);", name)
	if state != "" {
		subject = state
		if target != "" {
			example = fmt.Sprintf("require(<a bound on %s.%s(...)>, %q);", target, state, name)
		}
	}
	return fmt.Sprintf(`

    /// %s
    /// State what must hold of %s: this mutant should make it fail.
    function %s() public view {
        // TODO: e.g. %s
    }`, why, subject, name, example)
}

var (
	pragmaRe = regexp.MustCompile(`pragma\s+solidity\s+[^;]+;`)
	assignRe = regexp.MustCompile(`^\s*(?:delete\s+)?([A-Za-z_]\w*)`)
)

// stateWritten names the state variable the mutated function writes, as
// its state-write mutants edit it: the one on the mutant's line, else the
// nearest after it, else before it; "" when none is shown.
func stateWritten(shown map[string]*shownMutant, m *shownMutant, fn string) string {
	best, dist := "", -1
	for _, x := range shown {
		if x.Operator != mutant.StateWrite || x.Function != fn || x.Path != m.Path {
			continue
		}
		sub := assignRe.FindStringSubmatch(x.Original)
		if sub == nil {
			continue
		}
		d := x.Line - m.Line
		if d < 0 {
			d = 1000 - d // before the line: after every line after it
		}
		if dist < 0 || d < dist || d == dist && sub[1] < best {
			best, dist = sub[1], d
		}
	}
	return best
}

// enclosingName is the contract and function around offset at ("" and
// "state" outside a function).
func enclosingName(fs *session.File, at int) (string, string) {
	if fs != nil {
		if fn := session.Enclosing(fs.Functions, at, at); fn != nil {
			name := fn.Name
			if name == "" {
				name = fn.Kind
			}
			return fn.Contract, name
		}
	}
	return "Contract", "state"
}

// suiteContract is a suite file's test contract (the one with setUp) and
// the byte range from its declaration to its last function's end.
func suiteContract(fs *session.File) (name string, start, end int) {
	for _, fn := range fs.Functions {
		if fn.Name == "setUp" {
			name = fn.Contract
		}
	}
	if name == "" {
		return "", 0, 0
	}
	start = -1
	for _, fn := range fs.Functions {
		if fn.Contract == name {
			if start < 0 || fn.Start < start {
				start = fn.Start
			}
			end = max(end, fn.End)
		}
	}
	decl := regexp.MustCompile(`\b(?:abstract\s+)?contract\s+` + regexp.QuoteMeta(name) + `\b`)
	if locs := decl.FindAllIndex(fs.Text.Content()[:start], -1); len(locs) > 0 {
		start = locs[len(locs)-1][0]
	}
	return name, start, end
}

// contractVar is the name of a variable of type contract declared in
// text ("vault" of "Vault public vault;"), or "".
func contractVar(text, contract string) string {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(contract) + `\s+(?:(?:public|internal|private|immutable)\s+)*([A-Za-z_]\w*)\s*[;=]`)
	if sub := re.FindStringSubmatch(text); sub != nil {
		return sub[1]
	}
	return ""
}

// uniqueName is base, or base_2, base_3, ... when text defines it.
func uniqueName(text, base string) string {
	name := base
	for i := 2; strings.Contains(text, "function "+name+"("); i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	return name
}
