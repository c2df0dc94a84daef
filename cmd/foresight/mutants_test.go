package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// mutantsRepo makes a git repository of the strong vault project of
// session/testdata/mutants whose commit has `amount > 0` where the working
// tree has `amount != 0`: line 16 is the change.
func mutantsRepo(t *testing.T) string {
	t.Helper()
	return mutantsRepoOf(t, "strong", "VaultStrong.t.sol", func(vault []byte) []byte {
		return bytes.Replace(vault, []byte("amount != 0"), []byte("amount > 0"), 1)
	})
}

// mutantsRepoOf makes a git repository of a vault project of
// session/testdata/mutants (strong or weak, with its suite) whose commit
// has base(Vault.sol) where the working tree has Vault.sol.
func mutantsRepoOf(t *testing.T, project, suite string, base func([]byte) []byte) string {
	t.Helper()
	dir := t.TempDir()
	from := filepath.Join(fixtures.RepoRoot(), "session", "testdata", "mutants")
	copyFile := func(src, dst string) []byte {
		data, err := os.ReadFile(filepath.Join(from, src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, dst)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, dst), data, 0o644); err != nil {
			t.Fatal(err)
		}
		return data
	}
	copyFile(project+"/foundry.toml", "foundry.toml")
	copyFile(project+"/test/"+suite, "test/"+suite)
	vault := copyFile(project+"/src/Vault.sol", "src/Vault.sol")
	if err := os.WriteFile(filepath.Join(dir, "src", "Vault.sol"), base(vault), 0o644); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	if err := os.WriteFile(filepath.Join(dir, "src", "Vault.sol"), vault, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMutantsCommand: the mutants of the line changed since HEAD are all
// killed by the strong suite (exit 0); with the weak suite in its place
// two survive (exit 1, in text, JSON and SARIF); an unknown revision is
// an error (exit 2).
func TestMutantsCommand(t *testing.T) {
	dir := mutantsRepo(t)
	mutants := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"mutants", "--execs", "2000"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errs := mutants("--base", "HEAD", dir)
	if code != exitOK || !strings.Contains(out, "3 mutant(s) of the lines changed since HEAD") || !strings.Contains(out, "3 killed, 0 survived, 0 not reached") {
		t.Fatalf("strong: exit %d, want 0 with 3 killed\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if !strings.Contains(out, "Vault.sol:16:24: killed by invariant_withdrawalsExact (VaultStrongTest): `!=` becomes `==`") {
		t.Errorf("strong: no kill of `!=` at 16:24:\n%s", out)
	}

	weak, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "session", "testdata", "mutants", "weak", "test", "VaultWeak.t.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "test", "VaultStrong.t.sol")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "test", "VaultWeak.t.sol"), weak, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = mutants("--base", "HEAD", dir)
	if code != exitFindings || !strings.Contains(out, "Vault.sol:16:9: survived: no property notices if `require(amount != 0)` removed (its line ran") {
		t.Fatalf("weak: exit %d, want 1 with the require's removal surviving\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	code, out, _ = mutants("--base", "HEAD", "--format", "json", dir)
	var doc mutantsJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if doc.Counts.Mutants != 3 || doc.Counts.Survived != 3 || doc.ChangedLines != 1 || len(doc.Projects) != 1 || len(doc.Projects[0].Suites) != 1 {
		t.Errorf("json: want 3 survivors of 1 changed line and the weak suite: %+v", doc)
	}
	for _, r := range doc.Mutants {
		if r.Status != mutant.Survived || r.Line != 16 || !r.Counted || r.Reached < 10 {
			t.Errorf("json: mutant %s: %s on line %d reached %d (counted %v)", r.ID, r.Status, r.Line, r.Reached, r.Counted)
		}
	}
	code, out, _ = mutants("--base", "HEAD", "--format", "sarif", dir)
	if code != exitFindings || strings.Count(out, `"ruleId": "mutant-survived"`) != 3 || !strings.Contains(out, `"uri": "src/Vault.sol"`) {
		t.Errorf("sarif: exit %d, want 3 mutant-survived results at src/Vault.sol:\n%s", code, out)
	}

	if code, _, errs := mutants("--base", "no-such-rev", dir); code != exitUsage || !strings.Contains(errs, "unknown revision") {
		t.Errorf("unknown revision: exit %d, stderr %q", code, errs)
	}
}
