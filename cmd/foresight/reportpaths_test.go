package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// checkedProject is a project of two examples, checked with a fixed seed
// into a JSON report; it returns the project and the report's path.
func checkedProject(t *testing.T) (string, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "proj")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"SequenceFoo.sol", "TwoObjectives.sol"} {
		data, err := os.ReadFile(fixtures.Example(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	code, out, errs := foresight(t, "check", "--seed", "1", "--execs", "20000", "--format", "json", ".")
	if code != exitFindings {
		t.Fatalf("check: exit %d: %s", code, errs)
	}
	report := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(report, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, report
}

// TestReportPathsRelative: a report names its files relative to the
// project root, so it replays in another checkout (a CI artifact); before,
// replay failed with "stat /tmp/...: no such file or directory" once the
// project had moved.
func TestReportPathsRelative(t *testing.T) {
	dir, report := checkedProject(t)
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Root     string
		Inputs   []string
		Findings []struct{ Path string }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Root != dir || len(rep.Inputs) != 1 || rep.Inputs[0] != "." || len(rep.Findings) == 0 {
		t.Fatalf("root %q, inputs %q, %d findings; want root %s, inputs [.]", rep.Root, rep.Inputs, len(rep.Findings), dir)
	}
	for _, f := range rep.Findings {
		if filepath.IsAbs(f.Path) || f.Path == "" {
			t.Errorf("finding path %q, want one relative to the project root", f.Path)
		}
	}
	moved := filepath.Join(t.TempDir(), "checkout")
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	t.Chdir(moved)
	if code, out, errs := foresight(t, "replay", report); code != exitFindings || !strings.Contains(out, filepath.Join(moved, "SequenceFoo.sol")) ||
		!strings.Contains(out, fmt.Sprintf("replayed %d finding(s): %d still failing (%d reproduced as reported, 0 differed)", len(rep.Findings), len(rep.Findings), len(rep.Findings))) {
		t.Errorf("replay in the moved checkout: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	t.Chdir(t.TempDir())
	code, _, errs := foresight(t, "replay", report)
	if code != exitUsage || !strings.Contains(errs, "relative to its project root") || !strings.Contains(errs, "--root") {
		t.Errorf("replay outside the project: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := foresight(t, "replay", "--root", moved, "--finding", "1", report); code != exitFindings {
		t.Errorf("replay --root: exit %d, stderr %q", code, errs)
	}
}

// TestReplaySaysWhatDiffers: a replay that fails elsewhere than the report
// says says so and exits 1 (before: it printed the other finding and said
// nothing about the difference).
func TestReplaySaysWhatDiffers(t *testing.T) {
	_, report := checkedProject(t)
	var rep map[string]any
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	f := rep["findings"].([]any)[0].(map[string]any)
	f["start"], f["end"] = f["start"].(float64)+1, f["end"].(float64)+1
	if data, err = json.Marshal(rep); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(report, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := foresight(t, "replay", "--finding", "1", report)
	if code != exitFindings || !strings.Contains(errs, "finding 1 did not reproduce as reported") || !strings.Contains(out, "replayed 1 finding(s): 1 still failing (0 reproduced as reported, 1 differed)") {
		t.Errorf("exit %d, stderr %q; want exit 1 and what differs", code, errs)
	}
}

// TestReplaySolHint: a .sol given to replay gets one line saying what
// replay takes (before: "invalid character '/' looking for beginning of
// value").
func TestReplaySolHint(t *testing.T) {
	code, _, errs := foresight(t, "replay", fixtures.Example(t, "SequenceFoo.sol"))
	if code != exitUsage || !strings.Contains(errs, "replay takes a report") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestRelFindingsRelated: a finding's related locations are named as its
// own path is, relative to the root when inside it (a file of the root's
// own node_modules included) and absolute outside it; before, they stayed
// absolute. The caller's findings keep their absolute paths, and replay
// resolves the relative names back under the root it finds.
func TestRelFindingsRelated(t *testing.T) {
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "Elsewhere.sol")
	dep := filepath.Join(root, "node_modules", "@openzeppelin", "contracts", "utils", "Address.sol")
	in := []report.Finding{{Path: filepath.Join(root, "contracts", "Vault.sol"),
		Related: []report.Related{{Path: dep}, {Path: outside}}}}
	out := relFindings(root, in)
	if got := out[0].Related[0].Path; got != "node_modules/@openzeppelin/contracts/utils/Address.sol" {
		t.Errorf("related in the root's node_modules: %q, want it relative to the root", got)
	}
	if got := out[0].Related[1].Path; got != outside {
		t.Errorf("related outside the root: %q, want %q", got, outside)
	}
	if in[0].Related[0].Path != dep {
		t.Errorf("the caller's finding changed: %q", in[0].Related[0].Path)
	}
	if err := os.MkdirAll(filepath.Join(root, "contracts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in[0].Path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rep := &report.File{Inputs: []string{"contracts/Vault.sol"}, Findings: out}
	if err := resolveReport(rep, filepath.Join(root, "report.json"), root); err != nil {
		t.Fatal(err)
	}
	if got := rep.Findings[0].Related[0].Path; got != dep {
		t.Errorf("resolved related: %q, want %q", got, dep)
	}
}
