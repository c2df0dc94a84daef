package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/maze"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// forgeMazes are BenchmarkForgeMaze's campaigns: the maze scripts/
// bench-forge prices against forge, compiled as it was (no optimizer) and
// as contracts are deployed (optimizer on, 200 runs); the maze of other
// guard shapes; and a deep maze (124 cells, so every call runs a long
// chain of cell tests) with 43 bug sites, each its own invariant, which
// the fuzzer calls after every transaction: the shape of held-out
// benchmark mazes (issue 71).
var forgeMazes = []struct {
	name      string
	params    maze.Params
	optimizer bool
	perSite   bool
}{
	{"maze1", maze.Params{Seed: 1, Name: "Maze1", Tier: maze.Standard}, false, false},
	{"maze1-opt", maze.Params{Seed: 1, Name: "Maze1", Tier: maze.Standard}, true, false},
	{"shapes1-opt", maze.Params{Seed: 1, Name: "Shapes1", Shapes: true}, true, false},
	{"deep-sites-opt", maze.Params{Seed: 1, Name: "Deep1", Depth: 64, Bugs: 40, Shapes: true}, true, true},
}

// BenchmarkForgeMaze measures the campaigns of forgeMazes: each maze
// recorded (maze.RenderRecorded) and its invariant test (maze.
// ForgeHarness, or ForgeHarnessPerSite) as a Foundry project, one worker,
// seed 1, the invariants called after every transaction. With a fixed
// execution budget (-benchtime 100000x) every tree does the same work, so
// old and new compare exactly; cpu-ns/tx is the process's CPU time per
// transaction, which other load on the machine does not inflate as it
// does wall-clock time:
//
//	go test -run XXX -bench ForgeMaze -benchtime 100000x -count 6 ./engine
func BenchmarkForgeMaze(b *testing.B) {
	for _, fm := range forgeMazes {
		b.Run(fm.name, func(b *testing.B) {
			src := b.TempDir()
			m := maze.Generate(fm.params)
			sol, _ := m.RenderRecorded()
			harness := m.ForgeHarness("../src/maze.sol")
			if fm.perSite {
				harness = m.ForgeHarnessPerSite("../src/maze.sol")
			}
			files := map[string][]byte{
				"src/maze.sol":    sol,
				"test/maze.t.sol": harness,
				"foundry.toml": []byte(fmt.Sprintf("[profile.default]\nsrc = \"src\"\ntest = \"test\"\nout = \"out\"\nsolc_version = \"0.8.37\"\n"+
					"optimizer = %v\noptimizer_runs = 200\nevm_version = \"cancun\"\n", fm.optimizer)),
			}
			for name, body := range files {
				p := filepath.Join(src, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(p, body, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			_, bs := testbuild.FoundryProject(b, src, "test/maze.t.sol")
			b.ResetTimer()
			cpu := processCPU()
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: uint64(b.N), Workers: 1}})
			if err != nil {
				b.Fatal(err)
			}
			used := processCPU() - cpu
			b.ReportMetric(float64(rep.Txs)/float64(b.N), "tx/seq")
			if used > 0 && rep.Txs > 0 {
				b.ReportMetric(float64(used.Nanoseconds())/float64(rep.Txs), "cpu-ns/tx")
				b.ReportMetric(float64(rep.Txs)/used.Seconds(), "tx/cpu-s")
			}
		})
	}
}
