package solc

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// A ProjectCompiler is one compiler a project's configuration lists, with
// the settings it gives that compiler (Hardhat's solidity.compilers).
type ProjectCompiler struct {
	Version  Version
	Settings Settings
}

// errNotLiteral: the config computes its solidity value, so Foresight (which
// never runs a config) cannot know it.
var errNotLiteral = errors.New("not a literal")

// maxLiteralDepth bounds nesting, so hostile input cannot exhaust the stack.
const maxLiteralDepth = 32

// HardhatConfig is what Foresight reads of a Hardhat config's solidity
// entry.
type HardhatConfig struct {
	Compilers []ProjectCompiler
	// Overrides are solidity.overrides: the compiler and settings of
	// single files, by source name ("contracts/Foo.sol").
	Overrides map[string]ProjectCompiler
	// Stated: some compiler's settings name the optimizer or viaIR, so
	// the project chose them (Foresight then retries nothing).
	Stated bool
}

// readHardhatConfig reads the solidity entry of a hardhat.config.{js,ts}
// file without executing it. See ParseHardhatConfig.
func readHardhatConfig(path string) (*HardhatConfig, error) {
	data, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	return ParseHardhatConfig(string(data))
}

// ParseHardhatSolidity is ParseHardhatConfig's list of compilers.
func ParseHardhatSolidity(text string) ([]ProjectCompiler, error) {
	c, err := ParseHardhatConfig(text)
	if err != nil || c == nil {
		return nil, err
	}
	return c.Compilers, nil
}

// ParseHardhatConfig finds the `solidity:` entry of a Hardhat config's
// source text and reads it when it is a literal: "0.8.19", { version,
// settings }, or { compilers: [{ version, settings }, ...], overrides:
// { "contracts/A.sol": { version, settings } } }. Settings keep
// optimizer.enabled, optimizer.runs, viaIR and evmVersion. It returns nil
// and no error when the text has no solidity entry, and an error wrapping
// errNotLiteral when the entry is computed (a variable, a call, a spread).
func ParseHardhatConfig(text string) (*HardhatConfig, error) {
	lx := &jsLexer{src: text}
	prev := jsToken{}
	for {
		tok := lx.next()
		if tok.kind == jsEOF {
			return nil, nil
		}
		if tok.kind == ':' && (prev.kind == jsIdent || prev.kind == jsString) && prev.text == "solidity" {
			v, err := parseJSValue(lx, 0)
			if err != nil {
				return nil, fmt.Errorf("hardhat config solidity: %w", err)
			}
			return hardhatConfig(v)
		}
		prev = tok
	}
}

func hardhatConfig(v any) (*HardhatConfig, error) {
	cfg := &HardhatConfig{}
	switch v := v.(type) {
	case string:
		c, _, err := hardhatCompiler(map[string]any{"version": v})
		if err != nil {
			return nil, err
		}
		cfg.Compilers = []ProjectCompiler{c}
		return cfg, nil
	case map[string]any:
		if err := cfg.readOverrides(v["overrides"]); err != nil {
			return nil, err
		}
		list, ok := v["compilers"].([]any)
		if !ok {
			c, stated, err := hardhatCompiler(v)
			if err != nil {
				return nil, err
			}
			cfg.Compilers, cfg.Stated = []ProjectCompiler{c}, cfg.Stated || stated
			return cfg, nil
		}
		for _, item := range list {
			m, ok := item.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("hardhat config solidity.compilers: entry is not an object")
			}
			c, stated, err := hardhatCompiler(m)
			if err != nil {
				return nil, err
			}
			cfg.Compilers, cfg.Stated = append(cfg.Compilers, c), cfg.Stated || stated
		}
		return cfg, nil
	}
	return nil, fmt.Errorf("hardhat config solidity: want a version string or an object")
}

