package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMutantsJUnit: mutants --format junit on the weak vault, with
// withdraw's require and debit and rescue's tally changed since HEAD,
// writes a testcase per mutant: the survivors failing with the hint's
// words and the mutant as a diff, rescue's mutants skipped as a coverage
// gap, the killed ones passing with their killer in system-out (golden,
// times masked); the JUnit reader CI reporters use reads the same
// counts.
func TestMutantsJUnit(t *testing.T) {
	dir := mutantsRepoOf(t, "weak", "VaultWeak.t.sol", func(vault []byte) []byte {
		for _, edit := range [][2]string{
			{"amount != 0", "amount > 0"},
			{"balanceOf[msg.sender] -= amount", "balanceOf[msg.sender] = balanceOf[msg.sender] - amount"},
			{"rescued += amount", "rescued = rescued + amount"},
		} {
			vault = bytes.Replace(vault, []byte(edit[0]), []byte(edit[1]), 1)
		}
		return vault
	})
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"mutants", "--execs", "3000", "--seed", "1", "--base", "HEAD", "--format", "junit", dir}, &out, &errb)
	if code != exitFindings {
		t.Fatalf("mutants --format junit: exit %d, want 1 (survivors)\n%s\n%s", code, out.String(), errb.String())
	}
	got := regexp.MustCompile(`time="[0-9.]+"`).ReplaceAllString(out.String(), `time="T"`)
	golden := filepath.Join("testdata", "junit", "mutants.golden.xml")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("junit differs from %s (-update rewrites it):\n%s", golden, got)
	}
	file := filepath.Join(t.TempDir(), "mutants.xml")
	if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	r := readJUnit(t, file)
	// The reader's total leaves the skipped out.
	if r.Total != 7 || r.Failed != 4 || r.Passed != 3 || r.Skipped != 3 || len(r.Suites) != 1 || len(r.Suites[0].Cases) != 10 {
		t.Fatalf("the reader read %+v: want 10 cases, 4 failed, 3 passed, 3 skipped", r)
	}
	for _, c := range r.Suites[0].Cases {
		switch {
		case strings.HasPrefix(c.Name, "src/Vault.sol:16 "):
			if c.Status != "FAIL" || !strings.Contains(c.Failure, "no property notices if") {
				t.Errorf("%s: %s %q, want a survivor failing with the hint", c.Name, c.Status, c.Failure)
			}
		case strings.HasPrefix(c.Name, "src/Vault.sol:23 "):
			if c.Status != "SKIP" {
				t.Errorf("%s: %s, want rescue's mutant skipped", c.Name, c.Status)
			}
		}
	}
}
