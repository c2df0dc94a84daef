package solc

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/foundrytoml")

// foundrySettingsText renders what a project reads from foundry.toml for
// one profile, the lines compared across spellings and with the golden.
func foundrySettingsText(t *testing.T, toml, profile string) string {
	t.Helper()
	root := writeTree(t, map[string]string{"foundry.toml": toml})
	t.Setenv("FOUNDRY_PROFILE", profile)
	if profile == "" {
		os.Unsetenv("FOUNDRY_PROFILE")
	}
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	var rs []string
	for _, r := range p.Remappings {
		rs = append(rs, r.String())
	}
	return fmt.Sprintf("profile %q: %s; stated %v; src %s; remappings %s; %s; notes %q\n",
		profile, p.Settings, p.SettingsStated, p.Src, strings.Join(rs, " "), fuzzText(p.Fuzz), p.ConfigNotes)
}

// TestFoundryTOMLSpellings: every spelling of the same foundry.toml
// forge accepts ([profile.default] tables, dotted keys, inline tables,
// quoted table names) gives the same settings, for the default profile,
// FOUNDRY_PROFILE=ci over it, and a profile the file lacks (the default).
func TestFoundryTOMLSpellings(t *testing.T) {
	files, err := filepath.Glob("testdata/foundrytoml/spellings/*.toml")
	if err != nil || len(files) != 4 {
		t.Fatalf("spellings: %v %v", files, err)
	}
	var want string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var got strings.Builder
		for _, profile := range []string{"", "ci", "missing"} {
			got.WriteString(foundrySettingsText(t, string(data), profile))
		}
		if want == "" {
			want = got.String()
			golden(t, "testdata/foundrytoml/spellings.golden", want)
			continue
		}
		if got.String() != want {
			t.Errorf("%s reads differently from %s:\n%s\nwant\n%s", f, files[0], got.String(), want)
		}
	}
}

// TestFoundryTOMLWarnings: the keys forge compiles with that Foresight
// ignores or reads differently are named, each once, and values that
// change nothing (forge's defaults, an empty list) are not; a compile
// says them through Notify, where the command line and the editor show
// them.
func TestFoundryTOMLWarnings(t *testing.T) {
	data, err := os.ReadFile("testdata/foundrytoml/warnings.toml")
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	for _, profile := range []string{"", "ci"} {
		got.WriteString(foundrySettingsText(t, string(data), profile))
	}
	golden(t, "testdata/foundrytoml/warnings.golden", got.String())

	os.Unsetenv("FOUNDRY_PROFILE")
	root := writeTree(t, map[string]string{
		"foundry.toml": "[profile.default]\noptimizer_details = { yul = false }\n",
		"src/A.sol":    "pragma solidity ^0.8.0;\ncontract A { uint x; function f() public { x = 1; } }\n",
	})
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	tc := NewToolchain(Config{NoNative: true, NoForge: true, Notify: func(msg string) { said = append(said, msg) }})
	defer tc.Close()
	for range 2 { // said once per toolchain, not per compile
		if _, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(root, "src/A.sol")}, Mode: Full}); err != nil {
			t.Fatal(err)
		}
	}
	want := "foundry.toml: profile.default.optimizer_details is not applied: "
	n := 0
	for _, s := range said {
		if strings.HasPrefix(s, want) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("said %q, want one line starting %q", said, want)
	}
}

// TestFoundryTOMLMalformed: TOML forge refuses is an error naming the
// line, not a silent "optimizer off".
func TestFoundryTOMLMalformed(t *testing.T) {
	root := writeTree(t, map[string]string{"foundry.toml": "[profile.default]\noptimizer = true\noptimizer = false\n"})
	_, err := LoadProject(root)
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("err = %v, want one naming line 3", err)
	}
}

// golden compares got with the file at path, or rewrites it under -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n got:\n%s\nwant:\n%s", path, got, want)
	}
}
