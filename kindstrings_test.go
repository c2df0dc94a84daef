package foresight

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
)

// A finding kind is one record in engine/finding (Spec): no other
// non-test Go file spells a kind's string, so what a kind means, says and
// exports cannot drift apart between the oracles, the messages, the
// explanations, SARIF and the Foundry export.

// recordDir holds the kinds' record, the one place their strings are.
const recordDir = "engine/finding"

// kindToken matches the strings that name a kind whatever the registry
// lists: an SWC id, a panic kind or its prefix.
var kindToken = regexp.MustCompile(`SWC-[0-9]+|panic-`)

// rawKindStrings lists, for the non-test Go files under root outside
// recordDir, the string literals that spell a finding kind: any that
// holds an SWC id, a panic kind or a hyphenated kind of kinds, and any
// that equals a one-word kind ("property") where it is compared or keys
// a table (elsewhere such a word is prose or a function-name prefix).
func rawKindStrings(t *testing.T, root string, kinds []finding.Kind) []string {
	t.Helper()
	var hyphenated, words []string
	for _, k := range kinds {
		if strings.Contains(string(k), "-") {
			hyphenated = append(hyphenated, string(k))
		} else {
			words = append(words, string(k))
		}
	}
	var out []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" ||
			d.Name() == "testdata" || rel == "third_party" || rel == recordDir) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		compared := comparedLiterals(f)
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if spellsKind(s, hyphenated) || compared[lit] && contains(words, s) {
				out = append(out, fmt.Sprintf("%s:%d: %s spells a finding kind: use engine/finding's constants or records",
					rel, fset.Position(lit.Pos()).Line, lit.Value))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// spellsKind reports whether s holds an SWC id, a panic kind or one of
// the hyphenated kinds.
func spellsKind(s string, hyphenated []string) bool {
	if kindToken.MatchString(s) {
		return true
	}
	for _, k := range hyphenated {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}

// comparedLiterals are f's string literals that are compared (== or !=),
// a switch's case or a composite literal's key.
func comparedLiterals(f *ast.File) map[*ast.BasicLit]bool {
	out := map[*ast.BasicLit]bool{}
	mark := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok {
			out[lit] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				mark(n.X)
				mark(n.Y)
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				mark(e)
			}
		case *ast.KeyValueExpr:
			mark(n.Key)
		}
		return true
	})
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestNoRawKindStrings checks that no non-test Go file outside
// engine/finding spells a finding kind's string.
func TestNoRawKindStrings(t *testing.T) {
	kinds := finding.Kinds()
	if len(kinds) == 0 {
		t.Fatal("engine/finding lists no kinds")
	}
	for _, v := range rawKindStrings(t, ".", kinds) {
		t.Error(v)
	}
}

// TestRawKindStringsCaught runs the check on a tree that spells kinds in
// each way it catches, beside strings it allows, so TestNoRawKindStrings
// can fail.
func TestRawKindStringsCaught(t *testing.T) {
	dir := t.TempDir()
	bad := `package x

func f(kind string) bool {
	switch kind {
	case "property":
		return true
	}
	m := map[string]bool{"invariant": true}
	_ = "see SWC-115 first"
	_ = len("panic-0x11")
	return kind == "assert-failure" || kind != "owner-lock" || m[kind]
}
`
	good := `package x

import "strings"

// f is about SWC-115 and panic-0x11 in a comment only.
func f(name string) bool { return strings.HasPrefix(name, "invariant") || name == "withdraw" }
`
	record := `package finding

const TxOrigin = "SWC-115"
`
	for rel, src := range map[string]string{"engine/x/bad.go": bad, "engine/x/good.go": good,
		"engine/x/bad_test.go": bad, recordDir + "/kind.go": record, "engine/x/testdata/bad.go": bad} {
		if err := mkdirWrite(filepath.Join(dir, rel), src); err != nil {
			t.Fatal(err)
		}
	}
	got := rawKindStrings(t, dir, finding.Kinds())
	want := []string{`"property"`, `"invariant"`, `"see SWC-115 first"`, `"panic-0x11"`, `"assert-failure"`, `"owner-lock"`}
	if len(got) != len(want) {
		t.Errorf("caught %d strings, want %d: %q", len(got), len(want), got)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || strings.Contains(g, "engine/x/bad.go") && strings.Contains(g, w)
		}
		if !found {
			t.Errorf("%s not caught in %q", w, got)
		}
	}
}
