package solc

import (
	"errors"
	"fmt"
	"os"
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

// readHardhatConfig reads the solidity compilers of a hardhat.config.{js,ts}
// file without executing it. See ParseHardhatSolidity.
func readHardhatConfig(path string) ([]ProjectCompiler, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseHardhatSolidity(string(data))
}

// ParseHardhatSolidity finds the `solidity:` entry of a Hardhat config's
// source text and reads it when it is a literal: "0.8.19", { version,
// settings }, or { compilers: [{ version, settings }, ...] }. Settings keep
// optimizer.enabled, optimizer.runs, viaIR and evmVersion. It returns nil
// and no error when the text has no solidity entry, and an error wrapping
// errNotLiteral when the entry is computed (a variable, a call, a spread).
func ParseHardhatSolidity(text string) ([]ProjectCompiler, error) {
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
			return hardhatCompilers(v)
		}
		prev = tok
	}
}

func hardhatCompilers(v any) ([]ProjectCompiler, error) {
	switch v := v.(type) {
	case string:
		c, err := hardhatCompiler(map[string]any{"version": v})
		if err != nil {
			return nil, err
		}
		return []ProjectCompiler{c}, nil
	case map[string]any:
		if list, ok := v["compilers"].([]any); ok {
			var out []ProjectCompiler
			for _, item := range list {
				m, ok := item.(map[string]any)
				if !ok {
					return nil, fmt.Errorf("hardhat config solidity.compilers: entry is not an object")
				}
				c, err := hardhatCompiler(m)
				if err != nil {
					return nil, err
				}
				out = append(out, c)
			}
			return out, nil
		}
		c, err := hardhatCompiler(v)
		if err != nil {
			return nil, err
		}
		return []ProjectCompiler{c}, nil
	}
	return nil, fmt.Errorf("hardhat config solidity: want a version string or an object")
}

func hardhatCompiler(m map[string]any) (ProjectCompiler, error) {
	s, _ := m["version"].(string)
	ver, err := ParseVersion(s)
	if err != nil {
		return ProjectCompiler{}, fmt.Errorf("hardhat config solidity version %q: %w", s, err)
	}
	c := ProjectCompiler{Version: ver, Settings: Settings{OptimizerRuns: 200}}
	settings, _ := m["settings"].(map[string]any)
	if opt, ok := settings["optimizer"].(map[string]any); ok {
		c.Settings.Optimizer, _ = opt["enabled"].(bool)
		if runs, ok := opt["runs"].(float64); ok && runs >= 0 && runs <= 1<<32 {
			c.Settings.OptimizerRuns = int(runs)
		}
	}
	c.Settings.ViaIR, _ = settings["viaIR"].(bool)
	c.Settings.EVMVersion, _ = settings["evmVersion"].(string)
	return c, nil
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
