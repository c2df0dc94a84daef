package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// TestSetUpHarness: the test file a run adds for its set-up is one whose
// setUp() reaches the edited file through its imports, invariant tests
// first; none when an open test file has its own setUp(), and never a
// file linked from outside the project.
func TestSetUpHarness(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n")
	vault := writeFile(t, root, "src/Vault.sol", "contract Vault {}\n")
	other := writeFile(t, root, "src/Other.sol", "contract Other {}\n")
	writeFile(t, root, "test/Base.sol", "import \"../src/Vault.sol\";\ncontract Base {}\n")
	unit := writeFile(t, root, "test/A_Unit.t.sol", "import \"./Base.sol\";\ncontract UnitTest { function setUp() public {} }\n")
	inv := writeFile(t, root, "test/B_Invariant.t.sol", "import \"./Base.sol\";\ncontract InvTest { function setUp() public {} function invariant_x() public {} }\n")
	writeFile(t, root, "test/C_NoSetUp.t.sol", "import \"../src/Other.sol\";\ncontract NoSetUp { function test_x() public {} }\n")
	outside := writeFile(t, t.TempDir(), "Evil.t.sol", "import \"../src/Other.sol\";\ncontract Evil { function setUp() public {} }\n")
	if err := os.Symlink(outside, filepath.Join(root, "test", "Evil.t.sol")); err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		files   []string
		overlay solc.Overlay
		want    string
	}{
		{"invariant test first", []string{vault}, nil, inv},
		{"no set-up reaches Other.sol", []string{other}, nil, ""},
		{"an open test file with a setUp()", []string{vault, unit}, nil, ""},
		{"the buffer, not the disk", []string{vault}, solc.Overlay{inv: []byte("contract InvTest {}\n")}, unit},
		{"only test code open", []string{unit}, solc.Overlay{unit: []byte("contract U {}\n")}, ""},
	} {
		if got := setUpHarness(proj, tt.files, tt.overlay); got != tt.want {
			t.Errorf("%s: setUpHarness = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSetUpHarnessAgreesWithCLI: on the harness fixture project
// (engine/testdata/harness), the editor's harness is the first of the
// invariant suites the command line runs (harness.Find), and the unit
// test without invariants is neither.
func TestSetUpHarnessAgreesWithCLI(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "harness")
	for _, rel := range []string{"foundry.toml", "remappings.txt", "src/Bank.sol", "test/BankFork.t.sol", "test/BankInvariant.t.sol", "test/BankUnit.t.sol"} {
		data, err := os.ReadFile(filepath.Join(src, rel))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, root, rel, string(data))
	}
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		data, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, root, "lib/forge-std/src/"+name, string(data))
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bank := filepath.Join(root, "src", "Bank.sol")
	suites := harness.Suites(harness.Find(proj, []string{bank}, nil))
	want := []string{filepath.Join(root, "test", "BankFork.t.sol"), filepath.Join(root, "test", "BankInvariant.t.sol")}
	if !slices.Equal(suites, want) {
		t.Fatalf("the command line's suites %v, want %v", suites, want)
	}
	if got := setUpHarness(proj, []string{bank}, nil); got != suites[0] {
		t.Errorf("the editor's harness %q, want the command line's first suite %q", got, suites[0])
	}
}
