package foresight

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// No layer reads another's prose: a skip's kind, a finding's measured
// harm and an error's cause travel as values (report.SkipReason,
// finding.Facts, typed errors), so that rewording a message, or a
// contract whose name holds a keyword, changes nothing but the words
// (issue 70: LibraryRegistry was "library missing").

// proseDirs are the layers that receive messages from below them.
var proseDirs = []string{"session", "cmd", "lsp", "engine/export"}

// proseExceptions are the accepted matches of message text, by "path
// function", with why each is not one layer parsing another's prose.
var proseExceptions = map[string]string{
	"cmd/foresight/errors.go renderError": "replaces a typed error's own message (found with errors.As) " +
		"by the user's wording inside the wrapping chain's text: the chain's words are the only place it sits",
	"cmd/foresight/errors.go jsonSyntax": "encoding/json's *json.SyntaxError holds what it found and expected " +
		"only in its message (Offset aside): the standard library's wording, not a layer of ours",
	"cmd/foresight/help.go flagMessage": "the standard flag package returns its errors as text only " +
		"(errors.New/fmt.Errorf, no typed values): the standard library's wording, not a layer of ours",
	"cmd/foresight/check.go printSome": "solc names the compilation unit at the end of an unlocated " +
		"diagnostic's message (for the editor, which has no other place for it); the CLI prints the unit as " +
		"the location, so it takes off the exact suffix b.Label() made. A field of solc.Diagnostic would end it",
}

// proseMatchers are the strings functions that test or cut text.
var proseMatchers = map[string]bool{
	"Contains": true, "ContainsAny": true, "ContainsRune": true, "HasPrefix": true, "HasSuffix": true,
	"Index": true, "IndexAny": true, "LastIndex": true, "Cut": true, "CutPrefix": true, "CutSuffix": true,
	"TrimPrefix": true, "TrimSuffix": true, "EqualFold": true, "Count": true, "Replace": true,
	"ReplaceAll": true, "Split": true, "SplitN": true, "SplitAfter": true,
}

// regexpMatchers are the *regexp.Regexp methods that test or cut text.
var regexpMatchers = map[string]bool{
	"MatchString": true, "FindString": true, "FindStringIndex": true, "FindStringSubmatch": true,
	"FindAllString": true, "FindAllStringSubmatch": true, "ReplaceAllString": true,
	"ReplaceAllStringFunc": true, "ReplaceAllLiteralString": true, "Split": true,
}

// proseFields are the fields that carry a lower layer's wording.
var proseFields = map[string]bool{"Detail": true, "Reason": true, "Message": true, "Note": true}

// proseParams are parameter names that, as strings, stand for one.
var proseParams = map[string]bool{"reason": true, "detail": true}

// TestNoLayerReadsProse fails on a match of message text (a Detail,
// Reason, Message or Note field, an err.Error(), or a variable holding
// one) in the non-test Go files of proseDirs, except proseExceptions,
// each of which must still match (the list stays exact).
func TestNoLayerReadsProse(t *testing.T) {
	found := map[string][]string{}
	for _, dir := range proseDirs {
		for key, hits := range proseMatches(t, ".", dir) {
			found[key] = append(found[key], hits...)
		}
	}
	for key, hits := range found {
		if proseExceptions[key] == "" {
			for _, h := range hits {
				t.Errorf("%s matches another layer's message text: carry the fact as a value (or list %q in proseExceptions with why)", h, key)
			}
		}
	}
	for key := range proseExceptions {
		if found[key] == nil {
			t.Errorf("proseExceptions lists %q, which matches no message text now: remove it", key)
		}
	}
}

// TestNoLayerReadsProseFails: the check finds a planted match of each
// shape, and passes the same text read as a value.
func TestNoLayerReadsProseFails(t *testing.T) {
	root := t.TempDir()
	src := `package plan

import (
	"regexp"
	"strings"
)

var re = regexp.MustCompile("x")

func classify(reason string, sk struct{ Reason string }, err error) int {
	m := err.Error()
	switch {
	case strings.Contains(strings.ToLower(reason), "librar"):
		return 1
	case re.MatchString(sk.Reason):
		return 2
	case m == "boom":
		return 3
	case strings.HasPrefix(err.Error(), "deploy"):
		return 4
	}
	return len(strings.Fields(sk.Reason))
}
`
	if err := mkdirWrite(filepath.Join(root, "session", "a.go"), src); err != nil {
		t.Fatal(err)
	}
	hits := proseMatches(t, root, "session")["session/a.go classify"]
	if len(hits) != 4 {
		t.Errorf("found %d matches of message text, want 4: %q", len(hits), hits)
	}
}

// proseMatches lists, by "path function", the matches of message text in
// the non-test Go files under root/dir.
func proseMatches(t *testing.T, root, dir string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			for _, pos := range proseInFunc(fn) {
				key := rel + " " + fn.Name.Name
				out[key] = append(out[key], rel+":"+strconv.Itoa(fset.Position(pos).Line)+" ("+fn.Name.Name+")")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// proseInFunc returns where fn matches message text.
func proseInFunc(fn *ast.FuncDecl) []token.Pos {
	held := map[string]bool{} // variables holding message text
	for _, field := range fn.Type.Params.List {
		if id, ok := field.Type.(*ast.Ident); ok && id.Name == "string" {
			for _, n := range field.Names {
				held[n.Name] = held[n.Name] || proseParams[n.Name]
			}
		}
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, rhs := range as.Rhs {
				if id, ok := as.Lhs[i].(*ast.Ident); ok && isProse(rhs, held) {
					held[id.Name] = true
				}
			}
		}
		return true
	})
	var out []token.Pos
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if proseMatcher(n) && slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return isProse(a, held) }) {
				out = append(out, n.Pos())
			}
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isProse(n.X, held) && isLit(n.Y) || isProse(n.Y, held) && isLit(n.X)) {
				out = append(out, n.Pos())
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isProse(n.Tag, held) {
				out = append(out, n.Pos())
			}
		}
		return true
	})
	return out
}

// proseMatcher reports whether call tests or cuts text: a strings
// function of proseMatchers, or a regexp method of regexpMatchers.
func proseMatcher(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "strings" {
		return proseMatchers[sel.Sel.Name]
	}
	return regexpMatchers[sel.Sel.Name]
}

// isProse reports whether e is message text: a proseFields field, an
// Error() call, a variable holding one, or one lowered, raised or
// trimmed.
func isProse(e ast.Expr, held map[string]bool) bool {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return isProse(e.X, held)
	case *ast.Ident:
		return held[e.Name]
	case *ast.SelectorExpr:
		return proseFields[e.Sel.Name]
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if sel.Sel.Name == "Error" && len(e.Args) == 0 {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "strings" && len(e.Args) > 0 {
			switch sel.Sel.Name {
			case "ToLower", "ToUpper", "TrimSpace":
				return isProse(e.Args[0], held)
			}
		}
	}
	return false
}

// isLit reports whether e is a string literal other than "" (comparing
// with "" asks whether there is a message, not what it says).
func isLit(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING && lit.Value != `""` && lit.Value != "``"
}
