package maze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// forgeProject writes the recorded maze p and its harness as a Foundry
// layout (src/, test/) in a scratch folder and compiles the harness,
// which imports the maze.
func forgeProject(t *testing.T, p Params) (*program.Program, *Maze, Sites, string) {
	t.Helper()
	m := Generate(p)
	sol, js := m.RenderRecorded()
	var sites Sites
	if err := json.Unmarshal(js, &sites); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for name, b := range map[string][]byte{
		"foundry.toml":                        []byte("[profile.default]\nsrc = \"src\"\ntest = \"test\"\n"),
		"src/" + m.Name + ".sol":              sol,
		"test/" + m.Name + "Invariants.t.sol": m.ForgeHarness("../src/" + m.Name + ".sol"),
	} {
		f := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := program.New(testbuild.CompileIn(t, root, "test/"+m.Name+"Invariants.t.sol"))
	if err != nil {
		t.Fatal(err)
	}
	return prog, m, sites, string(sol)
}

// witness turns a site's witness into calls to contract ct.
func witness(t *testing.T, ct int, moves []Move) []fuzz.RawCall {
	t.Helper()
	var calls []fuzz.RawCall
	for _, mv := range moves {
		sig := mv.Function + "(" + strings.TrimSuffix(strings.Repeat("uint64,", NArgs), ",") + ")"
		in := crypto.Keccak256([]byte(sig))[:4]
		for _, a := range mv.Args {
			x, _ := new(big.Int).SetString(a, 10)
			in = append(in, common.BigToHash(x).Bytes()...)
		}
		var v uint256.Int
		if err := v.SetFromDecimal(mv.Value); err != nil {
			t.Fatal(err)
		}
		calls = append(calls, fuzz.RawCall{Contract: ct, Input: in, Value: v})
	}
	return calls
}

// TestRecordedSitesMatchRender checks that the recorded maze is Render's
// maze with each assert replaced by its bit and one state variable more:
// the same sites, each one line lower.
func TestRecordedSitesMatchRender(t *testing.T) {
	for _, c := range Committed {
		m := Generate(c.Params)
		plain, plainSites := m.Render()
		rec, recSites := m.RenderRecorded()
		var a, b Sites
		if err := json.Unmarshal(plainSites, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(recSites, &b); err != nil {
			t.Fatal(err)
		}
		if len(a.Sites) != len(b.Sites) || len(a.Sites) != len(m.Digs) {
			t.Fatalf("%s: %d sites rendered, %d recorded, %d digs", c.File, len(a.Sites), len(b.Sites), len(m.Digs))
		}
		recLines := strings.Split(string(rec), "\n")
		for i := range a.Sites {
			if b.Sites[i].Line != a.Sites[i].Line+1 || b.Sites[i].Reachable != a.Sites[i].Reachable {
				t.Errorf("%s: site %d at line %d (reachable %v), recorded at %d (%v)", c.File, i, a.Sites[i].Line, a.Sites[i].Reachable, b.Sites[i].Line, b.Sites[i].Reachable)
			}
			if want := fmt.Sprintf("bugs |= 1 << %d;", i); strings.TrimSpace(recLines[b.Sites[i].Line-1]) != want {
				t.Errorf("%s: recorded line %d is %q, want %q", c.File, b.Sites[i].Line, recLines[b.Sites[i].Line-1], want)
			}
		}
		// Undo the recording: the rest is Render's maze, byte for byte.
		undone := string(rec)
		undone = strings.Replace(undone, "    uint256 public bugs;\n", "", 1)
		for i := range m.Digs {
			undone = strings.Replace(undone, fmt.Sprintf("bugs |= 1 << %d;", i), "assert(false);", 1)
		}
		if !bytes.Equal([]byte(undone), plain) {
			t.Errorf("%s: the recorded maze differs from Render's beyond its bug sites", c.File)
		}
	}
}

// TestRecordedWitnessesHitHarness replays every reachable site's witness
// on the recorded maze deployed by its forge harness's setUp(): no move
// reverts or fails an assert, the harness's invariant holds until the
// last move and fails on it, with bugs() holding exactly that site's bit.
func TestRecordedWitnessesHitHarness(t *testing.T) {
	for _, c := range Committed {
		if c.File != "tiny" && c.File != "maze1" && c.File != "shapes1" {
			continue
		}
		prog, m, sites, _ := forgeProject(t, c.Params)
		ct, ok := prog.Lookup(m.Name)
		if !ok {
			t.Fatalf("%s: no contract %s", c.File, m.Name)
		}
		bugs := crypto.Keccak256([]byte("bugs()"))[:4]
		only := map[finding.Kind]bool{finding.Invariant: true, finding.AssertFailure: true}
		for i, s := range sites.Sites {
			if !s.Reachable {
				continue
			}
			calls := witness(t, ct.Index, s.Witness)
			calls = append(calls, fuzz.RawCall{Contract: ct.Index, Input: bugs})
			steps, err := fuzz.ReplayFrom(prog, m.Name+"Invariants", chain.Config{}, 0, nil, calls, only, nil)
			if err != nil {
				t.Fatal(err)
			}
			n := len(s.Witness)
			if len(steps) != n {
				t.Fatalf("%s: site %d: %d steps, want the %d moves (the invariant stops the replay on the last)", c.File, i, len(steps), n)
			}
			for k, st := range steps {
				if st.Err != nil {
					t.Fatalf("%s: site %d: move %d reverted: %v", c.File, i, k, st.Err)
				}
				if k < n-1 && st.Finding != nil {
					t.Fatalf("%s: site %d: move %d gave %s before the site", c.File, i, k, st.Finding.Kind)
				}
			}
			if f := steps[n-1].Finding; f == nil || f.Kind != finding.Invariant {
				t.Fatalf("%s: site %d: the dig gave %+v, want the harness's invariant", c.File, i, f)
			}
			// Without the invariant, the last call reads the recorded bit.
			steps, err = fuzz.ReplayFrom(prog, m.Name+"Invariants", chain.Config{}, 0, nil, calls, map[finding.Kind]bool{finding.Invariant: false}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := new(big.Int).SetBytes(steps[len(steps)-1].Ret)
			if want := new(big.Int).Lsh(big.NewInt(1), uint(i)); got.Cmp(want) != 0 {
				t.Errorf("%s: site %d: bugs() = %v after its witness, want %v", c.File, i, got, want)
			}
		}
	}
}
