package solc

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzText renders a FuzzConfig's applied settings for comparison:
// "seed=42 depth=10", "-" for a field left unset.
func fuzzText(c FuzzConfig) string {
	seed, depth := "-", "-"
	if c.Seed != nil {
		seed = fmt.Sprint(*c.Seed)
	}
	if c.Depth != nil {
		depth = fmt.Sprint(*c.Depth)
	}
	return "seed=" + seed + " depth=" + depth
}

// TestFoundryFuzzConfig reads foundry.toml's fuzz keys: the standalone
// [fuzz] and [invariant] sections, then [profile.default.fuzz] (or its
// dotted keys), then the active profile's; forge's seed as a hex string,
// hex integer or decimal; keys that mean something else in Foresight are
// noted, not applied.
func TestFoundryFuzzConfig(t *testing.T) {
	for _, tt := range []struct {
		name, toml, profile string
		want                string
		notes               []string
	}{
		{"none", "[profile.default]\nsrc = 'src'\n", "", "seed=- depth=-", nil},
		{"standalone sections", "[fuzz]\nseed = '0x2a'\n[invariant]\ndepth = 7\n", "", "seed=42 depth=7", nil},
		{"hex integer seed", "[fuzz]\nseed = 0x10\n", "", "seed=16 depth=-", nil},
		{"decimal string seed", "[fuzz]\nseed = \"1000\"\n", "", "seed=1000 depth=-", nil},
		{"seed zero is fixed", "[fuzz]\nseed = 0\n", "", "seed=18446744073709551615 depth=-", nil},
		{"u256 seed folds", "[fuzz]\nseed = '0x10000000000000003'\n", "", "seed=2 depth=-", nil},
		{"profile default over standalone", "[invariant]\ndepth = 7\n[profile.default.invariant]\ndepth = 9\n", "", "seed=- depth=9", nil},
		{"dotted keys", "[profile.default]\ninvariant.depth = 11\nfuzz.seed = '0x3'\n", "", "seed=3 depth=11", nil},
		{"active profile over default", "[profile.default.invariant]\ndepth = 9\n[profile.ci.invariant]\ndepth = 100\n", "ci", "seed=- depth=100", nil},
		{"other profile ignored", "[profile.default.invariant]\ndepth = 9\n[profile.ci.invariant]\ndepth = 100\n", "", "seed=- depth=9", nil},
		{"unmapped keys noted", "[fuzz]\nruns = 1000\n[invariant]\nruns = 10\nfail_on_revert = true\ncorpus_dir = 'corpus'\n", "", "seed=- depth=-",
			[]string{"foundry.toml: fuzz.runs not applied: ", "foundry.toml: invariant.fail_on_revert not applied: ", "foundry.toml: invariant.runs not applied: "}},
		{"bad values noted", "[fuzz]\nseed = 'lots'\n[invariant]\ndepth = 0\n", "", "seed=- depth=-",
			[]string{"foundry.toml: fuzz.seed not applied: \"lots\" is not a number", "foundry.toml: invariant.depth not applied: \"0\" is not a count"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tables, err := parseTOML(tt.toml)
			if err != nil {
				t.Fatal(err)
			}
			c := fuzzConfigFromTOML(tables, tt.profile)
			if got := fuzzText(c); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if len(c.Notes) != len(tt.notes) {
				t.Fatalf("notes %q, want %d starting %q", c.Notes, len(tt.notes), tt.notes)
			}
			for i, n := range tt.notes {
				if !strings.HasPrefix(c.Notes[i], n) {
					t.Errorf("note %d = %q, want it to start %q", i, c.Notes[i], n)
				}
			}
		})
	}
}

