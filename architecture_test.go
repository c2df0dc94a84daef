package foresight

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/foresight-sol/foresight"

// layerRules says, for each package path prefix in the module, which import
// prefixes it must not use. See docs/architecture.md, "Layers".
var layerRules = []struct {
	pkg       string
	forbidden []string
}{
	{"solc", []string{module + "/engine", module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"engine", []string{module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"internal", []string{module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"lsp", []string{module + "/cmd"}},
}

// importsOf lists the imports of every non-test Go file, by package
// directory relative to the module root.
func importsOf(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata" || p == filepath.Join(root, "third_party")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(p))
		rel = filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			out[rel] = append(out[rel], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestLayering(t *testing.T) {
	imports := importsOf(t, ".")
	if len(imports["solc"]) == 0 || len(imports["lsp"]) == 0 {
		t.Fatalf("found no imports for solc or lsp; is the walk broken? %v", imports)
	}
	for pkg, imps := range imports {
		for _, rule := range layerRules {
			if pkg != rule.pkg && !strings.HasPrefix(pkg, rule.pkg+"/") {
				continue
			}
			for _, imp := range imps {
				for _, bad := range rule.forbidden {
					if imp == bad || strings.HasPrefix(imp, bad+"/") {
						t.Errorf("%s imports %s: the layering in docs/architecture.md forbids it", pkg, imp)
					}
				}
			}
		}
		// Only lsp speaks LSP.
		if pkg != "lsp" && !strings.HasPrefix(pkg, "lsp/") {
			for _, imp := range imps {
				if strings.HasPrefix(imp, "go.lsp.dev") {
					t.Errorf("%s imports %s: only lsp/ may import go.lsp.dev", pkg, imp)
				}
			}
		}
		// Nothing but the command imports lsp.
		if !strings.HasPrefix(pkg, "cmd/") && pkg != "lsp" && !strings.HasPrefix(pkg, "lsp/") {
			for _, imp := range imps {
				if imp == module+"/lsp" || strings.HasPrefix(imp, module+"/lsp/") {
					t.Errorf("%s imports %s: nothing below the command imports lsp", pkg, imp)
				}
			}
		}
	}
}

// TestLayeringCatchesViolations runs the rules on a tree with a bad import,
// so the layering test itself can fail.
func TestLayeringCatchesViolations(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(dir, rel)
		if err := mkdirWrite(p, src); err != nil {
			t.Fatal(err)
		}
	}
	write("solc/a.go", "package solc\nimport _ \""+module+"/engine\"\n")
	imports := importsOf(t, dir)
	violations := 0
	for pkg, imps := range imports {
		for _, rule := range layerRules {
			if pkg == rule.pkg {
				for _, imp := range imps {
					for _, bad := range rule.forbidden {
						if imp == bad {
							violations++
						}
					}
				}
			}
		}
	}
	if violations != 1 {
		t.Errorf("found %d violations in a tree with one", violations)
	}
}
