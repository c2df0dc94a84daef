package solc

import (
	"fmt"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"
)

// fuzzSection and invariantSection are foundry.toml's tables of forge's
// fuzzer settings (a Foundry name, not a finding kind).
const (
	fuzzSection      = "fuzz"
	invariantSection = "invariant"
)

// FuzzConfig is what Foundry's fuzz configuration says that means the
// same thing in Foresight: foundry.toml's [fuzz] and [invariant] sections
// (and a profile's), the FOUNDRY_FUZZ_* and FOUNDRY_INVARIANT_* variables
// and inline `forge-config` comments. Nil fields are unset.
type FuzzConfig struct {
	// Seed is fuzz.seed (forge's invariant campaigns use it too), folded
	// to 64 bits; forge's seed 0 is MaxUint64, since Foresight's 0 means
	// "from the clock".
	Seed *uint64
	// Depth is invariant.depth: the calls of one sequence, Foresight's
	// longest sequence (--max-seq-len).
	Depth *int
	// CorpusDir and FailureDir are invariant.corpus_dir and
	// invariant.failure_persist_dir as written (relative to the project
	// root unless absolute): the forge files a campaign is seeded from
	// (plan.LoadForgeCorpus) and where an exported invariant failure is
	// written for forge to replay. FailOnRevert is invariant.fail_on_revert,
	// which forge's failure files record; Foresight's campaigns do not
	// apply it.
	CorpusDir, FailureDir *string
	FailOnRevert          *bool
	// Notes say which keys were set and not applied, and why:
	// "foundry.toml: invariant.runs not applied: ...". Sorted.
	Notes []string
}

// forgeFuzzKeys are the keys of forge's fuzz configuration Foresight reads
// and does not apply, with why; fuzz.seed and invariant.depth are applied.
// docs/cli.md ("Foundry's fuzz configuration") has the same table.
var forgeFuzzKeys = map[string]string{
	"fuzz.runs":                    "forge's runs are per test; Foresight's budget is per campaign (--execs sequences, --timeout)",
	"invariant.runs":               "forge's runs are depth-long sequences per invariant; Foresight's budget is per campaign (--execs, --timeout) and its sequences grow only where they open new coverage",
	"fuzz.timeout":                 "per test in forge; --timeout is the whole campaign's",
	"invariant.timeout":            "per invariant in forge; --timeout is the whole campaign's",
	"invariant.fail_on_revert":     "Foresight reports a revert only when an oracle says it is a bug (docs/oracles.md)",
	"fuzz.corpus_dir":              "forge's stateless fuzz tests' corpus: Foresight does not fuzz test functions (invariant.corpus_dir seeds its set-up campaigns)",
	"fuzz.failure_persist_dir":     "forge's stateless fuzz tests' failures: Foresight does not fuzz test functions (invariant.failure_persist_dir's failures seed its set-up campaigns)",
	"fuzz.failure_persist_file":    "forge's failure files; Foresight's findings are in its report",
	"invariant.call_override":      "Foresight's reentrant attacker contract calls back on every campaign",
	"invariant.shrink_run_limit":   "Foresight shrinks each finding to a fixpoint within its own limit",
	"fuzz.dictionary_weight":       "Foresight's dictionary and input prediction are not weighted",
	"invariant.dictionary_weight":  "Foresight's dictionary and input prediction are not weighted",
	"fuzz.max_test_rejects":        "Foresight has no assume/reject step",
	"invariant.max_assume_rejects": "Foresight has no assume/reject step",
	"fuzz.include_storage":         "Foresight always adds storage values to its dictionary",
	"invariant.include_storage":    "Foresight always adds storage values to its dictionary",
	"fuzz.include_push_bytes":      "Foresight always adds the bytecode's constants to its dictionary",
	"invariant.include_push_bytes": "Foresight always adds the bytecode's constants to its dictionary",
	"fuzz.show_logs":               "forge's output",
	"invariant.show_metrics":       "forge's output",
	"invariant.show_solidity":      "forge's output; replay --export writes Solidity tests",
	"fuzz.gas_report_samples":      "forge's gas report",
}

