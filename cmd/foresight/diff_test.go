package main

import (
	"archive/tar"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// diffRepo makes a git repository whose one commit holds the base Vault
// of engine/testdata/behaviour, and returns its folder.
func diffRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	putVault(t, dir, "base")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	return dir
}

// putVault writes case name's Vault.sol into dir.
func putVault(t *testing.T, dir, name string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "behaviour", name, "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Vault.sol"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDiffCommand runs diff on a real repository: a rounding change is a
// difference (exit 1, with its input, in text, JSON and SARIF), a
// refactor is none (exit 0), and a revision that does not exist or a
// folder outside git are errors (exit 2).
func TestDiffCommand(t *testing.T) {
	dir := diffRepo(t)
	// diff's temporary tree of the base goes here: it must be gone after.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	diff := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(context.Background(), append([]string{"diff"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}

	putVault(t, dir, "rounding")
	code, out, errs := diff(dir)
	if code != exitFindings || !strings.Contains(out, "behaviour changed: Vault.deposit(uint256): `deposit(") || !strings.Contains(out, "Vault.deposit(uint256): ") {
		t.Fatalf("rounding: exit %d, want 1 with the deposit difference\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if !strings.Contains(out, "Vault.sol:19:14: ") {
		t.Errorf("rounding: the difference is not at deposit's definition (Vault.sol:19:14):\n%s", out)
	}
	code, out, _ = diff("--format", "json", dir)
	var doc diffJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if len(doc.Differences) != 1 || doc.Differences[0].Function != "Vault.deposit(uint256)" || len(doc.Differences[0].Calls) == 0 ||
		len(doc.Compared) != 1 || doc.Compared[0].Inputs == 0 {
		t.Errorf("json: want one difference in deposit with its calls, deposit alone compared: %+v", doc)
	}
	code, out, _ = diff("--format", "sarif", dir)
	if code != exitFindings || !strings.Contains(out, `"ruleId": "behaviour-change"`) || !strings.Contains(out, `"uri": "Vault.sol"`) {
		t.Errorf("sarif: exit %d, want a behaviour-change result at Vault.sol:\n%s", code, out)
	}
	code, out, _ = diff("--format", "junit", dir)
	xmlFile := filepath.Join(t.TempDir(), "diff.xml")
	if err := os.WriteFile(xmlFile, []byte(out), 0o644); err != nil || code != exitFindings {
		t.Fatalf("junit: exit %d, %v", code, err)
	}
	if r := readJUnit(t, xmlFile); r.Failed != 1 || len(r.Suites) != 1 || len(r.Suites[0].Cases) != 1 || r.Suites[0].Cases[0].Name != "Vault.deposit(uint256)" {
		t.Errorf("junit read as %+v, want deposit's one failing testcase:\n%s", r, out)
	}

	// --export writes the difference as a Foundry test of the old
	// behaviour; a second export never overwrites the first.
	for _, name := range []string{"Vault_depositBehaviourTest.t.sol", "Vault_depositBehaviourTest-2.t.sol"} {
		code, _, errs = diff("--export", dir)
		data, err := os.ReadFile(filepath.Join(dir, "test", name))
		if code != exitFindings || err != nil || !strings.Contains(string(data), "function test_deposit_behaviour()") || !strings.Contains(errs, "wrote ") {
			t.Errorf("export: exit %d, %s: %v\n%s\nstderr:\n%s", code, name, err, data, errs)
		}
	}

	putVault(t, dir, "refactor")
	code, out, errs = diff("-v", dir)
	if code != exitOK || !strings.Contains(out, "no behaviour differs") || !strings.Contains(out, "Vault.deposit(uint256): ") {
		t.Fatalf("refactor: exit %d, want 0 with deposit compared\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if !regexp.MustCompile(`Vault.deposit\(uint256\): \d+ input\(s\), unchanged \(gas per call: \d+ before, \d+ now\)`).MatchString(out) {
		t.Errorf("refactor -v: deposit's gas not shown (it calls an internal function now):\n%s", out)
	}

	if code, _, errs = diff("--base", "no-such-rev", dir); code != exitUsage || !strings.Contains(errs, "unknown revision") {
		t.Errorf("unknown revision: exit %d, stderr %q", code, errs)
	}
	outside := t.TempDir()
	putVault(t, outside, "base")
	if code, _, errs = diff(outside); code != exitUsage || !strings.Contains(errs, "not in a git repository") {
		t.Errorf("outside git: exit %d, stderr %q", code, errs)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "foresight-diff-*")); len(left) > 0 {
		t.Errorf("diff left its base trees behind: %v", left)
	}
}

// TestUntarStaysInside checks that a revision's tree is written only
// inside diff's folder: a name leaving it is refused, a link is not
// written.
func TestUntarStaysInside(t *testing.T) {
	for _, tc := range []struct {
		name    string
		hdr     tar.Header
		wantErr bool
	}{
		{"parent", tar.Header{Name: "../evil.sol", Typeflag: tar.TypeReg, Size: 1, Mode: 0o644}, true},
		{"absolute", tar.Header{Name: "/tmp/evil.sol", Typeflag: tar.TypeReg, Size: 1, Mode: 0o644}, true},
		{"symlink", tar.Header{Name: "link.sol", Typeflag: tar.TypeSymlink, Linkname: "/etc/passwd", Mode: 0o777}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			tw := tar.NewWriter(&buf)
			h := tc.hdr
			if err := tw.WriteHeader(&h); err != nil {
				t.Fatal(err)
			}
			if h.Size > 0 {
				tw.Write([]byte("x"))
			}
			tw.Close()
			parent := t.TempDir()
			dst := filepath.Join(parent, "tree")
			err := untar(&buf, dst)
			if (err != nil) != tc.wantErr {
				t.Fatalf("untar: %v, want error %v", err, tc.wantErr)
			}
			if _, err := os.Lstat(filepath.Join(parent, "evil.sol")); err == nil {
				t.Error("a file was written outside the tree")
			}
			if _, err := os.Lstat(filepath.Join(dst, "link.sol")); err == nil {
				t.Error("a link was written")
			}
		})
	}
}

// TestDiffCorpus compares over a corpus's inputs first: the rounding
// change is shown with the corpus's deposit(150).
func TestDiffCorpus(t *testing.T) {
	dir := diffRepo(t)
	putVault(t, dir, "rounding")
	cdir := t.TempDir()
	d, _, err := corpus.Open(cdir, cdir)
	if err != nil {
		t.Fatal(err)
	}
	in := corpus.Input{Calls: []corpus.InputCall{{Contract: "Vault", Function: "deposit(uint256)", Args: "0x" + strings.Repeat("0", 62) + "96", Sender: 1}}}
	if _, _, err := d.Add(in); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"diff", "--corpus", cdir, dir}, &out, &errb)
	if code != exitFindings || !strings.Contains(out.String(), "`deposit(150) from sender 2`: before returned 149, now 148") {
		t.Errorf("exit %d, want 1 with the corpus input's difference\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
}
