package foresight

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/foresight-sol/foresight"

// layerRules says, for each package path prefix in the module, which import
// prefixes it must not use. See docs/architecture.md, "Layers" and
// "Inside the engine".
var layerRules = []struct {
	pkg       string
	forbidden []string
}{
	{"solc", []string{module + "/engine", module + "/session", module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"engine", []string{module + "/session", module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"internal", []string{module + "/session", module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	// The session (runs a request end to end) is below cmd and lsp, which share it.
	{"session", []string{module + "/lsp", module + "/cmd", "go.lsp.dev"}},
	{"lsp", []string{module + "/cmd"}},
	// Inside the engine: the inputs are plain data; the solvers compute
	// on sequences and costs without running anything; deployment, the
	// oracles and the solvers never reach back into the loop.
	{"engine/txseq", []string{module + "/engine/chain", module + "/engine/trace", module + "/engine/program", module + "/engine/fuzz", module + "/engine/solve", module + "/engine/deploy", module + "/engine/oracle"}},
	{"engine/solve", []string{module + "/engine/chain", module + "/engine/trace", module + "/engine/fuzz", module + "/engine/deploy"}},
	{"engine/deploy", []string{module + "/engine/fuzz"}},
	{"engine/oracle", []string{module + "/engine/fuzz", module + "/engine/solve"}},
	// Deployment sits below the oracles, which re-run on its chains.
	{"engine/deploy", []string{module + "/engine/oracle"}},
	// The kinds and the finding record are a leaf the tracer imports:
	// nothing that runs code.
	{"engine/finding", []string{module + "/engine/chain", module + "/engine/trace", module + "/engine/program", module + "/engine/fuzz", module + "/engine/solve", module + "/engine/deploy", module + "/engine/oracle"}},
	// The corpus maps inputs onto programs but runs nothing: the facade
	// replays and minimizes them.
	{"engine/corpus", []string{module + "/engine/fuzz", module + "/lsp"}},
	// The Foundry exporter renders typed values engine/export
	// parsed: it runs nothing of the loop.
	{"engine/foundry", []string{module + "/engine/fuzz", module + "/lsp"}},
	// Rendering words what a finding carries (the oracle recorded its
	// ether flow): it runs nothing.
	{"engine/render", []string{module + "/engine/fuzz", module + "/engine/solve", module + "/engine/oracle", module + "/engine/trace", module + "/lsp"}},
	// Replay from a report runs a recorded sequence with the loop's
	// replay (fuzz.ReplayFrom): it searches nothing and judges nothing
	// itself.
	{"engine/replay", []string{module + "/engine/solve", module + "/engine/oracle", module + "/lsp"}},
	// The Foundry export replays a finding for its harm through
	// engine/replay and renders it with engine/foundry: it searches
	// nothing.
	{"engine/export", []string{module + "/engine/solve", module + "/lsp"}},
	// The behaviour comparison deploys and runs on its own chains: it
	// never reaches into a campaign's loop.
	{"engine/behaviour", []string{module + "/engine/fuzz", module + "/engine/solve", module + "/engine/oracle"}},
	// The mutants and their verdict are data: plan compiles and fuzzes
	// them, so nothing here runs code.
	{"engine/mutant", []string{module + "/engine/fuzz", module + "/engine/solve", module + "/engine/oracle", module + "/engine/chain", module + "/engine/trace", module + "/engine/deploy"}},
}

// leafRules name packages that may import, of the module, only the listed
// packages: the report's data and the guarded file access sit below
// everything that renders, stores or exports findings.
var leafRules = []struct {
	pkg     string
	allowed []string
}{
	{"engine/report", []string{module + "/engine/safefile"}},
	{"engine/safefile", nil},
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
	if len(imports["solc"]) == 0 || len(imports["lsp"]) == 0 || len(imports["engine/solve"]) == 0 {
		t.Fatalf("found no imports for solc, lsp or engine/solve; is the walk broken? %v", imports)
	}
	for _, v := range layeringViolations(imports) {
		t.Error(v)
	}
}

// layeringViolations checks imports (by package directory) against
// layerRules and the two rules about LSP, and describes each violation.
func layeringViolations(imports map[string][]string) []string {
	var out []string
	for pkg, imps := range imports {
		for _, rule := range layerRules {
			if pkg != rule.pkg && !strings.HasPrefix(pkg, rule.pkg+"/") {
				continue
			}
			for _, imp := range imps {
				for _, bad := range rule.forbidden {
					if imp == bad || strings.HasPrefix(imp, bad+"/") {
						out = append(out, fmt.Sprintf("%s imports %s: the layering in docs/architecture.md forbids it", pkg, imp))
					}
				}
			}
		}
		for _, rule := range leafRules {
			if pkg != rule.pkg {
				continue
			}
			for _, imp := range imps {
				if strings.HasPrefix(imp, module+"/") && !slices.Contains(rule.allowed, imp) {
					out = append(out, fmt.Sprintf("%s imports %s: a leaf package imports only %v of the module", pkg, imp, rule.allowed))
				}
			}
		}
		// Only lsp speaks LSP.
		if pkg != "lsp" && !strings.HasPrefix(pkg, "lsp/") {
			for _, imp := range imps {
				if strings.HasPrefix(imp, "go.lsp.dev") {
					out = append(out, fmt.Sprintf("%s imports %s: only lsp/ may import go.lsp.dev", pkg, imp))
				}
			}
		}
		// Nothing but the command imports lsp.
		if !strings.HasPrefix(pkg, "cmd/") && pkg != "lsp" && !strings.HasPrefix(pkg, "lsp/") {
			for _, imp := range imps {
				if imp == module+"/lsp" || strings.HasPrefix(imp, module+"/lsp/") {
					out = append(out, fmt.Sprintf("%s imports %s: nothing below the command imports lsp", pkg, imp))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestLayeringCatchesViolations runs the real rules on a tree that breaks
// each of them once, beside imports they allow, so the layering test
// itself can fail.
func TestLayeringCatchesViolations(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, pkg string, imps ...string) {
		src := "package " + pkg + "\n"
		for _, imp := range imps {
			src += "import _ \"" + imp + "\"\n"
		}
		if err := mkdirWrite(filepath.Join(dir, rel), src); err != nil {
			t.Fatal(err)
		}
	}
	// Allowed: none of these may be reported.
	write("engine/fuzz/a.go", "fuzz", module+"/engine/solve", module+"/engine/deploy", module+"/engine/chain", module+"/engine/oracle")
	write("engine/deploy/a.go", "deploy", module+"/engine/chain", module+"/engine/trace", module+"/engine/solve")
	write("engine/solve/a.go", "solve", module+"/engine/txseq", module+"/engine/calldata")
	write("engine/oracle/a.go", "oracle", module+"/engine/trace", module+"/engine/chain", module+"/engine/deploy", module+"/engine/finding")
	write("engine/finding/a.go", "finding", module+"/engine/txseq", module+"/engine/calldata")
	write("engine/corpus/a.go", "corpus", module+"/engine/report", module+"/engine/program", module+"/engine/safefile")
	write("engine/report/a.go", "report", module+"/engine/safefile", "github.com/ethereum/go-ethereum/common")
	write("engine/foundry/a.go", "foundry", module+"/engine/deploy", module+"/engine/chain", module+"/solc")
	write("lsp/a.go", "lsp", module+"/engine", "go.lsp.dev/protocol")
	write("cmd/foresight/a.go", "main", module+"/lsp")
	// Forbidden, one per rule.
	write("solc/a.go", "solc", module+"/engine")
	write("engine/b.go", "engine", module+"/lsp")
	write("internal/x/a.go", "x", module+"/cmd/foresight")
	write("lsp/b.go", "lsp", module+"/cmd/foresight")
	write("engine/txseq/a.go", "txseq", module+"/engine/chain")
	write("engine/solve/b.go", "solve", module+"/engine/trace")
	write("engine/deploy/b.go", "deploy", module+"/engine/fuzz")
	write("engine/deploy/c.go", "deploy", module+"/engine/oracle")
	write("engine/oracle/b.go", "oracle", module+"/engine/fuzz")
	write("engine/finding/b.go", "finding", module+"/engine/trace")
	write("engine/foundry/b.go", "foundry", module+"/engine/fuzz")
	write("solc/b.go", "solc", "go.lsp.dev/protocol")
	write("engine/program/a.go", "program", module+"/lsp/x")
	write("engine/corpus/b.go", "corpus", module+"/engine/fuzz")
	write("engine/report/b.go", "report", module+"/engine/deploy")
	write("engine/safefile/a.go", "safefile", module+"/engine/report")
	want := []string{
		"engine imports " + module + "/lsp: nothing below the command imports lsp",
		"engine imports " + module + "/lsp: the layering",
		"engine/corpus imports " + module + "/engine/fuzz: the layering",
		"engine/deploy imports " + module + "/engine/fuzz: the layering",
		"engine/deploy imports " + module + "/engine/oracle: the layering",
		"engine/finding imports " + module + "/engine/trace: the layering",
		"engine/foundry imports " + module + "/engine/fuzz: the layering",
		"engine/oracle imports " + module + "/engine/fuzz: the layering",
		"engine/program imports " + module + "/lsp/x: nothing below the command imports lsp",
		"engine/program imports " + module + "/lsp/x: the layering",
		"engine/report imports " + module + "/engine/deploy: a leaf package",
		"engine/safefile imports " + module + "/engine/report: a leaf package",
		"engine/solve imports " + module + "/engine/trace: the layering",
		"engine/txseq imports " + module + "/engine/chain: the layering",
		"internal/x imports " + module + "/cmd/foresight: the layering",
		"lsp imports " + module + "/cmd/foresight: the layering",
		"solc imports " + module + "/engine: the layering",
		"solc imports go.lsp.dev/protocol: only lsp/ may import go.lsp.dev",
		"solc imports go.lsp.dev/protocol: the layering",
	}
	got := layeringViolations(importsOf(t, dir))
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("violation %d: got %q, want it to start with %q", i, got[i], want[i])
		}
	}
}

// frontEndAPI are the packages of the module the front ends (cmd, lsp)
// may import: session, which orders every run (file selection, suites,
// aiming, corpus folders and forks, exports and the files written,
// behaviour comparisons and mutants, the campaigns), the compiler, the
// internal helpers, the engine's facade, and the values a front end
// presents: a finding, its kind and words, a mutant's verdict and its
// words. The engine's machinery (fuzz, solve, deploy, oracle, trace,
// chain, harness, corpus, fork, export, behaviour, safefile, ...) is
// reached through session only. See docs/architecture.md, "Front ends".
var frontEndAPI = []string{
	"session", "solc", "solc/position", "internal",
	"engine", "engine/report", "engine/finding", "engine/render",
	"engine/mutant",
}

// frontEndViolations lists the imports of cmd/... and lsp/... (besides
// cmd's of lsp) outside frontEndAPI.
func frontEndViolations(imports map[string][]string) []string {
	var out []string
	for pkg, imps := range imports {
		front := strings.HasPrefix(pkg, "cmd/") || pkg == "lsp" || strings.HasPrefix(pkg, "lsp/")
		if !front {
			continue
		}
		for _, imp := range imps {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok || strings.HasPrefix(rel, "lsp") || strings.HasPrefix(rel, "cmd/") {
				continue // outside the module, or the layering's business
			}
			if !slices.ContainsFunc(frontEndAPI, func(api string) bool {
				return rel == api || (api == "internal" && strings.HasPrefix(rel, "internal/"))
			}) {
				out = append(out, fmt.Sprintf("%s imports %s: a front end imports only session and the engine's API packages %v", pkg, imp, frontEndAPI))
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestFrontEndImports(t *testing.T) {
	imports := importsOf(t, ".")
	if len(imports["lsp"]) == 0 || len(imports["cmd/foresight"]) == 0 {
		t.Fatalf("found no imports for lsp or cmd/foresight; is the walk broken?")
	}
	for _, v := range frontEndViolations(imports) {
		t.Error(v)
	}
}

// TestFrontEndImportsCatchViolation runs the rule on imports that break
// it beside imports it allows, so that TestFrontEndImports can fail.
func TestFrontEndImportsCatchViolation(t *testing.T) {
	imports := map[string][]string{
		"cmd/foresight": {module + "/session", module + "/lsp", module + "/engine/report", module + "/internal/logclip", "fmt", module + "/engine/fuzz"},
		"lsp":           {module + "/session", module + "/solc", "go.lsp.dev/protocol", module + "/engine/harness"},
		"engine/fuzz":   {module + "/engine/solve"}, // not a front end
	}
	want := []string{
		"cmd/foresight imports " + module + "/engine/fuzz: a front end imports only",
		"lsp imports " + module + "/engine/harness: a front end imports only",
	}
	got := frontEndViolations(imports)
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("violation %d: got %q, want it to start with %q", i, got[i], want[i])
		}
	}
}
