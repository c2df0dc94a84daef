package lsp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/session"
)

var update = flag.Bool("update", false, "rewrite the artifacts generated from settingSpecs")

// TestSettingArtifacts checks that every file generated from settingSpecs
// is up to date; -update rewrites them.
func TestSettingArtifacts(t *testing.T) {
	root := filepath.Join("..")
	for _, a := range []struct {
		path string
		gen  func([]byte) ([]byte, error)
	}{
		{"editors/vscode/package.json", vscodeConfiguration},
		{"editors/vscode/src/settingKeys.ts", func([]byte) ([]byte, error) { return settingKeysTS(), nil }},
		{"docs/lsp.md", markerTable(serverTable)},
		{"editors/README.md", markerTable(serverTable)},
		{"editors/vscode/README.md", markerTable(vscodeTable)},
	} {
		path := filepath.Join(root, filepath.FromSlash(a.path))
		old, err := os.ReadFile(path)
		if err != nil && !(*update && os.IsNotExist(err)) {
			t.Fatal(err)
		}
		want, err := a.gen(old)
		if err != nil {
			t.Fatalf("%s: %v", a.path, err)
		}
		if bytes.Equal(old, want) {
			continue
		}
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s is stale: run go test ./lsp -run TestSettingArtifacts -update", a.path)
	}
}

