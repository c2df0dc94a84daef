package harness

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestDependents: an abstract base brings the concrete contracts that
// derive from it, through an abstract middle file, nearest first, never
// a file that only uses it, test code, a dependency or a link from
// outside; an implementation whose constructor disables its initializers
// brings the project's proxies first; a concrete file brings nothing;
// an open buffer wins over the disk.
func TestDependents(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\n")
	base := writeFile(t, root, "src/Base.sol", "abstract contract Base { function f() public virtual {} }\n")
	writeFile(t, root, "src/Mid.sol", "import \"./Base.sol\";\nabstract contract Mid is Base {}\n")
	near := writeFile(t, root, "src/Near.sol", "import \"./Base.sol\";\ncontract Near is Base(), Other {}\ncontract Other {}\n")
	far := writeFile(t, root, "src/Far.sol", "import \"./Mid.sol\";\ncontract Far is Mid {}\n")
	writeFile(t, root, "src/User.sol", "import \"./Base.sol\";\ncontract User { Base b; }\n")
	writeFile(t, root, "test/Mock.sol", "import \"../src/Base.sol\";\ncontract Mock is Base {}\n")
	writeFile(t, root, "lib/dep/Dep.sol", "import \"../../src/Base.sol\";\ncontract Dep is Base {}\n")
	outside := writeFile(t, t.TempDir(), "Evil.sol", "import \"../src/Base.sol\";\ncontract Evil is Base {}\n")
	if err := os.Symlink(outside, filepath.Join(root, "src", "Evil.sol")); err != nil {
		t.Fatal(err)
	}
	impl := writeFile(t, root, "src/Impl.sol", "contract Impl { constructor() { _disableInitializers(); } function _disableInitializers() internal {} }\n")
	proxy := writeFile(t, root, "src/P.sol", "contract ERC1967Proxy {}\ncontract P is ERC1967Proxy {}\n")
	writeFile(t, root, "src/B.sol", "contract UpgradeableBeaconProxy {}\n")
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		file    string
		overlay solc.Overlay
		want    []string
	}{
		{"an abstract base", base, nil, []string{near, far}},
		{"a concrete file", near, nil, nil},
		{"an implementation behind a proxy", impl, nil, []string{proxy}},
		{"the buffer, not the disk", base, solc.Overlay{near: []byte("import \"./Base.sol\";\ncontract Near {}\n")}, []string{far}},
		{"a concrete buffer", base, solc.Overlay{base: []byte("contract Base {}\n")}, nil},
	} {
		if got := Dependents(proj, tt.file, tt.overlay); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Dependents = %v, want %v", tt.name, got, tt.want)
		}
	}
}
