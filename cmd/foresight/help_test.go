package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

func TestHelpPages(t *testing.T) {
	for _, c := range commands() {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"help", c.name}, &out, &errb)
		text := out.String()
		if code != exitOK || errb.Len() != 0 {
			t.Errorf("help %s: exit %d, stderr %q", c.name, code, errb.String())
		}
		for _, want := range []string{"usage: foresight " + c.name, "Exit status:", "Example:\n  foresight " + c.name} {
			if !strings.Contains(text, want) {
				t.Errorf("help %s lacks %q:\n%s", c.name, want, text)
			}
		}
		// Every flag belongs to a group; jargon stays out.
		for _, bad := range []string{"Other flags", "HARVEY", "LID", "secant", "§"} {
			if strings.Contains(text, bad) {
				t.Errorf("help %s contains %q:\n%s", c.name, bad, text)
			}
		}
		for _, l := range strings.Split(text, "\n") {
			if len(l) > helpWidth {
				t.Errorf("help %s: line longer than %d: %q", c.name, helpWidth, l)
			}
		}
	}
	var out, errb bytes.Buffer
	run(context.Background(), []string{"check", "--help"}, &out, &errb)
	text := out.String()
	// Common flags come before the research switches; check has no
	// scoring flags.
	if i, j := strings.Index(text, "--timeout"), strings.Index(text, "--no-prediction"); i < 0 || j < 0 || i > j {
		t.Errorf("check --help: --timeout at %d, --no-prediction at %d", i, j)
	}
	if strings.Contains(text, "--labels") {
		t.Errorf("check --help lists the scoring flag --labels")
	}
}

func TestFlagErrorsAreOneLine(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	// On a fresh machine the first compile installs solc-js and says so on
	// stderr, a line of progress that is not the error's: install it
	// before the cases run (whichever test of any package compiles first
	// installs it).
	run(context.Background(), []string{"check", "--contract", "Nope", path}, io.Discard, io.Discard)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--timeout", "5", path}, `foresight check: invalid value "5" for --timeout: use a duration such as 5s`},
		{[]string{"check", "--frobnicate", path}, "foresight check: unknown flag --frobnicate"},
		{[]string{"fuzz", "--execs", "many", path}, `invalid value "many" for --execs: want a whole number`},
		{[]string{"check", "--format", "xml", path}, "foresight check: --format xml: unknown value (want text, json, sarif or junit)"},
		{[]string{"check", "--contract", "Nope", path}, "no such contract; the files define TwoObjectives"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tt.args, &out, &errb)
		msg := errb.String()
		if code != exitUsage || !strings.Contains(msg, tt.want) || !strings.Contains(msg, "run 'foresight help "+tt.args[0]+"'") {
			t.Errorf("%v: exit %d, stderr %q; want %q and where the help is", tt.args, code, msg, tt.want)
		}
		if strings.Count(strings.TrimSpace(msg), "\n") > 0 || strings.Contains(msg, "-max-seq-len number") {
			t.Errorf("%v: more than one line, or a flag dump:\n%s", tt.args, msg)
		}
	}
}

func TestReplayWithoutFindings(t *testing.T) {
	report := filepath.Join(t.TempDir(), "empty.json")
	data := `{"schema": "` + reportSchema + `", "inputs": [], "findings": []}`
	if err := os.WriteFile(report, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := foresight(t, "replay", report)
	if code != exitOK || !strings.Contains(out, "has no findings: nothing to replay") {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestTextNamesSenders(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	code, out, stderr := foresight(t, "check", path, "--execs", "5000", "--seed", "1")
	if code != exitFindings {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	// The sender is explained where it first appears, not again.
	if !strings.Contains(out, "from user 1: ") || strings.Count(out, "user 1 = test account 0x") != 1 {
		t.Errorf("output does not explain user 1 exactly once:\n%s", out)
	}
	if !strings.Contains(stderr, "2 finding(s); fuzzed 1 contract(s), 1 function(s): 5000 executions") {
		t.Errorf("summary does not say what was fuzzed:\n%s", stderr)
	}
}
