package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// TestMocksApart fuzzes testdata/mocks: the project's own SWC-105 in
// src/Bank.sol is its finding, and so is the missing check of the
// abstract src/Registry.sol that only the helper TestRegistry deploys;
// the unguarded selfdestruct of the test helper
// mocks/helpers/Killable.sol is reported after them, marked Mock, and
// not counted (report.Own).
func TestMocksApart(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("testdata", "mocks"))
	if err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(root, "src", "Bank.sol"), filepath.Join(root, "mocks", "helpers", "Killable.sol"), filepath.Join(root, "mocks", "helpers", "TestRegistry.sol")}
	bs, err := testToolchain().Compile(context.Background(), proj, solc.Request{Files: files, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 20_000}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Kind+"@"+f.Contract+mockTag(f))
	}
	// The project's own first (in any order), then the mock's.
	if len(got) == 3 {
		sort.Strings(got[:2])
	}
	want := []string{"SWC-105@Bank", "privilege-takeover@TestRegistry", "SWC-106@Killable (mock)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v (the mock's last)", got, want)
	}
	if n := report.Own(rep.Findings); n != 2 {
		t.Errorf("own findings %d, want 2", n)
	}
}

func mockTag(f report.Finding) string {
	if f.Mock {
		return " (mock)"
	}
	return ""
}

// TestSetUpFileNotMock: a Foundry set-up's campaign on a contract its own
// test file defines (test/Senders.t.sol's Gate, in a test folder) is the
// project's own finding: the harness wrote Gate to be fuzzed.
func TestSetUpFileNotMock(t *testing.T) {
	_, bs := foundryProject(t, "test/Senders.t.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 5_000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Mock || rep.SetUp != "SendersTest" {
		t.Errorf("set-up %q, findings %+v: want Gate's assert-failure, not a mock's", rep.SetUp, rep.Findings)
	}
}
