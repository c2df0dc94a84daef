package maze

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
	"github.com/holiman/uint256"
)

// load compiles a committed maze and reads its sites.
func load(t *testing.T, name string) (*program.Program, Sites) {
	t.Helper()
	prog := testbuild.Program(t, filepath.Join(dir, name+".sol"))
	var s Sites
	b, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		t.Fatal(err)
	}
	return prog, s
}

// TestWitnessesReplay runs every reachable site's witness on the EVM: each
// move but the last passes without a finding, and the last fails the
// assert on the site's line.
func TestWitnessesReplay(t *testing.T) {
	for _, c := range []string{"tiny", "maze1", "maze4", "hard1", "shapes1", "state1"} {
		prog, sites := load(t, c)
		ct, ok := prog.Lookup(sites.Contract)
		if !ok {
			t.Fatalf("%s: no contract %s", c, sites.Contract)
		}
		for _, s := range sites.Sites {
			if !s.Reachable {
				continue
			}
			var calls []fuzz.RawCall
			for _, mv := range s.Witness {
				var v uint256.Int
				if err := v.SetFromDecimal(mv.Value); err != nil {
					t.Fatal(err)
				}
				calls = append(calls, fuzz.RawCall{Contract: ct.Index, Input: encode(t, ct.ABI, mv), Value: v})
			}
			steps, err := fuzz.Replay(prog, chain.Config{}, 0, nil, calls, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) != len(calls) {
				t.Fatalf("%s: site %d: stopped after %d of %d moves (%+v)", c, s.Line, len(steps), len(calls), steps[len(steps)-1].Finding)
			}
			f := steps[len(steps)-1].Finding
			if f == nil || f.Kind != finding.AssertFailure || !f.Located {
				t.Fatalf("%s: site %d: last move gave %+v (err %v)", c, s.Line, f, steps[len(steps)-1].Err)
			}
			line, _, _ := position.NewMapper(ct.Build.Units[f.Location.Unit].Content).LineCol(f.Location.Start)
			if line+1 != s.Line {
				t.Errorf("%s: site %d: assert failed at line %d", c, s.Line, line+1)
			}
		}
	}
}

// encode returns the calldata of a witness's move: uint64 arguments in
// decimal, a string as is, bytes in hex.
func encode(t *testing.T, a abi.ABI, mv Move) []byte {
	t.Helper()
	m, ok := a.Methods[mv.Function]
	if !ok || len(m.Inputs) != len(mv.Args) {
		t.Fatalf("no method %s of %d arguments", mv.Function, len(mv.Args))
	}
	args := make([]any, len(mv.Args))
	for i, in := range m.Inputs {
		switch in.Type.T {
		case abi.StringTy:
			args[i] = mv.Args[i]
		case abi.BytesTy:
			args[i] = common.FromHex(mv.Args[i])
		default:
			x, ok := new(big.Int).SetString(mv.Args[i], 10)
			if !ok || !x.IsUint64() {
				t.Fatalf("%s: argument %q is no uint64", mv.Function, mv.Args[i])
			}
			args[i] = x.Uint64()
		}
	}
	packed, err := m.Inputs.Pack(args...)
	if err != nil {
		t.Fatal(err)
	}
	return append(append([]byte(nil), m.ID...), packed...)
}

// TestTinyMazeFound fuzzes the tiny maze with a fixed seed and execution
// budget and checks that a reachable bug site is found, and only those.
func TestTinyMazeFound(t *testing.T) {
	prog, sites := load(t, "tiny")
	res, err := fuzz.Run(context.Background(), prog, fuzz.Config{Settings: fuzz.Settings{Seed: 1, Execs: 20000, MaxSeqLen: 8}})
	if err != nil {
		t.Fatal(err)
	}
	reachable := map[int]bool{}
	for _, l := range sites.Reachable {
		reachable[l] = true
	}
	found := 0
	for _, f := range res.Findings {
		if f.Kind != finding.AssertFailure {
			continue // the payable moves freeze ether, by design
		}
		line, _, _ := position.NewMapper(prog.Contracts[f.Contract].Build.Units[f.Location.Unit].Content).LineCol(f.Location.Start)
		if !reachable[line+1] {
			t.Errorf("finding %s at line %d, which is no reachable site", f.Kind, line+1)
			continue
		}
		found++
	}
	if found == 0 {
		t.Fatalf("no reachable site of %v found in 20000 executions", sites.Reachable)
	}
	t.Logf("found %d of %d reachable sites", found, len(sites.Reachable))
}

// easyDepthExecs is TestEasyMazeDeepest's budget.
const easyDepthExecs = 20_000

// TestEasyMazeDeepest fuzzes the easy maze easy1, whose moves each pass one
// comparison, with a fixed seed and execution budget, under the benchmark's
// cap of 24 transactions: a bug site 13 transactions deep (12 moves and
// the dig) must be found, which takes sequences that grow from the states
// their moves reach, one transaction at a time.
func TestEasyMazeDeepest(t *testing.T) {
	prog, sites := load(t, "easy1")
	deepest := 0
	for _, s := range sites.Sites {
		if s.Reachable {
			deepest = max(deepest, s.Depth)
		}
	}
	res, err := fuzz.Run(context.Background(), prog, fuzz.Config{Settings: fuzz.Settings{Seed: 1, Execs: easyDepthExecs, MaxSeqLen: 24}})
	if err != nil {
		t.Fatal(err)
	}
	found := map[int]uint64{} // line -> executions
	for _, f := range res.Findings {
		if f.Kind != finding.AssertFailure {
			continue
		}
		line, _, _ := position.NewMapper(prog.Contracts[f.Contract].Build.Units[f.Location.Unit].Content).LineCol(f.Location.Start)
		found[line+1] = f.Execs
	}
	hit := false
	for _, s := range sites.Sites {
		if n, ok := found[s.Line]; ok && s.Reachable && s.Depth == deepest {
			hit = true
			t.Logf("line %d (%d transactions deep) found after %d executions", s.Line, s.Depth, n)
		}
	}
	if !hit {
		t.Errorf("no site %d transactions deep found in %d executions (found: %v)", deepest, easyDepthExecs, found)
	}
}
