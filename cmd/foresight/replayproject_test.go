package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// replayFixtures is engine/replay's testdata, which holds these tests'
// fixtures too: a .sol file under cmd/foresight would be fuzzed by a
// `foresight check` run in this folder (TestCheckUsageErrors).
func replayFixtures() string {
	return filepath.Join(fixtures.RepoRoot(), "engine", "replay", "testdata")
}

// foundryToml makes a scratch project a Foundry project with its sources
// in src/.
var foundryToml = map[string]string{"foundry.toml": "[profile.default]\nsrc = \"src\"\n"}

// copyProject copies the fixture folder name (under replayFixtures) into
// the folder sub of a scratch project, writes files there (relative path
// to content), and returns the project's root.
func copyProject(t *testing.T, name, sub string, files map[string]string) string {
	t.Helper()
	src := filepath.Join(replayFixtures(), name)
	root := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(root, sub, rel), string(data))
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel, data := range files {
		if err := writeFile(filepath.Join(root, filepath.FromSlash(rel)), data); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// writeFile writes data to path, creating its folder.
func writeFile(path, data string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(data), 0o644)
}

// fuzzReport runs fuzz on what (under root) with a fixed seed and
// budget, writes its JSON report to root/report.json and returns the
// report's path and its decoded content. The campaign must find
// something.
func fuzzReport(t *testing.T, root string, what ...string) (string, *report.File) {
	t.Helper()
	path := filepath.Join(root, "report.json")
	args := []string{"fuzz", "--seed", "1", "--execs", "20000", "--workers", "1", "--timeout", "0", "--format", "json", "-o", path}
	for _, w := range what {
		args = append(args, filepath.Join(root, filepath.FromSlash(w)))
	}
	if code, _, stderr := foresight(t, args...); code != exitFindings {
		t.Fatalf("fuzz: exit %d; stderr:\n%s", code, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep report.File
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	return path, &rep
}

// TestReplayAttackerSender: fuzz, JSON report, replay and replay
// --export of a reentrancy (SWC-107) sent through the reentrant attacker
// in a contract whose storage names a guardian. The deployment makes the
// guardian a sender (a role holder) ahead of the attackers, so the
// report's senderIndex for the attacker is one past the default
// layout's; replay checked it against that layout and refused
// ("senderIndex 4 is not sender 0x...a77Ac0001", exit 2).
func TestReplayAttackerSender(t *testing.T) {
	root := copyProject(t, "senders", "src", foundryToml)
	reportPath, rep := fuzzReport(t, root, "src/reentrant_role.sol")
	if len(rep.Findings) != 1 || rep.Findings[0].Kind != "SWC-107" {
		t.Fatalf("findings %+v, want one SWC-107", rep.Findings)
	}
	attacker := deploy.AttackerAddress(deploy.Reentrant)
	for i, c := range rep.Findings[0].Calls {
		if c.Attacker != "reentrant" || !strings.EqualFold(c.Sender, attacker.Hex()) || c.SenderIndex == deploy.PrincipalIndex(attacker) {
			t.Fatalf("call %d: from %s (%q, index %d); want the reentrant attacker past the default index %d (the fixture changed?)",
				i+1, c.Sender, c.Attacker, c.SenderIndex, deploy.PrincipalIndex(attacker))
		}
	}
	code, out, stderr := foresight(t, "replay", reportPath)
	if code != exitFindings || !strings.Contains(out, "1 still failing (1 reproduced as reported") {
		t.Errorf("replay: exit %d, stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
	code, out, stderr = foresight(t, "replay", "--export", reportPath)
	want := filepath.Join(root, "test", "Foresight_GuardedBank_SWC-107.t.sol")
	if code != exitOK || !strings.Contains(out, "finding 1: wrote "+want) {
		t.Fatalf("replay --export: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if _, err := os.Stat(want); err != nil {
		t.Error(err)
	}
}

// TestReplayTwoCompilers: fuzz, JSON report and replay of a project
// whose files need two compilers (pragma ^0.4.24 and ^0.8.0) and link a
// library both import: the campaign deploys that library once per
// build, and replay matched the report's two records of it to both
// builds' libraries, so the deployment stopped ("deploy MathLib: at
// 0x..., not the planned 0x...", exit 2). Each finding replays as
// reported, and exports.
func TestReplayTwoCompilers(t *testing.T) {
	root := copyProject(t, "twocompilers", "src", foundryToml)
	reportPath, rep := fuzzReport(t, root, "src")
	contracts := map[string]bool{}
	for _, f := range rep.Findings {
		contracts[f.Contract] = true
	}
	if !contracts["OldCounter"] || !contracts["NewCounter"] {
		t.Fatalf("findings in %v, want both counters' (one per compiler)", contracts)
	}
	n := len(rep.Findings)
	code, out, stderr := foresight(t, "replay", reportPath)
	if want := fmt.Sprintf("%d still failing (%d reproduced as reported, 0 differed)", n, n); code != exitFindings || !strings.Contains(out, want) || stderr != "" {
		t.Errorf("replay: exit %d, want %q; stdout:\n%s\nstderr:\n%s", code, want, out, stderr)
	}
	code, out, stderr = foresight(t, "replay", "--export", reportPath)
	if code != exitOK || strings.Count(out, ": wrote "+filepath.Join(root, "test")+string(filepath.Separator)) != n {
		t.Errorf("replay --export: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}
