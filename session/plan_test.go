package session

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

func writeFile(t *testing.T, root, rel, content string) string {
	t.Helper()
	path := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFor: the planner's campaigns. Named files are fuzzed directly with
// each invariant suite whose imports reach them beside; a save fuzzes
// the open code directly and each open test with a setUp() in its own
// campaign, as an unopened suite; with no invariant suite, the first test
// with a setUp() reaching the code runs beside; a command fuzzes only
// what it names. Test code is fuzzed directly (a test from its own
// set-up) when named, or when no file of the direct campaign is outside
// test code. The buffer wins over the disk, and a test linked from outside the
// project is never read.
func TestFor(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n")
	vault := writeFile(t, root, "src/Vault.sol", "contract Vault {}\n")
	other := writeFile(t, root, "src/Other.sol", "contract Other {}\n")
	writeFile(t, root, "test/Base.sol", "import \"../src/Vault.sol\";\ncontract Base {}\n")
	unit := writeFile(t, root, "test/A_Unit.t.sol", "import \"./Base.sol\";\ncontract UnitTest { function setUp() public {} }\n")
	inv := writeFile(t, root, "test/B_Invariant.t.sol", "import \"./Base.sol\";\ncontract InvTest { function setUp() public {} function invariant_x() public {} }\n")
	writeFile(t, root, "test/C_NoSetUp.t.sol", "import \"../src/Other.sol\";\ncontract NoSetUp { function test_x() public {} }\n")
	outside := writeFile(t, t.TempDir(), "Evil.t.sol", "import \"../src/Other.sol\";\ncontract Evil { function setUp() public {} function invariant_x() public {} }\n")
	if err := os.Symlink(outside, filepath.Join(root, "test", "Evil.t.sol")); err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name           string
		files          []string
		overlay        solc.Overlay
		mode           Mode
		direct, suites []string
		// testCode: the direct campaign fuzzes test code, as check does
		// a named test file.
		testCode bool
	}{
		{"a named file and the suite reaching it", []string{vault}, nil, Named, []string{vault}, []string{inv}, true},
		{"no suite reaches Other.sol", []string{other}, nil, Named, []string{other}, nil, true},
		{"a named test is fuzzed from its own set-up", []string{vault, unit}, nil, Named, []string{vault, unit}, []string{inv}, true},
		{"a named suite is not run twice", []string{vault, inv}, nil, Named, []string{vault, inv}, nil, true},
		{"an open test with a setUp() runs beside", []string{vault, unit}, nil, Save, []string{vault}, []string{unit, inv}, false},
		{"the buffer, not the disk; no suite: the first set-up", []string{vault}, solc.Overlay{inv: []byte("contract InvTest {}\n")}, Save, []string{vault}, []string{unit}, false},
		{"only test code open", []string{unit}, nil, Save, []string{unit}, nil, true},
		{"a command fuzzes what it names", []string{vault}, nil, Command, []string{vault}, nil, false},
		{"a command on a test fuzzes it from its set-up", []string{unit}, nil, Command, []string{unit}, nil, true},
	} {
		got := For(proj, tt.files, tt.overlay, tt.mode)
		if !slices.Equal(got.Direct, tt.direct) || !slices.Equal(got.Suites, tt.suites) || got.TestCode != tt.testCode {
			t.Errorf("%s: %+v, want direct %v, suites %v, test code %v", tt.name, got, tt.direct, tt.suites, tt.testCode)
		}
	}
}

// TestSplit: the suites (files) get equal shares of the executions and
// time, the direct campaign the remainder, and every campaign the seed;
// a suite's test contracts divide its share.
func TestSplit(t *testing.T) {
	opts := engine.Options{Settings: engine.Settings{Seed: 7, Execs: 1000, Duration: 10 * time.Second}}
	h := Split(&opts, 2)
	if h.Execs != 333 || opts.Execs != 334 || h.Duration+h.Duration+opts.Duration != 10*time.Second || h.Seed != 7 || opts.Seed != 7 {
		t.Errorf("direct %+v, suites %+v", opts.Settings, h.Settings)
	}
	if Split(&opts, 0); opts.Execs != 334 {
		t.Errorf("no suite changed the direct budget: %+v", opts.Settings)
	}
	// A suite's share is divided among its test contracts, the first
	// taking the remainder: the suite spends its share, no more.
	var execs uint64
	var dur time.Duration
	for i := range 3 {
		o := share(h, 3, i)
		execs, dur = execs+o.Execs, dur+o.Duration
		if want := uint64(111); i > 0 && o.Execs != want {
			t.Errorf("contract %d gets %d executions, want %d", i, o.Execs, want)
		}
	}
	if execs != h.Execs || dur != h.Duration {
		t.Errorf("the contracts spend %d executions and %v, the suite's share is %d and %v", execs, dur, h.Execs, h.Duration)
	}
}
