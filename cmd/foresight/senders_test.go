package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestSendersNamedAlike checks that one finding's senders are named the
// same way by every output: the message, check's text, the JSON report,
// replay's trace and the exported Foundry test (the editor's related
// information and hover use render.SenderName too: lsp's
// TestCampaignOnSave). The finding's sequence has the deployer and a
// test account send transactions.
func TestSendersNamedAlike(t *testing.T) {
	root := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "engine", "testdata", "vulns", "swc105_pos_owner_credit_no_debit.sol"))
	if err != nil {
		t.Fatal(err)
	}
	for rel, data := range map[string]string{"foundry.toml": "[profile.default]\nsrc = \"src\"\n", "src/Vault.sol": string(src)} {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reportPath := filepath.Join(root, "report.json")
	campaign := []string{filepath.Join(root, "src"), "--execs", "20000", "--seed", "1"}
	code, text, stderr := foresight(t, append([]string{"fuzz"}, campaign...)...)
	if code != exitFindings {
		t.Fatalf("fuzz: exit %d; stderr:\n%s", code, stderr)
	}
	if code, _, stderr := foresight(t, append([]string{"fuzz", "--format", "json", "-o", reportPath}, campaign...)...); code != exitFindings {
		t.Fatalf("fuzz --format json: exit %d; stderr:\n%s", code, stderr)
	}
	data, err := os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Findings []report.Finding `json:"findings"`
	}
	if err := json.Unmarshal(data, &rep); err != nil || len(rep.Findings) != 1 {
		t.Fatalf("report: %v, %d findings, want 1", err, len(rep.Findings))
	}
	f := rep.Findings[0]
	var names []string
	for _, c := range f.Calls {
		names = append(names, render.SenderName(c))
		if c.From != render.SenderName(c) {
			t.Errorf("report: call from %q, SenderName %q", c.From, render.SenderName(c))
		}
	}
	all := strings.Join(names, ",")
	if !strings.Contains(all, "the deployer") || !strings.Contains(all, "user 1") {
		t.Fatalf("senders %v: want the deployer and user 1 (the fixture's sequence changed?)", names)
	}
	if last := names[len(names)-1]; !strings.Contains(f.Message, last) {
		t.Errorf("message %q does not name the paid sender %q", f.Message, last)
	}
	_, trace, stderr := foresight(t, "replay", reportPath)
	code, exported, stderr2 := foresight(t, "replay", "--export", reportPath)
	if code != exitOK {
		t.Fatalf("replay --export: exit %d; stderr:\n%s%s", code, stderr, stderr2)
	}
	_, written, _ := strings.Cut(strings.TrimSpace(exported), "wrote ")
	test, err := os.ReadFile(written)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		for surface, want := range map[string]string{
			"check's text":   fmt.Sprintf("%d. from %s: ", i+1, name),
			"replay's trace": fmt.Sprintf("from %s (", name),
			"the export":     fmt.Sprintf("// %d. from %s: ", i+1, name),
		} {
			got := map[string]string{"check's text": text, "replay's trace": trace, "the export": string(test)}[surface]
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %q:\n%s", surface, want, got)
			}
		}
	}
}
