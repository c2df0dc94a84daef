package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// goInternal is wording of Go's packages that no message may show.
var goInternal = []string{"stat ", "open ", "read ", "invalid character", "json:", "%!", "Go struct", "main."}

// TestErrorLines walks every command that reads files with a missing
// file, a directory without sources and a file of the wrong type: each
// prints one line to stderr, "foresight CMD: ...", in the user's words,
// and exits 2. None of these needs a compiler.
func TestErrorLines(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "Missing.sol")
	empty := filepath.Join(dir, "empty")
	corpus := filepath.Join(dir, "corpus")
	notes := filepath.Join(dir, "notes.txt")
	notJSON := filepath.Join(dir, "report.json")
	wrongJSON := filepath.Join(dir, "wrong.json")
	for _, d := range []string{empty, corpus} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for path, text := range map[string]string{notes: "just words\n", notJSON: "hello\n", wrongJSON: `{"schema": 3}`} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		cmd  string
		args []string
	}{
		{"check", []string{"check", missing}},
		{"check", []string{"check", empty}},
		{"check", []string{"check", notes}},
		{"fuzz", []string{"fuzz", missing}},
		{"fuzz", []string{"fuzz", empty}},
		{"fuzz", []string{"fuzz", notes}},
		{"replay", []string{"replay", missing + ".json"}},
		{"replay", []string{"replay", empty}},
		{"replay", []string{"replay", notJSON}},
		{"replay", []string{"replay", wrongJSON}},
		{"replay", []string{"replay", missing}},
		{"bench", []string{"bench", missing}},
		{"bench", []string{"bench", empty}},
		{"bench", []string{"bench", notes}},
		{"corpus merge", []string{"corpus", "merge", corpus, filepath.Join(dir, "nocorpus")}},
		{"corpus merge", []string{"corpus", "merge", corpus, notes}},
		{"corpus merge", []string{"corpus", "merge", notes, corpus}},
		{"corpus min", []string{"corpus", "min", filepath.Join(dir, "nocorpus"), empty}},
		{"corpus min", []string{"corpus", "min", corpus, missing}},
		{"corpus min", []string{"corpus", "min", corpus, empty}},
		{"corpus min", []string{"corpus", "min", corpus, notes}},
		{"corpus min", []string{"corpus", "min", notes, empty}},
		{"solc", []string{"solc", notes, "--version"}},
		{"corpus", []string{"corpus", "mrege", corpus}},
	} {
		t.Run(strings.Join(tc.args[:len(tc.args)-1], " ")+" "+filepath.Base(tc.args[len(tc.args)-1]), func(t *testing.T) {
			code, _, stderr := foresight(t, tc.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "foresight "+tc.cmd+": ") {
				t.Fatalf("stderr is not one line starting %q:\n%s", "foresight "+tc.cmd+": ", stderr)
			}
			for _, s := range goInternal {
				if strings.Contains(strings.ReplaceAll(lines[0], ".json:", ".JSON:"), s) {
					t.Errorf("stderr shows Go's %q: %s", s, lines[0])
				}
			}
		})
	}
}

func TestRenderError(t *testing.T) {
	var target struct {
		Findings []int `json:"findings"`
	}
	typeErr := json.Unmarshal([]byte(`{"findings": "x"}`), &target)
	synErr := json.Unmarshal([]byte(`{"a" 1}`), &target)
	endErr := json.Unmarshal([]byte(`{"a":`), &target)
	numErr := json.Unmarshal([]byte(`3`), &target)
	var file struct {
		Schema string `json:"schema"`
	}
	schemaErr := json.Unmarshal([]byte(`{"schema": 3}`), &file)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "stat", Path: "A.sol", Err: syscall.ENOENT}, "A.sol: no such file or directory"},
		{fmt.Errorf("corpus directory: %w", &fs.PathError{Op: "mkdir", Path: "c/inputs", Err: syscall.ENOTDIR}), "corpus directory: c/inputs: not a directory"},
		{fmt.Errorf("r.json: %w", &fs.PathError{Op: "read", Path: "r.json", Err: syscall.EISDIR}), "r.json: is a directory, not a file"},
		{fmt.Errorf("r.json: %w", synErr), "r.json: not valid JSON at byte 6: found '1', expected ':' after an object key"},
		{fmt.Errorf("r.json: %w", typeErr), `r.json: field "findings": found string, expected an array`},
		{fmt.Errorf("%w: %w", report.ErrInvalid, schemaErr), `invalid report: field "schema": found number, expected a string`},
		{fmt.Errorf("r.json: %w", endErr), "r.json: not valid JSON: the file ends before the JSON is complete"},
		{fmt.Errorf("input: %w", io.ErrUnexpectedEOF), "input: not valid JSON: the file ends before the JSON is complete"},
		{fmt.Errorf("r.json: %w", numErr), "r.json: not the expected JSON: found number, expected an object"},
		{errors.New("line\nbreak"), "line break"},
	} {
		if got := renderError(tc.err); got != tc.want {
			t.Errorf("renderError(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// TestErrorsGoThroughCLIError keeps raw error lines from coming back: an
// error printed to stderr goes through cliError, not Fprintf.
func TestErrorsGoThroughCLIError(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "errors.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(line, "Fprint") && strings.Contains(line, "stderr") && strings.Contains(line, ", err)") {
				t.Errorf("%s:%d: an error printed without cliError: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
