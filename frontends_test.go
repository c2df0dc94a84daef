package foresight

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// astDecoders are solc's calls that decode or walk the compiler's AST;
// above solc, only solc's Build.Functions and Build.Contracts do it.
var astDecoders = map[string]bool{"ParseAST": true, "Walk": true, "Functions": true, "Contracts": true, "Node": true}

// frontEndASTUses lists, in the non-test Go files of cmd/, lsp/ and session/
// under root, each use of solc's AST decoding ("file:line solc.X").
func frontEndASTUses(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	fset := token.NewFileSet()
	for _, dir := range []string{"cmd", "lsp", "session"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if errors.Is(err, fs.ErrNotExist) && p == filepath.Join(root, dir) {
				return filepath.SkipDir
			}
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "solc" && astDecoders[sel.Sel.Name] {
					rel, _ := filepath.Rel(root, p)
					out = append(out, fmt.Sprintf("%s:%d solc.%s", filepath.ToSlash(rel), fset.Position(sel.Pos()).Line, sel.Sel.Name))
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestFrontEndsDecodeNoAST: cmd, lsp and plan read the compiler's AST
// only through solc's Build.Functions and Build.Contracts, never by
// decoding or walking it themselves (docs/architecture.md, "cmd and lsp
// plan nothing"), so that the command line and the editor cannot read a
// unit's contracts or functions differently again.
func TestFrontEndsDecodeNoAST(t *testing.T) {
	if uses := frontEndASTUses(t, "."); len(uses) > 0 {
		t.Errorf("the AST decoded outside solc: %v (use solc's Build.Functions or Build.Contracts)", uses)
	}
	root := t.TempDir()
	if err := mkdirWrite(filepath.Join(root, "lsp", "x.go"), "package lsp\n\nimport \"solc\"\n\nfunc f(b []byte) { n, _ := solc.ParseAST(b); _ = solc.Functions(n) }\n"); err != nil {
		t.Fatal(err)
	}
	if uses := frontEndASTUses(t, root); len(uses) != 2 {
		t.Errorf("the check missed a decoding: %v", uses)
	}
}