// readOverrides reads solidity.overrides, when present.
func (cfg *HardhatConfig) readOverrides(v any) error {
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("hardhat config solidity.overrides: want an object")
	}
	for name, item := range m {
		o, ok := item.(map[string]any)
		if !ok {
			return fmt.Errorf("hardhat config solidity.overrides[%q]: want an object", name)
		}
		c, stated, err := hardhatCompiler(o)
		if err != nil {
			return fmt.Errorf("hardhat config solidity.overrides[%q]: %w", name, err)
		}
		if cfg.Overrides == nil {
			cfg.Overrides = map[string]ProjectCompiler{}
		}
		cfg.Overrides[path.Clean(filepath.ToSlash(name))] = c
		cfg.Stated = cfg.Stated || stated
	}
	return nil
}

// hardhatCompiler reads one { version, settings } object; stated says
// whether its settings name the optimizer or viaIR.
func hardhatCompiler(m map[string]any) (ProjectCompiler, bool, error) {
	s, _ := m["version"].(string)
	ver, err := ParseVersion(s)
	if err != nil {
		return ProjectCompiler{}, false, fmt.Errorf("hardhat config solidity version %q: %w", s, err)
	}
	c := ProjectCompiler{Version: ver, Settings: Settings{OptimizerRuns: 200}}
	settings, _ := m["settings"].(map[string]any)
	opt, stated := settings["optimizer"].(map[string]any)
	if stated {
		c.Settings.Optimizer, _ = opt["enabled"].(bool)
		if runs, ok := opt["runs"].(float64); ok && runs >= 0 && runs <= 1<<32 {
			c.Settings.OptimizerRuns = int(runs)
		}
	}
	ir, ok := settings["viaIR"].(bool)
	c.Settings.ViaIR, stated = ir, stated || ok
	c.Settings.EVMVersion, _ = settings["evmVersion"].(string)
	return c, stated, nil
}

// parseJSValue reads one literal value: an object, an array, a string, a
// number, true or false. Anything else is errNotLiteral.
func parseJSValue(lx *jsLexer, depth int) (any, error) {
	if depth > maxLiteralDepth {
		return nil, fmt.Errorf("nested deeper than %d: %w", maxLiteralDepth, errNotLiteral)
	}
	tok := lx.next()
	switch tok.kind {
	case jsString:
		return tok.text, nil
	case jsNumber:
		n, err := strconv.ParseFloat(strings.ReplaceAll(tok.text, "_", ""), 64)
		if err != nil {
			return nil, fmt.Errorf("number %q: %w", tok.text, errNotLiteral)
		}
		return n, nil
	case jsIdent:
		switch tok.text {
		case "true", "false":
			return tok.text == "true", nil
		}
		return nil, fmt.Errorf("%s: %w", tok.text, errNotLiteral)
	case '{':
		return parseJSObject(lx, depth)
	case '[':
		return parseJSArray(lx, depth)
	}
	return nil, fmt.Errorf("unexpected %q: %w", tok.text, errNotLiteral)
}

func parseJSObject(lx *jsLexer, depth int) (any, error) {
	m := map[string]any{}
	for {
		key := lx.next()
		switch key.kind {
		case '}':
			return m, nil
		case jsIdent, jsString, jsNumber:
		default:
			return nil, fmt.Errorf("object key %q: %w", key.text, errNotLiteral)
		}
		if tok := lx.next(); tok.kind != ':' {
			return nil, fmt.Errorf("after key %s, %q: %w", key.text, tok.text, errNotLiteral)
		}
		v, err := parseJSValue(lx, depth+1)
		if err != nil {
			return nil, err
		}
		m[key.text] = v
		switch tok := lx.next(); tok.kind {
		case ',':
		case '}':
			return m, nil
		default:
			return nil, fmt.Errorf("in object, %q: %w", tok.text, errNotLiteral)
		}
	}
}

func parseJSArray(lx *jsLexer, depth int) (any, error) {
	var list []any
	for {
		if lx.peek().kind == ']' {
			lx.next()
			return list, nil
		}
		v, err := parseJSValue(lx, depth+1)
		if err != nil {
			return nil, err
		}
		list = append(list, v)
		switch tok := lx.next(); tok.kind {
		case ',':
		case ']':
			return list, nil
		default:
			return nil, fmt.Errorf("in array, %q: %w", tok.text, errNotLiteral)
		}
	}
}
