package solc

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestApplyRemappings(t *testing.T) {
	rs := []Remapping{
		{Prefix: "@oz/", Target: "lib/openzeppelin/contracts/"},
		{Prefix: "@oz/token/", Target: "lib/oz-token/"},
		{Context: "src/legacy", Prefix: "@oz/", Target: "lib/oz-legacy/"},
	}
	tests := []struct{ importer, imp, want string }{
		{"src/A.sol", "@oz/access/Ownable.sol", "lib/openzeppelin/contracts/access/Ownable.sol"},
		{"src/A.sol", "@oz/token/ERC20.sol", "lib/oz-token/ERC20.sol"},
		{"src/legacy/B.sol", "@oz/token/ERC20.sol", "lib/oz-legacy/token/ERC20.sol"},
		{"src/A.sol", "forge-std/Test.sol", "forge-std/Test.sol"},
	}
	for _, tt := range tests {
		if got := applyRemappings(rs, tt.importer, tt.imp); got != tt.want {
			t.Errorf("applyRemappings(%q, %q) = %q, want %q", tt.importer, tt.imp, got, tt.want)
		}
	}
	for _, bad := range []string{"", "=x", "noequals"} {
		if _, err := ParseRemapping(bad); err == nil {
			t.Errorf("ParseRemapping(%q) succeeded", bad)
		}
	}
	r, err := ParseRemapping("ctx:a/=b/")
	if err != nil || r != (Remapping{"ctx", "a/", "b/"}) || r.String() != "ctx:a/=b/" {
		t.Errorf("ParseRemapping(ctx:a/=b/) = %+v, %v", r, err)
	}
}

func TestFoundryProject(t *testing.T) {
	root := writeTree(t, map[string]string{
		"foundry.toml": `# comment
[profile.default]
src = "src"
libs = ["lib", "deps"] # trailing
remappings = [
    "@oz/=deps/openzeppelin/contracts/",
    'solmate/=lib/solmate/src/',
]
solc_version = "0.8.19"
optimizer = true
optimizer_runs = 1_000
via_ir = false
evm_version = "paris"

[profile.ci]
optimizer_runs = 10000

[fmt]
line_length = 100
`,
		"remappings.txt":                    "# extra\nmylib/=deps/mylib/\n",
		"lib/forge-std/src/Test.sol":        "pragma solidity >=0.6.2 <0.9.0;\ncontract Test {}\n",
		"lib/solmate/src/tokens/ERC20.sol":  "pragma solidity >=0.8.0;\ncontract ERC20 {}\n",
		"deps/openzeppelin/contracts/O.sol": "pragma solidity ^0.8.0;\nimport \"./P.sol\";\ncontract O {}\n",
		"deps/openzeppelin/contracts/P.sol": "pragma solidity ^0.8.0;\ncontract P {}\n",
		"src/A.sol":                         "pragma solidity ^0.8.0;\nimport \"forge-std/Test.sol\";\nimport \"@oz/O.sol\";\nimport {ERC20} from \"solmate/tokens/ERC20.sol\";\nimport \"./sub/B.sol\";\nimport \"missing/M.sol\";\ncontract A {}\n",
		"src/sub/B.sol":                     "pragma solidity ^0.8.0;\nimport \"../A.sol\";\ncontract B {}\n",
	})
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != "foundry" || p.Solc != "0.8.19" || !p.Settings.Optimizer || p.Settings.OptimizerRuns != 1000 || p.Settings.EVMVersion != "paris" {
		t.Errorf("project = %+v", p)
	}
	if !reflect.DeepEqual(p.Libs, []string{"lib", "deps"}) {
		t.Errorf("libs = %q", p.Libs)
	}
	units, roots, err := p.Sources([]string{filepath.Join(root, "src/A.sol")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(roots, []string{"src/A.sol"}) {
		t.Errorf("roots = %q", roots)
	}
	var names []string
	for n := range units {
		names = append(names, n)
	}
	sort.Strings(names)
	want := []string{
		"deps/openzeppelin/contracts/O.sol",
		"deps/openzeppelin/contracts/P.sol",
		"lib/forge-std/src/Test.sol",
		"lib/solmate/src/tokens/ERC20.sol",
		"src/A.sol",
		"src/sub/B.sol",
	}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("units = %q\nwant %q", names, want)
	}

	t.Setenv("FOUNDRY_PROFILE", "ci")
	p2, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	if p2.Settings.OptimizerRuns != 10000 {
		t.Errorf("ci profile optimizer_runs = %d", p2.Settings.OptimizerRuns)
	}
}

func TestHardhatNodeModules(t *testing.T) {
	root := writeTree(t, map[string]string{
		"hardhat.config.js": "module.exports = {};\n",
		"node_modules/@openzeppelin/contracts/access/Ownable.sol": "pragma solidity ^0.8.0;\ncontract Ownable {}\n",
		"contracts/Token.sol": "pragma solidity ^0.8.0;\nimport \"@openzeppelin/contracts/access/Ownable.sol\";\ncontract Token is Ownable {}\n",
	})
	if got := FindRoot(filepath.Join(root, "contracts/Token.sol")); got != root {
		t.Errorf("FindRoot = %q, want %q", got, root)
	}
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	overlay := Overlay{filepath.Join(root, "contracts/Token.sol"): []byte("pragma solidity ^0.8.0;\nimport \"@openzeppelin/contracts/access/Ownable.sol\";\ncontract Token2 is Ownable {}\n")}
	units, _, err := p.Sources([]string{filepath.Join(root, "contracts/Token.sol")}, overlay)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := units["@openzeppelin/contracts/access/Ownable.sol"]; !ok {
		t.Errorf("node_modules import not resolved: %v", units)
	}
	if got := string(units["contracts/Token.sol"].Content); got != string(overlay[filepath.Join(root, "contracts/Token.sol")]) {
		t.Errorf("overlay not used: %q", got)
	}
}

func FuzzParseTOML(f *testing.F) {
	f.Add("[profile.default]\nsrc = 'src'\nremappings = [\n 'a=b',\n]\noptimizer = true\n")
	f.Add("x = [ \"a#b\", 'c' ] # c\n[t]\ny=1_0")
	f.Add("profile = { default = { optimizer = true, fs_permissions = [{ access = true, path = 'a' }] } }")
	f.Add("[profile.\"default\"]\noptimizer_details.yul = false\nlibraries = [1]\n[[profile.default.fs_permissions]]\npath = 1")
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := parseTOML(s) // must not panic or hang
		if err != nil {
			return
		}
		cfg := &foundryConfig{}
		for _, name := range doc.sub("profile").keys() {
			prof := doc.sub("profile", name)
			for _, k := range prof.keys() {
				cfg.apply("profile."+name+"."+k, k, prof[k]) // any value of any type
			}
		}
	})
}

