package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportRefusesPathsElsewhere: `replay --export` of a report that
// names files in another folder (a victim project) is refused with one
// line naming the path, exit 2, and writes nothing anywhere. It wrote
// the test into the victim's test/, the project of the files the report
// named: absolute inputs, or relative ones under the report's root.
func TestExportRefusesPathsElsewhere(t *testing.T) {
	victim := copyProject(t, "senders", "src", foundryToml)
	victimReport, _ := fuzzReport(t, victim, "src/reentrant_role.sol")
	for _, tt := range []struct {
		name   string
		tamper func(r map[string]any)
	}{
		{"absolute paths", func(r map[string]any) {
			r["inputs"] = []any{filepath.Join(victim, "src", "reentrant_role.sol")}
			for _, f := range r["findings"].([]any) {
				f := f.(map[string]any)
				f["path"] = filepath.Join(victim, filepath.FromSlash(f["path"].(string)))
			}
		}},
		{"the report's root", func(map[string]any) {}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			project := t.TempDir()
			if err := os.WriteFile(filepath.Join(project, "foundry.toml"), []byte("[profile.default]\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r := reportMap(t, victimReport)
			tt.tamper(r)
			bad := writeReport(t, filepath.Join(project, "report.json"), r)
			wantRefused(t, filepath.Join(victim, "src", "reentrant_role.sol")+" is outside the project "+project, "replay", "--export", bad)
			for _, dir := range []string{filepath.Join(victim, "test"), filepath.Join(project, "test")} {
				if _, err := os.Stat(dir); !os.IsNotExist(err) {
					t.Errorf("%s exists (%v): the refused export wrote", dir, err)
				}
			}
		})
	}
}

// TestExportRefusesTestLinkOutside: a project whose test/ is a symbolic
// link to a folder outside it is refused with one line naming test/ and
// where it leads, exit 2, and nothing is written there. It wrote through
// the link.
func TestExportRefusesTestLinkOutside(t *testing.T) {
	root := copyProject(t, "senders", "src", foundryToml)
	reportPath, _ := fuzzReport(t, root, "src/reentrant_role.sol")
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "test")); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, "the test folder "+filepath.Join(root, "test")+" leads to "+outside+", outside the project "+root, "replay", "--export", reportPath)
	if entries, err := os.ReadDir(outside); err != nil || len(entries) > 0 {
		t.Errorf("the link's target holds %v (%v): the refused export wrote", entries, err)
	}
}

// TestExportFromDependency: a finding in a dependency's contract
// (node_modules/vaultpkg, whose own package.json makes it the campaign's
// project root) exports into the app's test/, importing the contract
// through node_modules, whether replay runs from the report's folder or
// inside the package. It wrote node_modules/vaultpkg/test/.
func TestExportFromDependency(t *testing.T) {
	app := copyProject(t, "dependency", "", nil)
	pkg := filepath.Join(app, "node_modules", "vaultpkg")
	reportPath, rep := fuzzReport(t, app, "node_modules/vaultpkg/contracts/Ledger.sol")
	if len(rep.Findings) != 1 || rep.Findings[0].Contract != "Ledger" || filepath.Clean(rep.Root) != pkg {
		t.Fatalf("report root %s, findings %+v: want one in Ledger, rooted at the package (the fixture changed?)", rep.Root, rep.Findings)
	}
	for i, wd := range []string{"", pkg} {
		if wd != "" {
			t.Chdir(wd)
		}
		code, out, stderr := foresight(t, "replay", "--export", reportPath)
		want := filepath.Join(app, "test", "Foresight_Ledger_assert-failure.t.sol")
		if i > 0 {
			want = strings.Replace(want, ".t.sol", "-2.t.sol", 1)
		}
		if code != exitOK || !strings.Contains(out, "finding 1: wrote "+want) {
			t.Fatalf("from %q: exit %d, stdout %q, stderr %q; want %s", wd, code, out, stderr, want)
		}
		test, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		const imp = `import {Ledger} from "../node_modules/vaultpkg/contracts/Ledger.sol";`
		if !strings.Contains(string(test), imp) {
			t.Errorf("%s lacks %s:\n%s", want, imp, test)
		}
	}
	if _, err := os.Stat(filepath.Join(pkg, "test")); !os.IsNotExist(err) {
		t.Errorf("the package's test/ exists (%v)", err)
	}
}

// reportMap reads the JSON report at path as a map, to tamper with.
func reportMap(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}
