package solc

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const secret = "SECRET-3f9a1c"

func TestImportsOutsideRootAreRefused(t *testing.T) {
	outsideDir := t.TempDir()
	secretFile := filepath.Join(outsideDir, "Secret.sol")
	if err := os.WriteFile(secretFile, []byte("pragma solidity ^0.8.0;\ncontract "+secret+" {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	imports := []string{
		secretFile, // absolute
		"../" + filepath.Base(outsideDir) + "/Secret.sol", // relative, out of the root (both temp dirs share a parent)
		"lib/evil/Secret.sol",                             // through a symlink out of the root
		"x/Secret.sol",                                    // through a remapping to an absolute target
	}
	for _, imp := range imports {
		t.Run(imp, func(t *testing.T) {
			src := "pragma solidity ^0.8.0;\nimport \"" + imp + "\";\ncontract A {}\n"
			root := writeTree(t, map[string]string{
				"src/A.sol":      src,
				"remappings.txt": "x/=" + outsideDir + "/\n",
			})
			// Make the relative import climb from src/ out of root into outsideDir.
			if strings.HasPrefix(imp, "../") {
				imp2 := "../../" + strings.TrimPrefix(relOrSelf(t, filepath.Dir(root), outsideDir), "./") + "/Secret.sol" // repo:outside-ok: an import that must be refused
				src = strings.Replace(src, imp, imp2, 1)
				imp = imp2
				os.WriteFile(filepath.Join(root, "src", "A.sol"), []byte(src), 0o644)
			}
			if err := os.MkdirAll(filepath.Join(root, "lib"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outsideDir, filepath.Join(root, "lib", "evil")); err != nil {
				t.Fatal(err)
			}
			tc := testToolchain(t)
			p, err := LoadProject(root)
			if err != nil {
				t.Fatal(err)
			}
			bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "src", "A.sol")}, Mode: Full})
			if err != nil || len(bs) != 1 {
				t.Fatalf("compile: %v, %d builds", err, len(bs))
			}
			b := bs[0]
			var refusal *Diagnostic
			for i, d := range b.Diagnostics {
				if d.Code == "foresight-import" {
					refusal = &b.Diagnostics[i]
				}
				if d.Path == "" {
					t.Errorf("diagnostic without a file: %+v", d)
				}
			}
			if refusal == nil {
				t.Fatalf("no refusal among %+v", b.Diagnostics)
			}
			if refusal.Severity != SeverityError || src[refusal.Start:refusal.End] != `"`+imp+`"` || !strings.Contains(refusal.Message, "outside the project root") {
				t.Errorf("refusal = %+v (range covers %q)", refusal, src[refusal.Start:refusal.End])
			}
			if !b.HasErrors() {
				t.Error("a refused import does not fail the build")
			}
			dump, _ := json.Marshal(b)
			if strings.Contains(string(dump), secret) {
				t.Errorf("the file outside the root was read: %s", dump)
			}
		})
	}
}

// relOrSelf is target relative to base.
func relOrSelf(t *testing.T, base, target string) string {
	t.Helper()
	r, err := filepath.Rel(base, target)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestImportsInsideRoot(t *testing.T) {
	root := writeTree(t, map[string]string{
		"src/B.sol": "pragma solidity ^0.8.0;\ncontract B {}\n",
	})
	for _, imp := range []string{"/src/B.sol", filepath.Join(root, "src", "B.sol"), "./B.sol", "src/B.sol"} {
		t.Run(imp, func(t *testing.T) {
			src := "pragma solidity ^0.8.0;\nimport \"" + imp + "\";\ncontract A is B {}\n"
			p, err := LoadProject(root)
			if err != nil {
				t.Fatal(err)
			}
			a := filepath.Join(root, "src", "A.sol")
			units, _, err := p.Sources([]string{a}, Overlay{a: []byte(src)})
			if err != nil {
				t.Fatal(err)
			}
			u := units["src/A.sol"]
			if len(u.Outside) != 0 || len(u.Deps) != 1 || units[u.Deps[0]].Path != filepath.Join(root, "src", "B.sol") {
				t.Errorf("import %q: deps %v, outside %v", imp, u.Deps, u.Outside)
			}
		})
	}
}
