package behaviour

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/corpus"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// fixtureBuild compiles engine/testdata/behaviour/<name>/Vault.sol in a
// scratch folder of its own (the same unit name for every case).
func fixtureBuild(t *testing.T, name string) []*solc.Build {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "behaviour", name, "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Vault.sol"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	return testbuild.CompileIn(t, dir, "Vault.sol")
}

// TestCompareFixtures compares each case's new Vault with the base one,
// at a fixed seed and budget: a behaviour change is found, with the
// input that shows it; a refactor or a new storage layout shows none.
func TestCompareFixtures(t *testing.T) {
	cases := []struct {
		name string
		// fn and aspect are the difference wanted; fn "" wants none.
		fn, aspect string
		// says are words the message must hold.
		says []string
	}{
		{name: "rounding", fn: "Vault.deposit(uint256)", aspect: "return", says: []string{"`deposit(", "before returned", "now"}},
		{name: "revert-message", fn: "Vault.withdraw(uint256)", aspect: "revert", says: []string{`before reverted "insufficient", now reverted "not enough"`}},
		{name: "event", fn: "Vault.deposit(uint256)", aspect: "events", says: []string{"before emitted Deposited(", "now emitted Deposit("}},
		{name: "access", fn: "Vault.setLimit(uint256)", aspect: "outcome", says: []string{"before succeeded", `now reverted "not owner"`}},
		{name: "counter", fn: "Vault.deposit(uint256)", aspect: "getter", says: []string{"`calls()` after `deposit(", "before returned 1, now 2"}},
		{name: "refactor"},
		{name: "layout"},
	}
	old := fixtureBuild(t, "base")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Compare(context.Background(), old, fixtureBuild(t, tc.name), Options{Seed: 1, Budget: 48})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Compared) != 8 || len(rep.Added) != 0 || len(rep.Removed) != 0 {
				t.Fatalf("compared %v, added %v, removed %v: want the 8 functions both builds share", rep.Compared, rep.Added, rep.Removed)
			}
			for _, fr := range rep.Compared {
				if fr.Inputs == 0 {
					t.Errorf("%s: no input compared", fr.Function)
				}
			}
			if tc.fn == "" {
				for _, d := range rep.Differences {
					t.Errorf("a difference in a change of no behaviour: %s: %s", d.Function, d.Message)
				}
				return
			}
			if len(rep.Differences) == 0 {
				t.Fatalf("no difference found; want one in %s", tc.fn)
			}
			var got *Difference
			for i, d := range rep.Differences {
				t.Logf("%s (%s): %s", d.Function, d.Aspect, d.Message)
				if d.Function.String() == tc.fn {
					got = &rep.Differences[i]
				} else {
					// Another function only shows what tc.fn changed.
					t.Errorf("a difference in %s, which did not change", d.Function)
				}
			}
			if got == nil {
				t.Fatalf("no difference in %s", tc.fn)
			}
			if got.Aspect != tc.aspect {
				t.Errorf("aspect %q, want %q", got.Aspect, tc.aspect)
			}
			for _, w := range tc.says {
				if !strings.Contains(got.Message, w) {
					t.Errorf("message %q does not say %q", got.Message, w)
				}
			}
			if len(got.Sequence) == 0 || got.Step > len(got.Sequence) {
				t.Errorf("difference without its input: %+v", got)
			}
		})
	}
}

