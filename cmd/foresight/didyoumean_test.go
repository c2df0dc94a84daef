package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestDidYouMean checks that a mistyped command or flag is answered with
// the nearest one, and a word near none with no guess.
func TestDidYouMean(t *testing.T) {
	for _, tt := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"chek", "A.sol"}, `unknown command "chek"; did you mean check? (run`, ""},
		{[]string{"fuz"}, `unknown command "fuz"; did you mean fuzz? (run`, ""},
		{[]string{"reaply", "r.json"}, `; did you mean replay? (run`, ""},
		{[]string{"help", "exlpain"}, `no help for "exlpain"; did you mean explain? (run`, ""},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`, "did you mean"},
		{[]string{"check", "--timout", "5s", "A.sol"}, "foresight check: unknown flag --timout; did you mean --timeout? (run 'foresight help check')", ""},
		{[]string{"fuzz", "--sede", "3"}, "unknown flag --sede; did you mean --seed?", ""},
		{[]string{"check", "--oracle", "panics"}, "unknown flag --oracle; did you mean --oracles?", ""},
		{[]string{"replay", "--tarce"}, "unknown flag --tarce", "did you mean"},
		{[]string{"check", "--frobnicate"}, "unknown flag --frobnicate", "did you mean"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tt.args, &out, &errb)
		msg := errb.String()
		if code != exitUsage || !strings.Contains(msg, tt.want) || tt.not != "" && strings.Contains(msg, tt.not) {
			t.Errorf("%v: exit %d, stderr %q; want %q%s", tt.args, code, msg, tt.want, map[bool]string{true: " without " + tt.not}[tt.not != ""])
		}
		if strings.Count(strings.TrimSpace(msg), "\n") > 0 {
			t.Errorf("%v: more than one line:\n%s", tt.args, msg)
		}
	}
}

// TestSuggestion checks the distance and the guesses: swaps count one,
// a guess needs at most a third of the letters changed, and a tie is no
// guess.
func TestSuggestion(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"chek", "check", 1}, {"tiemout", "timeout", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"fuzz", "fuzz", 0}} {
		if d := editDistance(tt.a, tt.b); d != tt.d {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, d, tt.d)
		}
	}
	names := []string{"check", "fuzz", "replay", "seed", "seen"}
	for word, want := range map[string]string{"chekc": "check", "fuz": "fuzz", "xyz": "", "see": "", "check": "", "replya": "replay"} {
		if got := suggestion(word, names); got != want {
			t.Errorf("suggestion(%q) = %q, want %q", word, got, want)
		}
	}
}
