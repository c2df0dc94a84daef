package solc

import (
	"fmt"
	"strconv"
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
}

// readFoundryConfig parses the subset of TOML that foundry.toml files use
// for the keys above. Unknown keys and value types are ignored; a malformed
// line is an error naming the line.
func readFoundryConfig(path, profile string) (*foundryConfig, error) {
	data, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	tables, err := parseTOML(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	cfg := &foundryConfig{}
	apply := func(kv map[string]tomlValue) {
		for k, v := range kv {
			switch k {
			case "src":
				cfg.Src = v.str
			case "test":
				cfg.Test = v.str
			case "script":
				cfg.Script = v.str
			case "libs":
				cfg.Libs = v.list
			case "remappings":
				cfg.Remappings = v.list
			case "solc", "solc_version":
				cfg.Solc = v.str
			case "optimizer":
				b := v.boolean
				cfg.Optimizer = &b
			case "optimizer_runs":
				n := v.integer
				cfg.OptimizerRuns = &n
			case "via_ir":
				b := v.boolean
				cfg.ViaIR = &b
			case "evm_version":
				cfg.EVMVersion = v.str
			case "auto_detect_remappings":
				b := v.boolean
				cfg.AutoDetectRemappings = &b
			case "gas_limit":
				cfg.Limits.ProjectGasLimit = v.uint()
			case "block_gas_limit":
				cfg.Limits.BlockGasLimit = v.uint()
			case "code_size_limit":
				cfg.Limits.CodeSizeLimit = v.uint()
			case "disable_code_size_limit":
				cfg.Limits.NoCodeSizeLimit = v.boolean
			case "fs_permissions":
				cfg.FsPermissions = parseFsPermissions(v.raw)
			}
		}
	}
	apply(tables["profile.default"])
	if profile != "" && profile != "default" {
		apply(tables["profile."+profile])
	}
	cfg.Fuzz = projectFuzzConfig(tables, profile)
	return cfg, nil
}

type tomlValue struct {
	raw     string // the value as written (arrays joined onto one line)
	str     string
	list    []string
	boolean bool
	integer int
}

// uint is a non-negative integer written as a TOML integer or, as
// Foundry allows for values past int64 ("18446744073709551615"), a string;
// 0 when it is neither.
func (v tomlValue) uint() uint64 {
	if v.integer > 0 {
		return uint64(v.integer)
	}
	n, err := strconv.ParseUint(strings.ReplaceAll(v.str, "_", ""), 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// parseTOML reads tables of scalar and string-array values. It is enough for
// foundry.toml's compiler keys, not a general TOML parser.
func parseTOML(text string) (map[string]map[string]tomlValue, error) {
	tables := map[string]map[string]tomlValue{}
	cur := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(stripTOMLComment(lines[i]))
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "[") {
			name := strings.Trim(line, "[] ")
			cur = strings.ReplaceAll(name, " ", "")
			continue
		}
		eq := strings.Index(line, "=")
		if eq <= 0 {
			return nil, fmt.Errorf("line %d: expected key = value", i+1)
		}
		key := strings.Trim(strings.TrimSpace(line[:eq]), `"'`)
		val := strings.TrimSpace(line[eq+1:])
		// Multi-line arrays: gather until the brackets balance.
		if strings.HasPrefix(val, "[") {
			for strings.Count(val, "[") > strings.Count(val, "]") && i+1 < len(lines) {
				i++
				val += " " + strings.TrimSpace(stripTOMLComment(lines[i]))
			}
		}
		v, ok := parseTOMLValue(val)
		if !ok {
			continue
		}
		v.raw = val
		if tables[cur] == nil {
			tables[cur] = map[string]tomlValue{}
		}
		tables[cur][key] = v
	}
	return tables, nil
}

func stripTOMLComment(s string) string {
	inStr := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0 && c == inStr:
			inStr = 0
		case inStr == 0 && (c == '"' || c == '\''):
			inStr = c
		case inStr == 0 && c == '#':
			return s[:i]
		}
	}
	return s
}

func parseTOMLValue(val string) (tomlValue, bool) {
	switch {
	case val == "true" || val == "false":
		return tomlValue{boolean: val == "true"}, true
	case strings.HasPrefix(val, `"`) || strings.HasPrefix(val, "'"):
		return tomlValue{str: unquoteTOML(val)}, true
	case strings.HasPrefix(val, "["):
		inner := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(val, "["), "]"))
		var list []string
		for _, item := range splitTOMLArray(inner) {
			item = strings.TrimSpace(item)
			if item != "" {
				list = append(list, unquoteTOML(item))
			}
		}
		return tomlValue{list: list}, true
	default:
		n, err := strconv.Atoi(strings.ReplaceAll(val, "_", ""))
		if err != nil {
			if _, err := strconv.ParseUint(strings.ReplaceAll(val, "_", ""), 0, 64); err == nil || strings.HasPrefix(val, "0x") {
				return tomlValue{str: val}, true // hex (forge's seed) or past int64
			}
			return tomlValue{}, false
		}
		return tomlValue{integer: n}, true
	}
}

// splitTOMLArray splits at the commas outside strings and outside nested
// inline tables or arrays (fs_permissions' `{ access = "read", path = "./" }`).
func splitTOMLArray(s string) []string {
	var out []string
	inStr := byte(0)
	start, depth := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr != 0 && c == inStr:
			inStr = 0
		case inStr == 0 && (c == '"' || c == '\''):
			inStr = c
		case inStr == 0 && (c == '{' || c == '['):
			depth++
		case inStr == 0 && (c == '}' || c == ']'):
			depth--
		case inStr == 0 && depth == 0 && c == ',':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func unquoteTOML(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
		return s[1 : len(s)-1]
	}
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	return s
}