// set applies one key ("fuzz.seed") with its value as written; from
// names where it came from, for notes.
func (c *FuzzConfig) set(key, val, from string) {
	switch key {
	case "fuzz.seed":
		if s, ok := parseForgeSeed(val); ok {
			c.Seed = &s
			return
		}
		c.note(from, key, fmt.Sprintf("%q is not a number", val))
	case "invariant.depth":
		if d, err := strconv.Atoi(strings.ReplaceAll(val, "_", "")); err == nil && d >= 1 {
			c.Depth = &d
			return
		}
		c.note(from, key, fmt.Sprintf("%q is not a count of 1 or more calls", val))
	case "invariant.corpus_dir", "invariant.failure_persist_dir":
		v := strings.TrimSpace(val)
		if key == "invariant.corpus_dir" {
			c.CorpusDir = &v
		} else {
			c.FailureDir = &v
		}
	case "invariant.fail_on_revert":
		if b, err := strconv.ParseBool(strings.TrimSpace(val)); err == nil {
			c.FailOnRevert = &b
		}
		c.note(from, key, forgeFuzzKeys[key])
	default:
		why, known := forgeFuzzKeys[key]
		if !known {
			why = "not a key Foresight knows"
		}
		c.note(from, key, why)
	}
}

func (c *FuzzConfig) note(from, key, why string) {
	c.Notes = append(c.Notes, fmt.Sprintf("%s: %s not applied: %s", from, key, why))
}

// Over returns c with o's settings on top (o wins), notes of both.
func (c FuzzConfig) Over(o FuzzConfig) FuzzConfig {
	out := c
	if o.Seed != nil {
		out.Seed = o.Seed
	}
	if o.Depth != nil {
		out.Depth = o.Depth
	}
	if o.CorpusDir != nil {
		out.CorpusDir = o.CorpusDir
	}
	if o.FailureDir != nil {
		out.FailureDir = o.FailureDir
	}
	if o.FailOnRevert != nil {
		out.FailOnRevert = o.FailOnRevert
	}
	out.Notes = append(append([]string(nil), c.Notes...), o.Notes...)
	sort.Strings(out.Notes)
	return out
}

// parseForgeSeed reads forge's seed: a U256 written as a decimal or 0x
// hex number (TOML integer or string), folded to 64 bits by xor of its
// words so every seed stays a fixed one.
func parseForgeSeed(val string) (uint64, bool) {
	s := strings.ReplaceAll(strings.TrimSpace(val), "_", "")
	n := new(big.Int)
	var ok bool
	if h, isHex := strings.CutPrefix(strings.ToLower(s), "0x"); isHex {
		_, ok = n.SetString(h, 16)
	} else {
		_, ok = n.SetString(s, 10)
	}
	if !ok || n.Sign() < 0 || n.BitLen() > 256 {
		return 0, false
	}
	var seed uint64
	for _, w := range n.Bits() {
		seed ^= uint64(w)
	}
	if seed == 0 {
		seed = ^uint64(0) // forge's seed 0 is a fixed seed, Foresight's means the clock
	}
	return seed, true
}

// fuzzConfigFromTOML reads the fuzz keys of foundry.toml for a profile:
// [fuzz] and [invariant], then [profile.default.fuzz] (however it is
// spelled: dotted keys `fuzz.seed` in [profile.default] decode to the
// same table), then the profile's.
func fuzzConfigFromTOML(doc tomlTable, profile string) FuzzConfig {
	var c FuzzConfig
	layer := func(t tomlTable) {
		for _, section := range []string{fuzzSection, invariantSection} {
			s := t.sub(section)
			for _, k := range s.keys() {
				c.set(section+"."+k, tomlText(s[k]), "foundry.toml")
			}
		}
	}
	layer(doc)
	layer(doc.sub("profile", "default"))
	if profile != "" && profile != "default" {
		layer(doc.sub("profile", profile))
	}
	sort.Strings(c.Notes)
	return c
}

// fuzzConfigFromEnv reads FOUNDRY_FUZZ_* and FOUNDRY_INVARIANT_* from env
// (os.Environ's form), as forge maps them: FOUNDRY_INVARIANT_DEPTH is
// invariant.depth.
func fuzzConfigFromEnv(env []string) FuzzConfig {
	var c FuzzConfig
	sorted := append([]string(nil), env...)
	sort.Strings(sorted)
	for _, kv := range sorted {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		for _, section := range []string{fuzzSection, invariantSection} {
			prefix := "FOUNDRY_" + strings.ToUpper(section) + "_"
			if rest, ok := strings.CutPrefix(name, prefix); ok && rest != "" {
				c.set(section+"."+strings.ToLower(rest), val, name)
			}
		}
	}
	return c
}

// projectFuzzConfig is a Foundry project's fuzz configuration: the
// environment's over foundry.toml's.
func projectFuzzConfig(doc tomlTable, profile string) FuzzConfig {
	return fuzzConfigFromTOML(doc, profile).Over(fuzzConfigFromEnv(os.Environ()))
}
