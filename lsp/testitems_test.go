package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"go.lsp.dev/protocol"
)

// testItemsProject is issue 45's vault (vaultProject) with the files of
// testdata/testitems in its test folder: a suite whose invariant breaks
// and an exported reproducer.
func testItemsProject(tb testing.TB) string {
	tb.Helper()
	root := vaultProject(tb)
	for _, name := range []string{"Drained.t.sol", "Foresight_Vault_assert-failure.t.sol"} {
		data, err := os.ReadFile(filepath.Join("testdata", "testitems", name))
		if err != nil {
			tb.Fatal(err)
		}
		writeFile(tb, root, "test/"+name, string(data))
	}
	return root
}

// itemLines flattens a list of test files: "file contract.test@line" per
// test (one-based lines), "file contract@line" for a contract without.
func itemLines(root string, files []testFile) []string {
	var out []string
	for _, tf := range files {
		path, _ := pathOf(tf.URI)
		rel, _ := filepath.Rel(root, path)
		for _, c := range tf.Contracts {
			if len(c.Tests) == 0 {
				out = append(out, rel+" "+c.Name+"@"+strconv.Itoa(int(c.Range.Start.Line)+1))
			}
			for _, t := range c.Tests {
				out = append(out, rel+" "+c.Name+"."+t.Name+"@"+strconv.Itoa(int(t.Range.Start.Line)+1))
			}
		}
	}
	return out
}

// TestTestItems: foresight/testItems lists the project's invariant suites
// and reproducers before anything compiled, then the functions of the
// last compile; "Fuzz this file" on a suite with "wait" answers once the
// run ended, with the broken invariant, its place and its sequence, and
// a suite whose invariants hold answers no finding.
func TestTestItems(t *testing.T) {
	root := testItemsProject(t)
	drained := filepath.Join(root, "test", "Drained.t.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 4_000), folders: []string{root}})
	var items testItemsResult
	if err := f.call(methodTestItems, testItemsParams{}, &items); err != nil {
		t.Fatal(err)
	}
	if len(items.Projects) != 1 {
		t.Fatalf("projects = %+v, want the vault's", items.Projects)
	}
	p := items.Projects[0]
	wantSuites := []string{
		"test/Drained.t.sol DrainedTest.invariant_noDeposits@17",
		"test/Drained.t.sol DrainedTest.invariant_alwaysHolds@21",
		"test/Vault.t.sol VaultTest.invariant_balanceWithinDeposits@37",
	}
	if got := itemLines(root, p.Suites); !slices.Equal(got, wantSuites) {
		t.Errorf("suites = %q, want %q", got, wantSuites)
	}
	wantRepro := []string{"test/Foresight_Vault_assert-failure.t.sol Foresight_Vault_assert_failure_Test.test_checkSolvency_assert_failure_2@10"}
	if got := itemLines(root, p.Reproducers); !slices.Equal(got, wantRepro) {
		t.Errorf("reproducers = %q, want %q", got, wantRepro)
	}
	if len(p.Functions) != 0 {
		t.Errorf("functions before any compile = %+v, want none", p.Functions)
	}

	var res runResult
	arg := map[string]any{"uri": uriOf(drained), "wait": true}
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdFuzzFile, Arguments: []any{arg}}, &res); err != nil {
		t.Fatal(err)
	}
	if !fuzzed(res.Result) || !res.Fuzzed || res.Execs == 0 {
		t.Errorf("the suite's run ended %q (fuzzed %v, %d execs), want fuzzed with executions", res.Result, res.Fuzzed, res.Execs)
	}
	var broken *runFinding
	for i := range res.Findings {
		if res.Findings[i].Check == "invariant_noDeposits" {
			broken = &res.Findings[i]
		}
		if res.Findings[i].Check == "invariant_alwaysHolds" {
			t.Errorf("an invariant that holds failed: %+v", res.Findings[i])
		}
	}
	if broken == nil {
		t.Fatalf("no finding of invariant_noDeposits in %+v", res)
	}
	if broken.URI != uriOf(drained) || broken.Range.Start.Line != lineOf(t, drained, "function invariant_noDeposits") || len(broken.Sequence) == 0 || broken.ID == "" {
		t.Errorf("the broken invariant = %+v, want its function's line in Drained.t.sol, an id and a sequence", *broken)
	}

	arg["uri"] = uriOf(filepath.Join(root, "test", "Vault.t.sol"))
	res = runResult{}
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdFuzzFile, Arguments: []any{arg}}, &res); err != nil {
		t.Fatal(err)
	}
	if !fuzzed(res.Result) || !res.Fuzzed || len(res.Findings) != 0 {
		t.Errorf("the holding suite's run = %+v, want fuzzed without findings", res)
	}

	items = testItemsResult{}
	if err := f.call(methodTestItems, testItemsParams{URI: uriOf(root)}, &items); err != nil {
		t.Fatal(err)
	}
	var fns []string
	for _, fn := range items.Projects[0].Functions {
		fns = append(fns, fn.Function+"@"+strconv.Itoa(int(fn.Range.Start.Line)+1))
	}
	vault := filepath.Join(root, "src", "Vault.sol")
	want := []string{
		"Vault.deposit@" + strconv.Itoa(int(lineOf(t, vault, "function deposit"))+1),
		"Vault.withdraw@" + strconv.Itoa(int(lineOf(t, vault, "function withdraw"))+1),
		"Vault.checkSolvency@" + strconv.Itoa(int(lineOf(t, vault, "function checkSolvency"))+1),
	}
	slices.Sort(fns)
	slices.Sort(want)
	if !slices.Equal(fns, want) {
		t.Errorf("functions after the runs = %q, want %q (no test code, no forge-std)", fns, want)
	}
	f.shutdown()
}