// TestFoundryChainLimits reads the test chain's limits from foundry.toml:
// integers, Foundry's string form for values past int64, and the switch
// that lifts the code-size limit; a profile overrides the default.
func TestFoundryChainLimits(t *testing.T) {
	for _, tt := range []struct {
		toml string
		want ChainLimits
	}{
		{"[profile.default]\n", ChainLimits{}},
		{"[profile.default]\ngas_limit = 50_000_000\nblock_gas_limit = 60000000\ncode_size_limit = 40000\n",
			ChainLimits{ProjectGasLimit: 50_000_000, BlockGasLimit: 60_000_000, CodeSizeLimit: 40_000}},
		{"[profile.default]\ngas_limit = \"18446744073709551615\"\ndisable_code_size_limit = true\n",
			ChainLimits{ProjectGasLimit: 18446744073709551615, NoCodeSizeLimit: true}},
		{"[profile.default]\ngas_limit = \"lots\"\ncode_size_limit = -3\n", ChainLimits{}},
	} {
		root := writeTree(t, map[string]string{"foundry.toml": tt.toml, "src/A.sol": "pragma solidity ^0.8.0;\ncontract A {}\n"})
		p, err := LoadProject(root)
		if err != nil {
			t.Fatal(err)
		}
		if p.Limits != tt.want {
			t.Errorf("%q: limits %+v, want %+v", tt.toml, p.Limits, tt.want)
		}
	}
}

func TestRPCEndpoints(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\nsrc = \"src\"\n\n[rpc_endpoints]\nlocal = \"${FORESIGHT_TEST_RPC}\" # a node\nmainnet = \"https://eth.example/v2/${KEY}\"\n"), 0o644)
	got, err := RPCEndpoints(dir)
	if err != nil || len(got) != 2 || got["local"] != "${FORESIGHT_TEST_RPC}" || got["mainnet"] != "https://eth.example/v2/${KEY}" {
		t.Errorf("RPCEndpoints = %v, %v", got, err)
	}
	if got, err := RPCEndpoints(t.TempDir()); got != nil || err != nil {
		t.Errorf("no foundry.toml: %v, %v", got, err)
	}
}
