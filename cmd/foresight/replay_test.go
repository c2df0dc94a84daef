package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// campaignReport runs a fixed-seed campaign on SequenceFoo in a scratch
// Foundry project and returns the project and the report's JSON, decoded
// for the test to corrupt.
func campaignReport(t *testing.T) (string, map[string]any) {
	t.Helper()
	root := t.TempDir()
	src, err := os.ReadFile(fixtures.Example(t, "SequenceFoo.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for rel, data := range map[string]string{"foundry.toml": "[profile.default]\nsrc = \"src\"\n", "src/SequenceFoo.sol": string(src)} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reportPath := filepath.Join(root, "report.json")
	if code, _, stderr := foresight(t, "fuzz", filepath.Join(root, "src"), "--execs", "60000", "--seed", "2", "--format", "json", "-o", reportPath); code != exitFindings {
		t.Fatalf("fuzz exit %d; stderr:\n%s", code, stderr)
	}
	data, err := os.ReadFile(reportPath)
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	return root, rep
}

// firstCall is the first call of the report's first finding.
func firstCall(rep map[string]any) map[string]any {
	f := rep["findings"].([]any)[0].(map[string]any)
	return f["calls"].([]any)[0].(map[string]any)
}

func writeReport(t *testing.T, path string, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wantRefused runs foresight with args and wants exit 2 with one line on
// stderr that contains want.
func wantRefused(t *testing.T, want string, args ...string) {
	t.Helper()
	code, _, stderr := foresight(t, args...)
	if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", args, code, stderr, exitUsage, want)
	}
}

// TestReplayNegativeSenderIndex: a senderIndex of -1 in a report, or in
// a corpus directory's findings file, is refused with a clear error (it
// panicked with an index out of range).
func TestReplayNegativeSenderIndex(t *testing.T) {
	root, rep := campaignReport(t)
	firstCall(rep)["senderIndex"] = -1
	bad := writeReport(t, filepath.Join(root, "bad.json"), rep)
	wantRefused(t, "senderIndex -1 is out of range", "replay", bad)
	wantRefused(t, "senderIndex -1 is out of range", "replay", "--export", bad)

	// A findings file someone else wrote into a shared corpus directory.
	dir := filepath.Join(root, "corpus")
	d, _, err := corpus.Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	path, _, err := d.AddFinding(report.Finding{Kind: "assert-failure"}, data)
	if err != nil {
		t.Fatal(err)
	}
	wantRefused(t, "senderIndex -1 is out of range", "replay", path)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"corpus", "merge", filepath.Join(root, "merged"), dir}, &out, &errb)
	if stdout, stderr := out.String(), errb.String(); code != exitOK || !strings.Contains(stdout, "0 new finding(s)") || !strings.Contains(stderr, "senderIndex -1") {
		t.Errorf("corpus merge: exit %d, %q, %q; want the finding skipped", code, stdout, stderr)
	}
}

// TestReplayDevZero: a report path, or a report input, that is a device
// is refused before it is read (reading /dev/zero took gigabytes).
func TestReplayDevZero(t *testing.T) {
	wantRefused(t, "/dev/zero: not a regular file (a device)", "replay", "/dev/zero")
	wantRefused(t, "not a regular file (a directory)", "replay", t.TempDir())
	reportPath := writeReport(t, filepath.Join(t.TempDir(), "report.json"), map[string]any{
		"schema":   "foresight.report/v1",
		"inputs":   []string{"/dev/zero"},
		"findings": []map[string]any{{"kind": "assert-failure", "contract": "C", "calls": []any{}}},
	})
	wantRefused(t, "report input /dev/zero: not a regular file (a device)", "replay", reportPath)
}

// TestReplayMillionCalls: a report of a million calls is refused once
// its count passes the limit, before the calls are decoded.
func TestReplayMillionCalls(t *testing.T) {
	path := filepath.Join(t.TempDir(), "million.json")
	data := `{"schema":"foresight.report/v1","inputs":[],"findings":[{"kind":"assert-failure","contract":"C","calls":[` +
		strings.Repeat(`{},`, 1_000_000) + `{}]}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, "more than 4096 calls in a finding", "replay", path)
}

// TestExportValueInjection: `replay --export` of a report whose value is
// code writes no test and says which field is wrong.
func TestExportValueInjection(t *testing.T) {
	root, rep := campaignReport(t)
	firstCall(rep)["value"] = `0}(hex""); vm.ffi(new string[](0)); //INJECTED`
	bad := writeReport(t, filepath.Join(root, "bad.json"), rep)
	wantRefused(t, `value "0}(hex\"\"); vm.ffi(new string[](0)); //INJECTED" is not a decimal amount of wei`, "replay", "--export", bad)
	if entries, err := os.ReadDir(filepath.Join(root, "test")); err == nil {
		t.Errorf("the export wrote %d file(s)", len(entries))
	}
}
