package lsp

import (
	"os"
	"path/filepath"
	"testing"

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