// TestSettingSpecsMatchSettings checks that settingSpecs describes the
// Settings the server parses, with the defaults the server applies.
func TestSettingSpecsMatchSettings(t *testing.T) {
	var tags []string
	typ := reflect.TypeFor[Settings]()
	for i := range typ.NumField() {
		tags = append(tags, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
	}
	if keys := serverSettingKeys(); !slices.Equal(tags, keys) {
		t.Errorf("Settings json tags %v, settingSpecs server keys %v", tags, keys)
	}
	spec := func(key string) settingSpec {
		i := slices.IndexFunc(settingSpecs, func(s settingSpec) bool { return s.Key == key })
		if i < 0 {
			t.Fatalf("no spec for %s", key)
		}
		return settingSpecs[i]
	}
	if d := spec("fuzzBudgetSeconds").Default; d != int(session.SaveBudget.Seconds()) {
		t.Errorf("fuzzBudgetSeconds default %v, server %v", d, session.SaveBudget.Seconds())
	}
	if d := spec("targeted").Default; d != defaultSettings().targeted() {
		t.Errorf("targeted default %v, server %v", d, defaultSettings().targeted())
	}
	for _, sp := range settingSpecs {
		if sp.Doc == "" || sp.Short == "" || sp.Type == "" {
			t.Errorf("%s: missing type or documentation", sp.Key)
		}
	}
	// Restricted Mode's list names settings that exist.
	raw, err := os.ReadFile(filepath.Join("..", "editors", "vscode", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Capabilities struct {
			UntrustedWorkspaces struct {
				RestrictedConfigurations []string `json:"restrictedConfigurations"`
			} `json:"untrustedWorkspaces"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	restricted := pkg.Capabilities.UntrustedWorkspaces.RestrictedConfigurations
	if len(restricted) == 0 {
		t.Error("package.json: no restrictedConfigurations")
	}
	for _, key := range restricted {
		if !slices.ContainsFunc(settingSpecs, func(s settingSpec) bool { return "foresight."+s.Key == key }) {
			t.Errorf("package.json restrictedConfigurations: unknown setting %s", key)
		}
	}
}

// object is a JSON object that keeps its keys in order.
type object []kv

type kv struct {
	k string
	v any
}

func (o *object) add(k string, v any) { *o = append(*o, kv{k, v}) }

func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(kv.k)
		if err != nil {
			return nil, err
		}
		v, err := marshal(kv.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// vscodeConfiguration replaces contributes.configuration in package.json.
func vscodeConfiguration(pkg []byte) ([]byte, error) {
	var props object
	for _, sp := range settingSpecs {
		var p object
		p.add("type", sp.Type)
		if sp.Items != "" {
			p.add("items", object{{"type", sp.Items}})
		}
		if sp.Enum != nil {
			p.add("enum", sp.Enum)
		}
		p.add("default", sp.Default)
		if sp.Minimum != nil {
			p.add("minimum", *sp.Minimum)
		}
		if sp.Maximum != nil {
			p.add("maximum", *sp.Maximum)
		}
		if sp.Values != "" {
			p.add("additionalProperties", object{{"type", sp.Values}})
		}
		if sp.Scope != "" {
			p.add("scope", sp.Scope)
		}
		p.add("markdownDescription", sp.Doc)
		props.add("foresight."+sp.Key, p)
	}
	compact, err := marshal(object{{"title", "Foresight"}, {"properties", props}})
	if err != nil {
		return nil, err
	}
	const indent = "    "
	var block bytes.Buffer
	if err := json.Indent(&block, compact, indent, "  "); err != nil {
		return nil, err
	}
	const key = "\n" + indent + `"configuration": `
	start := bytes.Index(pkg, []byte(key))
	if start < 0 {
		return nil, fmt.Errorf("no %q", strings.TrimSpace(key))
	}
	start += len(key)
	dec := json.NewDecoder(bytes.NewReader(pkg[start:]))
	var old json.RawMessage
	if err := dec.Decode(&old); err != nil {
		return nil, err
	}
	end := start + int(dec.InputOffset())
	return slices.Concat(pkg[:start], block.Bytes(), pkg[end:]), nil
}

func settingKeysTS() []byte {
	var b strings.Builder
	b.WriteString("// Generated by `go test ./lsp -run TestSettingArtifacts -update` from\n")
	b.WriteString("// session/settings_list.go: do not edit.\n\n")
	b.WriteString("/** The settings the server reads (the \"foresight\" section). */\n")
	b.WriteString("export const serverSettingKeys: readonly string[] = [\n")
	for _, k := range serverSettingKeys() {
		fmt.Fprintf(&b, "  '%s',\n", k)
	}
	b.WriteString("];\n")
	return []byte(b.String())
}

const (
	tableBegin = "<!-- settings table: generated from session/settings_list.go by go test ./lsp -run TestSettingArtifacts -update -->\n"
	tableEnd   = "<!-- end of settings table -->\n"
)

// markerTable replaces the text between the table markers of a document.
func markerTable(table func() string) func([]byte) ([]byte, error) {
	return func(doc []byte) ([]byte, error) {
		i := bytes.Index(doc, []byte(tableBegin))
		j := bytes.Index(doc, []byte(tableEnd))
		if i < 0 || j < i {
			return nil, fmt.Errorf("no settings table markers")
		}
		i += len(tableBegin)
		return slices.Concat(doc[:i], []byte(table()), doc[j:]), nil
	}
}

// defaultText shows a default in a docs table: nothing for an empty string
// or object.
func defaultText(v any) string {
	switch v := v.(type) {
	case string:
		if v == "" {
			return ""
		}
		return "`" + v + "`"
	case map[string]bool:
		return ""
	case []string:
		b, _ := json.Marshal(v)
		return "`" + string(b) + "`"
	}
	return fmt.Sprint(v)
}

func serverTable() string {
	var b strings.Builder
	b.WriteString("| Setting | Type | Default | Meaning |\n|---|---|---|---|\n")
	for _, sp := range settingSpecs {
		if sp.Editor == "" {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", sp.Key, sp.Type, defaultText(sp.Default), sp.Short)
		}
	}
	return strings.ReplaceAll(b.String(), "|  |", "| |")
}

func vscodeTable() string {
	var b strings.Builder
	b.WriteString("| Setting | Default | Meaning |\n|---|---|---|\n")
	for _, sp := range settingSpecs {
		if sp.Editor == "" || sp.Editor == "vscode" {
			fmt.Fprintf(&b, "| `foresight.%s` | %s | %s |\n", sp.Key, defaultText(sp.Default), sp.Short)
		}
	}
	return strings.ReplaceAll(b.String(), "|  |", "| |")
}
