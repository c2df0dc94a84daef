package solc

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// tomlTable is a decoded TOML table: every spelling TOML allows for the
// same key (`[profile.default] optimizer = true`, the dotted key
// `profile.default.optimizer = true`, the inline table
// `profile = { default = { optimizer = true } }`, `[profile."default"]`)
// decodes to the same nesting, as forge reads it.
type tomlTable map[string]any

// parseTOML decodes a whole TOML document. Malformed TOML is an error
// naming the line, as forge refuses the file too.
func parseTOML(text string) (tomlTable, error) {
	doc := tomlTable{}
	if _, err := toml.Decode(text, (*map[string]any)(&doc)); err != nil {
		return nil, fmt.Errorf("parse TOML: %w", err)
	}
	return doc, nil
}

// sub returns the table at path (nil when a step is missing or not a
// table): doc.sub("profile", "default").
func (t tomlTable) sub(path ...string) tomlTable {
	cur := t
	for _, k := range path {
		m, ok := cur[k].(map[string]any)
		if !ok {
			return nil
		}
		cur = m
	}
	return cur
}

// keys returns t's keys in order, so notes and layers are deterministic.
func (t tomlTable) keys() []string {
	out := make([]string, 0, len(t))
	for k := range t {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// tomlString is v as a string, false when v is not one.
func tomlString(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok
}

// tomlBool is v as a boolean, false when v is not one.
func tomlBool(v any) (b, ok bool) {
	b, ok = v.(bool)
	return b, ok
}

// tomlInt is v as an int, false when v is not a TOML integer.
func tomlInt(v any) (int, bool) {
	n, ok := v.(int64)
	return int(n), ok
}

// tomlStrings is v as an array of strings, false when v is not an array
// or holds anything else.
func tomlStrings(v any) ([]string, bool) {
	arr, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(arr))
	for _, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// tomlUint is a non-negative integer written as a TOML integer or, as
// Foundry allows for values past int64 ("18446744073709551615"), a
// string; false when it is neither.
func tomlUint(v any) (uint64, bool) {
	switch x := v.(type) {
	case int64:
		if x < 0 {
			return 0, false
		}
		return uint64(x), true
	case string:
		n, err := strconv.ParseUint(strings.ReplaceAll(x, "_", ""), 10, 64)
		return n, err == nil
	}
	return 0, false
}

// tomlText is a scalar TOML value as the text forge's env variables and
// inline comments give it: strings as written, integers in decimal.
func tomlText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = tomlText(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	return fmt.Sprint(v)
}

// tomlKind names v's TOML type for messages.
func tomlKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date"
}
