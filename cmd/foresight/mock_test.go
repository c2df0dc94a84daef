package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestMockFindingsNotCounted: a finding in a test helper
// (engine/testdata/mocks/mocks/helpers) is printed under its own heading,
// labelled "(mock)", left out of the summary's count and the exit code,
// and is a SARIF note; with the project's own finding beside it, the run
// fails as before.
func TestMockFindingsNotCounted(t *testing.T) {
	root := filepath.Join("..", "..", "engine", "testdata", "mocks")
	helper := filepath.Join(root, "mocks", "helpers", "Killable.sol")
	code, out, errOut := foresight(t, "check", helper, "--execs", "5000", "--seed", "1")
	if code != exitOK || !strings.Contains(out, "in mocks and test helpers (not counted as the project's findings):\n") ||
		!strings.Contains(out, "(mock) ") || !strings.Contains(errOut, "foresight: 0 finding(s) (+1 in mocks, not counted);") {
		t.Errorf("helper only: exit %d, output:\n%s\n%s", code, out, errOut)
	}
	code, out, _ = foresight(t, "fuzz", helper, "--execs", "5000", "--seed", "1", "--format", "sarif")
	var doc struct {
		Runs []struct {
			Results []struct {
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitOK || len(doc.Runs) != 1 || len(doc.Runs[0].Results) != 1 ||
		doc.Runs[0].Results[0].Level != "note" || !strings.HasPrefix(doc.Runs[0].Results[0].Message.Text, "(mock) ") {
		t.Errorf("sarif: exit %d, %v: %+v", code, err, doc)
	}
	code, out, errOut = foresight(t, "check", filepath.Join(root, "src", "Bank.sol"), helper, "--execs", "5000", "--seed", "1")
	own, mock := strings.Index(out, "[SWC-105]"), strings.Index(out, "(mock) ")
	if code != exitFindings || own < 0 || mock < own || !strings.Contains(errOut, "foresight: 1 finding(s) (+1 in mocks, not counted);") {
		t.Errorf("with the project's own: exit %d, output:\n%s\n%s", code, out, errOut)
	}
}
