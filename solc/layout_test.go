package solc

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// copyLayout copies testdata/layouts/name into a temporary folder, so that
// tests can add what git cannot hold (a .git folder) and nothing is written
// into the repository.
func copyLayout(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("testdata", "layouts", name)
	dst := filepath.Join(t.TempDir(), name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func compileLayout(t *testing.T, tc *Toolchain, root string, files ...string) []*Build {
	t.Helper()
	p, err := LoadProject(FindRoot(filepath.Join(root, files[0])))
	if err != nil {
		t.Fatal(err)
	}
	var abs []string
	for _, f := range files {
		abs = append(abs, filepath.Join(root, f))
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: abs, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

func unitNames(b *Build) []string {
	var names []string
	for n := range b.Units {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func hasCode(b *Build, unit, contract string) bool {
	c, ok := b.Output.Contracts[unit][contract]
	return ok && len(c.EVM.DeployedBytecode.Object) > 20
}

func TestLayoutFoundryNestedLibraries(t *testing.T) {
	root := copyLayout(t, "foundry")
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	var rs []string
	for _, r := range p.Remappings {
		rs = append(rs, r.String())
	}
	want := []string{
		"mylib/=lib/mylib/src/", // remappings.txt, in its order
		"dep/=lib/dep/src/",
		"@oz/contracts/=lib/oz/contracts/",        // lib/oz/remappings.txt, taken relative to lib/oz
		"ds-test/=lib/forge-std/lib/ds-test/src/", // a library's library
		"forge-std/=lib/forge-std/src/",
		"oz/=lib/oz/contracts/",                  // lib/oz/foundry.toml's src
		"lib/mylib/:dep/=lib/mylib/lib/dep/src/", // mylib's own imports keep their meaning
		"lib/oz/:@oz/contracts/=lib/oz/contracts/",
	}
	if !reflect.DeepEqual(rs, want) {
		t.Errorf("remappings:\n%s\nwant\n%s", strings.Join(rs, "\n"), strings.Join(want, "\n"))
	}
	for path, want := range map[string]bool{
		"tests/Vault.t.sol": true, "scripts/Deploy.sol": true, "src/Vault.sol": false, "lib/forge-std/src/Test.sol": false,
	} {
		if got := p.IsTestOrScript(filepath.Join(root, path)); got != want {
			t.Errorf("IsTestOrScript(%s) = %v, want %v", path, got, want)
		}
	}

	tc := testToolchain(t)
	bs := compileLayout(t, tc, root, "src/Vault.sol")
	if len(bs) != 1 || bs[0].HasErrors() {
		t.Fatalf("builds %d, first: %+v %v", len(bs), bs[0].Diagnostics, bs[0].Err)
	}
	b := bs[0]
	wantUnits := []string{
		"lib/dep/src/Dep.sol", "lib/forge-std/lib/ds-test/src/test.sol", "lib/forge-std/src/Test.sol",
		"lib/mylib/lib/dep/src/Dep.sol", "lib/mylib/src/Lib.sol", "lib/oz/contracts/Named.sol", "lib/oz/contracts/Ownable.sol", "src/Vault.sol",
	}
	if got := unitNames(b); !reflect.DeepEqual(got, wantUnits) {
		t.Errorf("units %q\nwant %q", got, wantUnits)
	}
	if !hasCode(b, "src/Vault.sol", "Vault") {
		t.Error("no bytecode for Vault")
	}
	// The unused variable in lib/mylib is a dependency's warning: marked,
	// hidden by default, and nothing else is.
	var hidden, shown int
	for _, d := range b.Diagnostics {
		if d.Hidden() {
			hidden++
			if d.Unit != "lib/mylib/src/Lib.sol" || !d.InDependency {
				t.Errorf("hidden diagnostic %+v", d)
			}
		} else {
			shown++
		}
	}
	if hidden == 0 || shown != 0 {
		t.Errorf("hidden %d, shown %d: %+v", hidden, shown, b.Diagnostics)
	}

	t.Setenv("FOUNDRY_PROFILE", "ci")
	ci, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	if !ci.Settings.Optimizer || ci.Settings.OptimizerRuns != 777 || ci.Test != "tests" {
		t.Errorf("ci profile: %+v, test %q", ci.Settings, ci.Test)
	}
}

func TestLayoutPlainRepository(t *testing.T) {
	repo := copyLayout(t, "plain")
	file := filepath.Join(repo, "contracts", "Shop.sol")
	if got := FindRoot(file); got != filepath.Join(repo, "contracts") {
		t.Errorf("without a repository, root = %s", got)
	}
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := FindRoot(file); got != repo {
		t.Fatalf("root = %s, want the repository %s", got, repo)
	}
	if got := FindRoot(filepath.Join(repo, "pricing", "Price.sol")); got != filepath.Join(repo, "pricing") {
		t.Errorf("a file whose imports stay in its folder is rooted there, got %s", got)
	}
	bs := compileLayout(t, testToolchain(t), repo, "contracts/Shop.sol")
	if len(bs) != 1 || bs[0].HasErrors() {
		t.Fatalf("builds %d: %+v", len(bs), bs[0].Diagnostics)
	}
	if got := unitNames(bs[0]); !reflect.DeepEqual(got, []string{"contracts/Shop.sol", "pricing/Price.sol"}) {
		t.Errorf("units %q", got)
	}
	if !hasCode(bs[0], "contracts/Shop.sol", "Shop") {
		t.Error("no bytecode for Shop")
	}
}

func TestLayoutHardhatLiteralConfig(t *testing.T) {
	root := copyLayout(t, "hardhat")
	p, err := LoadProject(FindRoot(filepath.Join(root, "contracts", "Counter.sol")))
	if err != nil {
		t.Fatal(err)
	}
	if p.Root != root || p.Kind != "hardhat" || len(p.Compilers) != 2 || len(p.ConfigNotes) != 0 {
		t.Fatalf("project %+v", p)
	}
	tc := testToolchain(t)
	bs := compileLayout(t, tc, root, "contracts/Counter.sol", "contracts/Old.sol")
	versions := map[string]string{}
	var counter *Build
	for _, b := range bs {
		if b.HasErrors() {
			t.Fatalf("build errors: %+v %v", b.Diagnostics, b.Err)
		}
		for _, r := range b.Roots {
			versions[r] = b.Compiler.Version().String()
		}
		if b.Units["contracts/Counter.sol"] != nil {
			counter = b
		}
	}
	if want := map[string]string{"contracts/Counter.sol": "0.8.37", "contracts/Old.sol": "0.4.26"}; !reflect.DeepEqual(versions, want) {
		t.Errorf("versions %v, want %v", versions, want)
	}
	if counter.Units["@acme/math/Math.sol"] == nil || !counter.Diagnostics[0].InDependency {
		t.Errorf("node_modules import: units %q, diagnostics %+v", unitNames(counter), counter.Diagnostics)
	}
	// The config's optimizer reached the compiler: without it the code differs.
	config := filepath.Join(root, "hardhat.config.ts")
	text, _ := os.ReadFile(config)
	if err := os.WriteFile(config, []byte(strings.Replace(string(text), "enabled: true", "enabled: false", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := compileLayout(t, tc, root, "contracts/Counter.sol")[0]
	opt := counter.Output.Contracts["contracts/Counter.sol"]["Counter"].EVM.DeployedBytecode.Object
	if unopt := plain.Output.Contracts["contracts/Counter.sol"]["Counter"].EVM.DeployedBytecode.Object; opt == unopt || len(opt) >= len(unopt) {
		t.Errorf("optimized code (%d) not smaller than unoptimized (%d)", len(opt), len(unopt))
	}
}

func TestLayoutBrokenFileDoesNotBlockTheRest(t *testing.T) {
	root := copyLayout(t, "broken")
	files := []string{"src/Bad.sol", "src/Good.sol", "src/Other.sol", "src/UsesBad.sol"}
	bs := compileLayout(t, testToolchain(t), root, files...)
	if len(bs) != 2 {
		t.Fatalf("got %d builds, want the broken files' and the rest's", len(bs))
	}
	bad, good := bs[0], bs[1]
	if !bad.HasErrors() || good.HasErrors() {
		t.Fatalf("bad has errors %v, good has errors %v: %+v", bad.HasErrors(), good.HasErrors(), good.Diagnostics)
	}
	if !reflect.DeepEqual(bad.Roots, []string{"src/Bad.sol", "src/UsesBad.sol"}) || !reflect.DeepEqual(good.Roots, []string{"src/Good.sol", "src/Other.sol"}) {
		t.Errorf("roots: bad %q, good %q", bad.Roots, good.Roots)
	}
	if len(bad.Diagnostics) != 1 || bad.Diagnostics[0].Unit != "src/Bad.sol" || bad.Diagnostics[0].Type != "TypeError" {
		t.Errorf("bad diagnostics %+v", bad.Diagnostics)
	}
	if !hasCode(good, "src/Good.sol", "Good") || !hasCode(good, "src/Other.sol", "Other") {
		t.Error("the good files have no bytecode")
	}
	if good.Units["src/Bad.sol"] != nil {
		t.Error("the good build holds the broken file")
	}
}

// A folder named on the command line is one project at least as wide as
// itself: its subfolders without markers are not roots of their own, but a
// project with its own marker inside it keeps its root.
func TestFindRootIn(t *testing.T) {
	repo := copyLayout(t, "plain")
	if got := FindRootIn(filepath.Join(repo, "pricing", "Price.sol"), repo); got != repo {
		t.Errorf("pricing/Price.sol walked from %s: root %s, want the folder", repo, got)
	}
	if got := FindRootIn(filepath.Join(repo, "contracts", "Shop.sol"), repo); got != repo {
		t.Errorf("contracts/Shop.sol walked from %s: root %s, want the folder", repo, got)
	}
	inner := filepath.Join(repo, "pricing")
	if err := os.WriteFile(filepath.Join(inner, "foundry.toml"), []byte("[profile.default]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := FindRootIn(filepath.Join(inner, "Price.sol"), repo); got != inner {
		t.Errorf("a Foundry project inside the folder: root %s, want %s", got, inner)
	}
	if got := FindRootIn(filepath.Join(repo, "contracts", "Shop.sol"), filepath.Join(repo, "contracts")); got != FindRoot(filepath.Join(repo, "contracts", "Shop.sol")) {
		t.Errorf("the folder itself: root %s, want FindRoot's", got)
	}
}

// A file whose relative imports leave its own folder but stay inside the
// folder named on the command line keeps that folder as its root, even in
// a git repository: the repository above would compile it in a unit of its
// own, apart from its siblings (Morpho's periphery libraries, laid out in a
// checkout without a config file, went to solc 0.8.37 beside Morpho's
// 0.8.19).
func TestFindRootInGitRepository(t *testing.T) {
	repo := t.TempDir()
	src := filepath.Join(repo, "src")
	for _, d := range []string{filepath.Join(repo, ".git"), filepath.Join(src, "lib", "periphery")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(src, "I.sol"):                     "pragma solidity ^0.8.0;\ninterface I {}\n",
		filepath.Join(src, "lib", "periphery", "P.sol"): "pragma solidity ^0.8.0;\nimport \"../../I.sol\";\nlibrary P {}\n", // repo:outside-ok: an import inside the test's own temporary project
		filepath.Join(repo, "Out.sol"):                  "pragma solidity ^0.8.0;\ninterface Out {}\n",
		filepath.Join(src, "Leaves.sol"):                "pragma solidity ^0.8.0;\nimport \"../Out.sol\";\ncontract Leaves {}\n",
	}
	for f, text := range files {
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := FindRootIn(filepath.Join(src, "lib", "periphery", "P.sol"), src); got != src {
		t.Errorf("lib/periphery/P.sol walked from %s: root %s, want the folder", src, got)
	}
	if got := FindRootIn(filepath.Join(src, "Leaves.sol"), src); got != repo {
		t.Errorf("Leaves.sol imports ../Out.sol: root %s, want the repository %s", got, repo)
	}
}

// TestInDependencyRemapped: a folder a remapping points to is a
// dependency's (Soldeer's dependencies/), unless it is the project's own
// sources.
func TestInDependencyRemapped(t *testing.T) {
	root := filepath.FromSlash("/r")
	p := &Project{Root: root, Src: "src", Test: "test", Script: "script", Libs: []string{"lib"}, Remappings: []Remapping{
		{Prefix: "solady/", Target: "dependencies/solady-0.1/src/"}, {Prefix: "@me/", Target: "./src/"}, {Prefix: "@c/", Target: "contracts/"}, {Prefix: "x/", Target: "./"},
	}}
	for file, want := range map[string]bool{
		"dependencies/solady-0.1/src/X.sol": true, "src/A.sol": false, "contracts/B.sol": false,
		"dependencies/other/Y.sol": false, "lib/a/A.sol": true, "node_modules/z/Z.sol": true, "Top.sol": false,
	} {
		if got := p.InDependency(filepath.Join(root, filepath.FromSlash(file))); got != want {
			t.Errorf("%s: InDependency %v, want %v", file, got, want)
		}
	}
}
