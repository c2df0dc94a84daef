package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/maze"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// BenchmarkForgeMaze measures the campaign scripts/bench-forge prices
// against forge: maze1 recorded (maze.RenderRecorded) and its invariant
// test (maze.ForgeHarness) as a Foundry project with the script's
// compiler settings, one worker, seed 1, the invariant called after every
// transaction. With a fixed execution budget (-benchtime 100000x) every
// tree does the same work, so old and new compare exactly; cpu-ns/tx is
// the process's CPU time per transaction, which other load on the machine
// does not inflate as it does wall-clock time:
//
//	go test -run XXX -bench ForgeMaze -benchtime 100000x -count 6 ./engine
func BenchmarkForgeMaze(b *testing.B) {
	src := b.TempDir()
	m := maze.Generate(maze.Params{Seed: 1, Name: "Maze1", Tier: maze.Standard})
	sol, _ := m.RenderRecorded()
	files := map[string][]byte{
		"src/maze1.sol":    sol,
		"test/maze1.t.sol": m.ForgeHarness("../src/maze1.sol"),
		"foundry.toml":     []byte("[profile.default]\nsrc = \"src\"\ntest = \"test\"\nout = \"out\"\nsolc_version = \"0.8.37\"\noptimizer = false\nevm_version = \"cancun\"\n"),
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
	_, bs := testbuild.FoundryProject(b, src, "test/maze1.t.sol")
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
	}
}
