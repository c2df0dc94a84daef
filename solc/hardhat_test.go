package solc

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
)

func TestParseHardhatSolidity(t *testing.T) {
	v := MustVersion
	def := Settings{OptimizerRuns: 200}
	tests := []struct {
		name, text string
		want       []ProjectCompiler
		notLiteral bool
	}{
		{"string", `module.exports = { solidity: "0.8.19" };`, []ProjectCompiler{{v("0.8.19"), def}}, false},
		{"object", `// solidity: "0.4.0" in a comment does not count
import { HardhatUserConfig } from "hardhat/config";
const config: HardhatUserConfig = {
  solidity: {
    version: '0.8.20', /* inline */
    settings: { optimizer: { enabled: true, runs: 1_000, }, viaIR: true, evmVersion: "paris" },
  },
};
export default config;`, []ProjectCompiler{{v("0.8.20"), Settings{Optimizer: true, OptimizerRuns: 1000, ViaIR: true, EVMVersion: "paris"}}}, false},
		{"compilers", `module.exports = {
  networks: { hardhat: { chainId: 1337 } },
  "solidity": { compilers: [ { version: "0.6.12" }, { version: "0.8.19", settings: { optimizer: { enabled: true, runs: 200 } } } ],
    overrides: { "contracts/A.sol": { version: "0.7.6" } } },
};`, []ProjectCompiler{{v("0.6.12"), def}, {v("0.8.19"), Settings{Optimizer: true, OptimizerRuns: 200}}}, false},
		{"template", "module.exports = { solidity: `0.8.4` }", []ProjectCompiler{{v("0.8.4"), def}}, false},
		{"none", `module.exports = { networks: {} }`, nil, false},
		{"variable", `const V = "0.8.19"; module.exports = { solidity: V }`, nil, true},
		{"call", `module.exports = { solidity: pick("0.8.19") }`, nil, true},
		{"spread", `module.exports = { solidity: { ...base, version: "0.8.19" } }`, nil, true},
		{"interpolated", "module.exports = { solidity: `0.8.${minor}` }", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseHardhatSolidity(tt.text)
			if tt.notLiteral {
				if !errors.Is(err, errNotLiteral) {
					t.Fatalf("err = %v, want errNotLiteral", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func FuzzParseHardhatSolidity(f *testing.F) {
	f.Add(`module.exports = { solidity: "0.8.19" };`)
	f.Add(`export default { solidity: { compilers: [{ version: "0.8.19", settings: { optimizer: { enabled: true, runs: 200 } } }] } }`)
	f.Add("solidity: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[")
	f.Add("solidity: `")
	f.Add(`solidity: { version: "0.8.1", settings: { optimizer: { runs: 1e400 } } }`)
	f.Add(`solidity: { compilers: [{ version: "0.8.19" }], overrides: { "contracts/A.sol": { version: "0.7.6", settings: { viaIR: true } } } }`)
	f.Fuzz(func(t *testing.T, text string) {
		if cfg, err := ParseHardhatConfig(text); err == nil && cfg != nil {
			for _, c := range cfg.Overrides {
				if c.Settings.OptimizerRuns < 0 {
					t.Fatalf("bad override %+v", c)
				}
			}
		}
		cs, err := ParseHardhatSolidity(text)
		if err != nil && cs != nil {
			t.Fatalf("compilers %v with error %v", cs, err)
		}
		for _, c := range cs {
			if v, err := ParseVersion(c.Version.String()); err != nil || v != c.Version || c.Settings.OptimizerRuns < 0 {
				t.Fatalf("bad compiler %+v", c)
			}
		}
	})
}

func TestParseHardhatConfigOverrides(t *testing.T) {
	text := `module.exports = { solidity: { compilers: [{ version: "0.8.19" }],
  overrides: { "contracts/Old.sol": { version: "0.6.12", settings: { optimizer: { enabled: true, runs: 50 } } }, "./contracts/B.sol": { version: "0.8.15" } } } }`
	cfg, err := ParseHardhatConfig(text)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]ProjectCompiler{
		"contracts/Old.sol": {MustVersion("0.6.12"), Settings{Optimizer: true, OptimizerRuns: 50}},
		"contracts/B.sol":   {MustVersion("0.8.15"), Settings{OptimizerRuns: 200}},
	}
	if !reflect.DeepEqual(cfg.Overrides, want) || !cfg.Stated {
		t.Errorf("overrides %+v stated %v, want %+v and stated", cfg.Overrides, cfg.Stated, want)
	}
	cfg, err = ParseHardhatConfig(`module.exports = { solidity: "0.8.19" }`)
	if err != nil || cfg.Stated {
		t.Errorf("a bare version states no settings: %+v %v", cfg, err)
	}
	for _, bad := range []string{`solidity: { overrides: [] }`, `solidity: { overrides: { "a.sol": "0.8.0" } }`, `solidity: { overrides: { "a.sol": { version: "x" } } }`} {
		if _, err := ParseHardhatConfig(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestHardhatOverrideCompiles: a file Hardhat's overrides name compiles
// with its own compiler; the others with the configured one.
func TestHardhatOverrideCompiles(t *testing.T) {
	root := writeTree(t, map[string]string{
		"hardhat.config.js": `module.exports = { solidity: { compilers: [{ version: "0.8.37" }], overrides: { "contracts/Old.sol": { version: "0.6.12" } } } };`,
		"contracts/Old.sol": "pragma solidity >=0.6.0;\ncontract Old {}\n",
		"contracts/New.sol": "pragma solidity >=0.6.0;\ncontract New {}\n",
	})
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := testToolchain(t).Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "contracts/Old.sol"), filepath.Join(root, "contracts/New.sol")}, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, b := range bs {
		for _, r := range b.Roots {
			got[r] = rootOutcome(b)
		}
	}
	if got["contracts/Old.sol"] != "0.6.12" || got["contracts/New.sol"] != "0.8.37" {
		t.Errorf("versions %v, want Old.sol 0.6.12 and New.sol 0.8.37", got)
	}
}
