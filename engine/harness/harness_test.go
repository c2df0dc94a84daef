package harness

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

func writeFile(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFind: invariant suites (invariant functions or target selectors)
// come first, then tests with only a setUp(), each by path; a test that
// does not reach the files, one without setUp() and one linked from
// outside the project are none; an open buffer wins over the disk.
func TestFind(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n")
	vault := writeFile(t, root, "src/Vault.sol", "contract Vault {}\n")
	writeFile(t, root, "src/Other.sol", "contract Other {}\n")
	unit := writeFile(t, root, "test/A_Unit.t.sol", "import \"../src/Vault.sol\";\ncontract U { function setUp() public {} }\n")
	inv := writeFile(t, root, "test/C_Inv.t.sol", "import \"../src/Vault.sol\";\ncontract I { function setUp() public {} function invariant_x() public {} }\n")
	targets := writeFile(t, root, "test/B_Targets.t.sol", "import \"../src/Vault.sol\";\ncontract T { function setUp() public { targetContract(address(1)); } function targetContract(address) internal {} }\n")
	writeFile(t, root, "test/D_Other.t.sol", "import \"../src/Other.sol\";\ncontract O { function setUp() public {} function invariant_x() public {} }\n")
	writeFile(t, root, "test/E_NoSetUp.t.sol", "import \"../src/Vault.sol\";\ncontract N { function invariant_x() public {} }\n")
	outside := writeFile(t, t.TempDir(), "Evil.t.sol", "import \"../src/Vault.sol\";\ncontract E { function setUp() public {} function invariant_x() public {} }\n")
	if err := os.Symlink(outside, filepath.Join(root, "test", "Evil.t.sol")); err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	got := Find(proj, []string{vault}, nil)
	want := []File{{targets, true}, {inv, true}, {unit, false}}
	if !slices.Equal(got, want) {
		t.Errorf("Find = %v, want %v", got, want)
	}
	if s := Suites(got); !slices.Equal(s, []string{targets, inv}) {
		t.Errorf("Suites = %v", s)
	}
	got = Find(proj, []string{vault}, solc.Overlay{inv: []byte("import \"../src/Vault.sol\";\ncontract I { function setUp() public {} }\n")})
	if want := []File{{targets, true}, {unit, false}, {inv, false}}; !slices.Equal(got, want) {
		t.Errorf("with the buffer, Find = %v, want %v", got, want)
	}
	if got := Find(proj, []string{unit}, nil); got != nil {
		t.Errorf("only test code given: Find = %v, want none", got)
	}
}
