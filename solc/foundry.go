package solc

import (
	"fmt"
	"slices"
	"strings"
)

// foundryConfig holds the foundry.toml keys the driver honours, already
// merged from [profile.default] and the active profile.
type foundryConfig struct {
	Src, Test, Script    string
	Libs                 []string
	Remappings           []string
	Solc                 string // path or version ("solc" or "solc_version")
	Optimizer            *bool
	OptimizerRuns        *int
	ViaIR                *bool
	EVMVersion           string
	AutoDetectRemappings *bool
	Limits               ChainLimits
	FsPermissions        []FsPermission // nil when foundry.toml names none
	Fuzz                 FuzzConfig     // [fuzz], [invariant] and FOUNDRY_FUZZ_*/FOUNDRY_INVARIANT_* (foundry_fuzz.go)
	// Notes name the keys Foresight reads differently from forge or
	// ignores where the bytecode depends on them (foundry_warn.go), one
	// line each, for the user: "foundry.toml: profile.default.optimizer
	// = "yes" is not a boolean; ...".
	Notes []string
}

// readFoundryConfig reads foundry.toml with a real TOML decoder, so every
// spelling forge accepts gives the same settings: [profile.default], then
// the profile named (FOUNDRY_PROFILE's) over it. Malformed TOML is an
// error naming the line.
func readFoundryConfig(path, profile string) (*foundryConfig, error) {
	data, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	doc, err := parseTOML(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if profile == "" {
		profile = "default"
	}
	cfg := &foundryConfig{}
	profiles := []string{"default"}
	if profile != "default" {
		profiles = append(profiles, profile)
	}
	for _, name := range profiles {
		t := doc.sub("profile", name)
		for _, k := range t.keys() {
			cfg.apply("profile."+name+"."+k, k, t[k])
		}
	}
	cfg.Fuzz = projectFuzzConfig(doc, profile)
	return cfg, nil
}

// apply reads one key of a profile (full is its dotted path, for notes).
// A value of the wrong type is noted and left unset: forge would refuse
// the file, and guessing would fuzz other bytecode.
func (c *foundryConfig) apply(full, key string, v any) {
	if why, ok := bytecodeKeyNote(key, v); ok {
		c.note(full, why)
		return
	}
	var ok bool
	switch key {
	case "src":
		c.Src, ok = tomlString(v)
	case "test":
		c.Test, ok = tomlString(v)
	case "script":
		c.Script, ok = tomlString(v)
	case "libs":
		c.Libs, ok = tomlStrings(v)
	case "remappings":
		c.Remappings, ok = tomlStrings(v)
	case "solc", "solc_version":
		c.Solc, ok = tomlString(v)
	case "optimizer":
		c.Optimizer, ok = ptr(tomlBool(v))
	case "optimizer_runs":
		c.OptimizerRuns, ok = ptr(tomlInt(v))
	case "via_ir":
		c.ViaIR, ok = ptr(tomlBool(v))
	case "evm_version":
		c.EVMVersion, ok = c.evmVersion(full, v)
	case "auto_detect_remappings":
		c.AutoDetectRemappings, ok = ptr(tomlBool(v))
	case "fs_permissions":
		c.FsPermissions, ok = parseFsPermissions(v)
	default:
		ok = c.applyLimit(key, v)
	}
	if !ok {
		c.note(full, fmt.Sprintf("is %s where forge wants %s; ignored", tomlKind(v), foundryKeyKinds[key]))
	}
}

// foundryKeyKinds are the TOML types forge reads the keys above as.
var foundryKeyKinds = map[string]string{
	"src": "a string", "test": "a string", "script": "a string", "solc": "a string", "solc_version": "a string", "evm_version": "a string",
	"libs": "an array of strings", "remappings": "an array of strings", "fs_permissions": "an array of tables",
	"optimizer": "a boolean", "via_ir": "a boolean", "auto_detect_remappings": "a boolean", "disable_code_size_limit": "a boolean",
	"optimizer_runs": "an integer", "gas_limit": "a non-negative integer", "block_gas_limit": "a non-negative integer", "code_size_limit": "a non-negative integer",
}

// applyLimit reads the test chain's limits; true for any other key,
// which Foresight does not read.
func (c *foundryConfig) applyLimit(key string, v any) bool {
	var ok bool
	switch key {
	case "gas_limit":
		c.Limits.ProjectGasLimit, ok = tomlUint(v)
	case "block_gas_limit":
		c.Limits.BlockGasLimit, ok = tomlUint(v)
	case "code_size_limit":
		c.Limits.CodeSizeLimit, ok = tomlUint(v)
	case "disable_code_size_limit":
		c.Limits.NoCodeSizeLimit, ok = tomlBool(v)
	default:
		return true
	}
	return ok
}

// evmVersion reads evm_version as forge does, whatever its case
// ("Cancun"), in solc's spelling; an unknown one is noted and left to the
// compiler's default.
func (c *foundryConfig) evmVersion(full string, v any) (string, bool) {
	s, ok := tomlString(v)
	if !ok {
		return "", false
	}
	for _, known := range EVMVersions {
		if strings.EqualFold(s, known) {
			return known, true
		}
	}
	c.note(full, fmt.Sprintf("%q is none of %s; compiled with the compiler's default", s, strings.Join(EVMVersions, ", ")))
	return "", true
}

func (c *foundryConfig) note(full, why string) {
	c.Notes = append(c.Notes, fmt.Sprintf("foundry.toml: %s %s", full, why))
}

// ptr turns a typed read into the optional field's pointer.
func ptr[T any](v T, ok bool) (*T, bool) {
	if !ok {
		return nil, false
	}
	return &v, true
}

// sortedNotes returns notes sorted and without repeats.
func sortedNotes(notes []string) []string {
	out := slices.Clone(notes)
	slices.Sort(out)
	return slices.Compact(out)
}