// TestLayoutMovesSlots shows that the layout case's storage differs slot
// by slot after the same deposit: a comparison of raw storage would claim
// a difference where TestCompareFixtures/layout wants none.
func TestLayoutMovesSlots(t *testing.T) {
	old, new := fixtureBuild(t, "base"), fixtureBuild(t, "layout")
	oldProg, err := programOf(old)
	if err != nil {
		t.Fatal(err)
	}
	newProg, err := programOf(new)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := planFor(context.Background(), newProg, new, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := matchPrograms(oldProg, newProg)
	before, err := newSide(context.Background(), oldProg, sp)
	if err != nil {
		t.Fatal(err)
	}
	after, err := newSide(context.Background(), newProg, sp)
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{m: m, before: before, after: after}
	r.senders = after.ch.Senders()
	dep := m.pairs[0].new.Methods
	var call Call
	for i := range dep {
		if dep[i].Sig == "deposit(uint256)" {
			call = Call{Contract: "Vault", Sender: r.senders[0], Input: append(dep[i].Selector[:], make([]byte, 31)...)}
			call.Input = append(call.Input, 200)
		}
	}
	ob := before.run(Sequence{call}, before.accounts(r.senders, m.pairs), m.pairs)
	oa := after.run(Sequence{call}, after.accounts(r.senders, m.pairs), m.pairs)
	if !equalObs(ob, oa) {
		t.Fatalf("the layout change shows a difference: %+v / %+v", ob, oa)
	}
	slot := func(s *side, i int64) string {
		return s.ch.State().GetState(s.addr("Vault"), common.BigToHash(big.NewInt(i))).Hex()
	}
	same := true
	for i := int64(0); i < 5; i++ {
		same = same && slot(before, i) == slot(after, i)
	}
	if same {
		t.Fatal("slots 0-4 hold the same words on both builds: the fixture does not change the layout")
	}
}

// TestTraceBoth replays a found difference on both builds for a person,
// and restricts a comparison by name as the editor does.
func TestTraceBoth(t *testing.T) {
	old, rounding, refactor := fixtureBuild(t, "base"), fixtureBuild(t, "rounding"), fixtureBuild(t, "refactor")
	rep, err := Compare(context.Background(), old, rounding, Options{Seed: 1, Budget: 16, Names: []string{"Vault.deposit"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Compared) != 1 || rep.Compared[0].Function.String() != "Vault.deposit(uint256)" || len(rep.Differences) != 1 {
		t.Fatalf("by name: compared %v, differences %v; want deposit alone, differing", rep.Compared, rep.Differences)
	}
	seq := rep.Differences[0].Sequence
	text, err := Trace(context.Background(), old, rounding, seq, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "before: returned") || !strings.Contains(text, "<- differs (return") {
		t.Errorf("trace of the difference:\n%s", text)
	}
	if text, err = Trace(context.Background(), old, refactor, seq, 1); err != nil || !strings.Contains(text, "no difference") {
		t.Errorf("trace on the refactor: %v\n%s", err, text)
	}
}

// TestExportFoundry writes differences as Foundry tests asserting the
// old behaviour, and compiles each in a Foundry project with the real
// compiler (scripts/check-behaviour-export runs them under real forge).
func TestExportFoundry(t *testing.T) {
	old := fixtureBuild(t, "base")
	for _, tc := range []struct{ name, want string }{
		{"rounding", `assertEq(ret, hex"`},
		{"counter", `.staticcall(hex"`},
		{"access", `assertTrue(ok, "success")`},
		{"event", `getRecordedLogs()`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			new := fixtureBuild(t, tc.name)
			rep, err := Compare(context.Background(), old, new, Options{Seed: 1, Budget: 48})
			if err != nil || len(rep.Differences) == 0 {
				t.Fatalf("compare: %v, %v", err, rep)
			}
			rel, text, err := ExportFoundry(context.Background(), old, new, rep.Differences[0].Sequence, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(rel, "test/Vault_") || !strings.HasSuffix(rel, "BehaviourTest.t.sol") || !strings.Contains(text, tc.want) {
				t.Fatalf("%s:\n%s", rel, text)
			}
			root := t.TempDir()
			for _, f := range []struct{ rel, from string }{
				{"src/Vault.sol", filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "behaviour", tc.name, "Vault.sol")},
				{"lib/forge-std/src/Test.sol", filepath.Join(fixtures.ForgeStd(), "Test.sol")},
				{"lib/forge-std/src/Vm.sol", filepath.Join(fixtures.ForgeStd(), "Vm.sol")},
			} {
				data, err := os.ReadFile(f.from)
				if err != nil {
					t.Fatal(err)
				}
				writeIn(t, root, f.rel, data)
			}
			writeIn(t, root, "foundry.toml", []byte("[profile.default]\nsrc = \"src\"\n"))
			writeIn(t, root, "remappings.txt", []byte("forge-std/=lib/forge-std/src/\n"))
			writeIn(t, root, rel, []byte(text))
			testbuild.CompilesCleanly(t, root, []string{filepath.Join(root, rel)})
		})
	}
}

func writeIn(t *testing.T, root, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCorpusInputs compares over a corpus input first: one that calls
// deposit(150) finds the rounding change with that very input, counted
// for deposit, before any generated one; an input through an attacker
// contract is not one.
func TestCorpusInputs(t *testing.T) {
	in := corpus.Input{Calls: []corpus.InputCall{{Contract: "Vault", Function: "deposit(uint256)", Args: "0x" + strings.Repeat("0", 62) + "96", Sender: 1}}}
	seq, ok := FromCorpus(in)
	if !ok || len(seq) != 1 {
		t.Fatalf("FromCorpus: %v, %v", seq, ok)
	}
	if _, ok := FromCorpus(corpus.Input{Calls: []corpus.InputCall{{Contract: "Vault", Function: "deposit(uint256)", Sender: 3}}}); ok {
		t.Error("an input sent through an attacker contract was taken")
	}
	rep, err := Compare(context.Background(), fixtureBuild(t, "base"), fixtureBuild(t, "rounding"),
		Options{Seed: 1, Budget: 1, Depth: -1, Names: []string{"Vault.deposit"}, Inputs: []Sequence{seq}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Compared) != 1 || rep.Compared[0].Inputs != 1 {
		t.Errorf("compared %v, want deposit over the corpus input alone (it differs at once)", rep.Compared)
	}
	if len(rep.Differences) != 1 || !strings.Contains(rep.Differences[0].Message, "`deposit(150) from sender 2`: before returned 149, now 148") {
		t.Errorf("differences %+v, want the corpus input's", rep.Differences)
	}
}

// TestUndeployedSide compares with an old build whose constructor always
// reverts: its calls are "not deployed", never sent to the zero address
// (which would create a contract from the calldata).
func TestUndeployedSide(t *testing.T) {
	rep, err := Compare(context.Background(), fixtureBuild(t, "ctor-revert"), fixtureBuild(t, "base"), Options{Seed: 1, Budget: 4, Names: []string{"Vault.deposit"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Differences) != 1 || !strings.Contains(rep.Differences[0].Message, "before failed (not deployed)") {
		t.Fatalf("differences %+v, want deposit: before not deployed", rep.Differences)
	}
}

// TestGasIsNoDifference: the refactor calls an internal function, which
// costs gas; that is reported as gas, never as a difference.
func TestGasIsNoDifference(t *testing.T) {
	rep, err := Compare(context.Background(), fixtureBuild(t, "base"), fixtureBuild(t, "refactor"), Options{Seed: 1, Budget: 16, Names: []string{"Vault.deposit"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Differences) != 0 || len(rep.Compared) != 1 {
		t.Fatalf("compared %v, differences %v", rep.Compared, rep.Differences)
	}
	if c := rep.Compared[0]; c.GasBefore == 0 || c.GasAfter == 0 || c.GasBefore == c.GasAfter {
		t.Errorf("deposit's mean gas %d before, %d after: want both, and not the same", c.GasBefore, c.GasAfter)
	}
}
