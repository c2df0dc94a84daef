package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestExplain checks foresight explain and check's --explain: a kind's
// explanation on stdout, every kind listed without one, and a word that
// is no kind refused in one line.
func TestExplain(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want []string // in stdout, or in stderr for a refusal
	}{
		{[]string{"explain", "SWC-105"}, exitOK, []string{"SWC-105: ether leak", "Why it matters: ", "What to do: ", "https://swcregistry.io/docs/SWC-105"}},
		{[]string{"explain", "assert-failure", "owner-lock"}, exitOK, []string{"assert-failure: assertion failed", "owner-lock: denial of service by the owner"}},
		{[]string{"check", "--explain", "SWC-107"}, exitOK, []string{"SWC-107: reentrancy", "checks-effects-interactions"}},
		{[]string{"explain"}, exitOK, render.ExplainedKinds()},
		{[]string{"explain", "SWC-999"}, exitUsage, []string{`foresight explain: "SWC-999" is not a finding kind`}},
		{[]string{"fuzz", "--explain", "nope"}, exitUsage, []string{`foresight fuzz: "nope" is not a finding kind`}},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), tt.args, &out, &errb)
		got := out.String()
		if tt.code != exitOK {
			got = errb.String()
			if strings.Count(got, "\n") != 1 || out.Len() != 0 {
				t.Errorf("%v: stdout %q, stderr %q; want one line on stderr", tt.args, out.String(), got)
			}
		}
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errb.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: output lacks %q:\n%s", tt.args, w, got)
			}
		}
	}
}

// TestVerboseExplainsFindings checks that -v adds, under each finding,
// what the oracle saw and what its kind means, and that without -v the
// finding is its one line and sequence.
func TestVerboseExplainsFindings(t *testing.T) {
	rep := &engine.Report{Findings: []report.Finding{{
		Kind: "SWC-105", Severity: "error", Message: "Vault.sweep paid 10 ether to user 1, who never deposited any.",
		Detail: "10 ether went to user 1 in transaction 1", Contract: "Vault",
		Calls: []report.Call{{Sender: "0x0000000000000000000000000000000000010000", Contract: "Vault", Function: "sweep()", Value: "0"}},
	}}}
	var plain, verbose bytes.Buffer
	writeText(&plain, rep, false)
	writeText(&verbose, rep, true)
	for _, w := range []string{"what Foresight saw: 10 ether went to user 1", "why it matters: ", "what to do: ", "foresight explain SWC-105"} {
		if !strings.Contains(verbose.String(), w) {
			t.Errorf("-v output lacks %q:\n%s", w, verbose.String())
		}
		if strings.Contains(plain.String(), w) {
			t.Errorf("output without -v has %q:\n%s", w, plain.String())
		}
	}
	if !strings.HasPrefix(plain.String(), "Vault: error: Vault.sweep paid 10 ether to user 1, who never deposited any. [SWC-105]\n    1. from user 1: Vault.sweep()") {
		t.Errorf("output without -v:\n%s", plain.String())
	}
}
