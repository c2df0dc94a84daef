package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForgeCorpusSeedsCampaign: forge's own corpus entries and persisted
// invariant failure (testdata/forgecorpus at the repository root, since check with no arguments here must find no contract; written by forge 1.7.1: three
// corpus entries and the failure open(0xc0ffee), turn(4242), pull()) seed
// the campaign from VaultInvariants.setUp(), so that ten executions break
// invariant_notBroken, which the same seed and budget without them do not
// reach. A corrupt entry is skipped with a warning, and an entry calling
// an address no target holds is counted (-v) and not run.
func TestForgeCorpusSeedsCampaign(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "forgecorpus"))); err != nil {
		t.Fatal(err)
	}
	t.Setenv("FOUNDRY_PROFILE", "")
	entries := filepath.Join(dir, "corpus", "VaultInvariants", "invariant_notBroken", "worker0", "corpus")
	if err := os.WriteFile(filepath.Join(entries, "corrupt-1.json"), []byte(`[{"sender": 12`), 0o644); err != nil {
		t.Fatal(err)
	}
	stranger := `[{"sender":"0x0000000000000000000000000000000000000381","target":"0x00000000000000000000000000000000000000aa","calldata":"0x329eb839"}]`
	if err := os.WriteFile(filepath.Join(entries, "stranger-1.json"), []byte(stranger), 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		ForgeSeedsUsed int `json:"forgeSeedsUsed"`
		Findings       []struct {
			Kind, Check string
		} `json:"findings"`
	}
	run := func() (result, string) {
		t.Helper()
		code, out, errs := foresight(t, "fuzz", filepath.Join(dir, "test", "Vault.t.sol"), "--seed", "1", "--execs", "10", "--workers", "1", "--timeout", "0", "--format", "json", "-v")
		if code != exitOK && code != exitFindings {
			t.Fatalf("fuzz: exit %d: %s", code, errs)
		}
		var r result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("report: %v", err)
		}
		return r, errs
	}
	r, errs := run()
	if r.ForgeSeedsUsed != 4 || len(r.Findings) != 1 || r.Findings[0].Kind != "invariant" || r.Findings[0].Check != "invariant_notBroken" {
		t.Errorf("with forge's files: %d forge seeds used, findings %+v; want 4 and invariant_notBroken broken\n%s", r.ForgeSeedsUsed, r.Findings, errs)
	}
	for _, want := range []string{
		"forge corpus: 5 sequence(s) of VaultInvariants (1 persisted failure(s), 4 corpus entries)",
		"warning: forge corpus: skipped ", "corrupt-1.json",
		"forge corpus: 4 sequence(s) ran as seeds; skipped 1 with a call to an address that is no target of the campaign",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errs)
		}
	}
	for _, d := range []string{"corpus", "cache"} {
		if err := os.RemoveAll(filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	if r, errs := run(); r.ForgeSeedsUsed != 0 || len(r.Findings) != 0 {
		t.Errorf("without forge's files: %d forge seeds used, findings %+v; want none (the test shows nothing otherwise)\n%s", r.ForgeSeedsUsed, r.Findings, errs)
	}
}