// TestFoundryFuzzEnv: FOUNDRY_FUZZ_* and FOUNDRY_INVARIANT_* override
// foundry.toml's keys, as forge maps them, through LoadProject.
func TestFoundryFuzzEnv(t *testing.T) {
	env := fuzzConfigFromEnv([]string{"FOUNDRY_FUZZ_SEED=0xff", "FOUNDRY_INVARIANT_DEPTH=3", "FOUNDRY_INVARIANT_RUNS=5", "FOUNDRY_PROFILE=ci", "PATH=/bin"})
	if got := fuzzText(env); got != "seed=255 depth=3" {
		t.Errorf("env: got %s", got)
	}
	if len(env.Notes) != 1 || !strings.HasPrefix(env.Notes[0], "FOUNDRY_INVARIANT_RUNS: invariant.runs not applied") {
		t.Errorf("env notes %q", env.Notes)
	}

	root := t.TempDir()
	toml := "[profile.default]\nsrc = 'src'\n[fuzz]\nseed = '0x2a'\n[invariant]\ndepth = 7\n[profile.ci.invariant]\ndepth = 20\n"
	if err := os.WriteFile(filepath.Join(root, "foundry.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "seed=42 depth=7"},
		{map[string]string{"FOUNDRY_PROFILE": "ci"}, "seed=42 depth=20"},
		{map[string]string{"FOUNDRY_PROFILE": "ci", "FOUNDRY_INVARIANT_DEPTH": "4"}, "seed=42 depth=4"},
		{map[string]string{"FOUNDRY_FUZZ_SEED": "9"}, "seed=9 depth=7"},
	} {
		t.Run(fmt.Sprint(tt.env), func(t *testing.T) {
			for _, k := range []string{"FOUNDRY_PROFILE", "FOUNDRY_INVARIANT_DEPTH", "FOUNDRY_FUZZ_SEED"} {
				t.Setenv(k, tt.env[k])
				if tt.env[k] == "" {
					os.Unsetenv(k)
				}
			}
			p, err := LoadProject(root)
			if err != nil {
				t.Fatal(err)
			}
			if got := fuzzText(p.Fuzz); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// TestInlineFuzzConfig reads `forge-config` comments: the default
// profile's and the active one's (over them), in /// and /** */
// comments, never in code; a key set twice to another value keeps the
// first and says so.
func TestInlineFuzzConfig(t *testing.T) {
	src := `pragma solidity ^0.8.0;
/// forge-config: default.invariant.depth = 10
/// forge-config: ci.invariant.depth = 30
/// forge-config: default.invariant.runs = 5
contract T {
    /**
     * forge-config: default.fuzz.seed = "0x7"
     */
    function invariant_a() public {}
    /// forge-config: default.invariant.depth = 12
    function invariant_b() public {}
    string s = "forge-config: default.invariant.depth = 99";
}
`
	for _, tt := range []struct {
		profile, want string
		notes         []string
	}{
		{"", "seed=7 depth=10", []string{"T.sol:10: invariant.depth not applied: set to 10 before", "T.sol:4: invariant.runs not applied: "}},
		{"ci", "seed=7 depth=30", []string{"T.sol:10: invariant.depth not applied: set to 10 before", "T.sol:4: invariant.runs not applied: "}},
		{"other", "seed=7 depth=10", []string{"T.sol:10: invariant.depth not applied: set to 10 before", "T.sol:4: invariant.runs not applied: "}},
	} {
		t.Run(tt.profile, func(t *testing.T) {
			c := InlineFuzzConfig(tt.profile, SourceText{Path: "T.sol", Text: []byte(src)})
			if got := fuzzText(c); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if len(c.Notes) != len(tt.notes) {
				t.Fatalf("notes %q, want %q...", c.Notes, tt.notes)
			}
			for i, n := range tt.notes {
				if !strings.HasPrefix(c.Notes[i], n) {
					t.Errorf("note %d = %q, want it to start %q", i, c.Notes[i], n)
				}
			}
		})
	}
}

func FuzzFoundryFuzzConfig(f *testing.F) {
	f.Add("[fuzz]\nseed = '0x2a'\n[invariant]\ndepth = 7\n[profile.ci.invariant]\ndepth = 20\n", "ci")
	f.Add("[profile.default]\ninvariant.depth = 11\nfuzz.seed = 0x3\n", "")
	f.Fuzz(func(t *testing.T, toml, profile string) {
		tables, err := parseTOML(toml)
		if err != nil {
			return
		}
		c := fuzzConfigFromTOML(tables, profile) // must not panic or hang
		if c.Depth != nil && *c.Depth < 1 {
			t.Errorf("depth %d applied", *c.Depth)
		}
		if c.Seed != nil && *c.Seed == 0 {
			t.Errorf("seed 0 (Foresight's clock) applied")
		}
	})
}

func FuzzInlineFuzzConfig(f *testing.F) {
	f.Add("/// forge-config: default.invariant.depth = 10\ncontract C {}", "")
	f.Add("/** forge-config: ci.fuzz.seed = \"0x7\" */", "ci")
	f.Fuzz(func(t *testing.T, src, profile string) {
		c := InlineFuzzConfig(profile, SourceText{Path: "F.sol", Text: []byte(src)}) // must not panic or hang
		if c.Depth != nil && *c.Depth < 1 {
			t.Errorf("depth %d applied", *c.Depth)
		}
		if c.Seed != nil && *c.Seed == 0 {
			t.Errorf("seed 0 (Foresight's clock) applied")
		}
	})
}
