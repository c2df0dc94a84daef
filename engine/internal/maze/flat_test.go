package maze

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/solc/position"
)

// flat1 is the flat twin of maze1: its guard chains as functions of their
// own (RenderFlat), committed as engine/testdata/maze/flat1.sol.
var flat1 = Params{Seed: 1, Name: "Maze1"}

// TestCommittedFlat checks that flat1.sol is what RenderFlat makes of
// maze1 (-update rewrites it) and that each of its lines holds an assert.
func TestCommittedFlat(t *testing.T) {
	sol, lines := Generate(flat1).RenderFlat()
	path := filepath.Join(dir, "flat1.sol")
	if *update {
		if err := os.WriteFile(path, sol, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, sol) {
		t.Errorf("%s is out of date with the generator: go generate ./engine/internal/maze", path)
	}
	src := strings.Split(string(sol), "\n")
	for _, l := range lines {
		if !strings.Contains(src[l-1], "assert(false);") {
			t.Errorf("line %d is %q, want the assert", l, src[l-1])
		}
	}
}

// TestFlatMazeFound fuzzes maze1's guard chains, one transaction each,
// with a fixed seed and execution budget, and requires the goal
// for solving them: at least 90% of the asserts found.
func TestFlatMazeFound(t *testing.T) {
	_, lines := Generate(flat1).RenderFlat()
	prog := testbuild.Program(t, filepath.Join(dir, "flat1.sol"))
	const budget = 30000
	res, err := fuzz.Run(context.Background(), prog, fuzz.Config{Settings: fuzz.Settings{Seed: 1, Execs: budget}})
	if err != nil {
		t.Fatal(err)
	}
	site := map[int]bool{}
	for _, l := range lines {
		site[l] = true
	}
	found := map[int]bool{}
	for _, f := range res.Findings {
		if f.Kind != finding.AssertFailure {
			continue
		}
		line, _, _ := position.NewMapper(prog.Contracts[f.Contract].Build.Units[f.Location.Unit].Content).LineCol(f.Location.Start)
		if !site[line+1] {
			t.Errorf("assert failure at line %d, which is no site", line+1)
		}
		found[line+1] = true
	}
	t.Logf("found %d of %d guard chains in %d executions (%d of %d predictions hit)", len(found), len(lines), budget, res.PredictionHits, res.Predictions)
	if 10*len(found) < 9*len(lines) {
		t.Errorf("found %d of %d guard chains, want at least 90%%", len(found), len(lines))
	}
}
