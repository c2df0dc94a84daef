package fuzz

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShortCircuitCosts checks that input prediction solves comparisons
// joined by && and || (testdata/shortcircuit): solc routes the deciding
// comparison to its JUMPI through DUP/ISZERO/JUMPDEST/POP, and the
// tracer must still charge the branch its distance. Without it the wide
// constants are out of reach of the budget; nested ifs are solved at once.
func TestShortCircuitCosts(t *testing.T) {
	const budget = 1_000
	for _, dir := range []string{"plain", "opt"} {
		t.Run(dir, func(t *testing.T) {
			path := filepath.Join("..", "testdata", "shortcircuit", dir, "ShortCircuit.sol")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			prog := compile(t, path)
			res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: budget, Workers: 1}})
			if err != nil {
				t.Fatal(err)
			}
			found := map[int]uint64{}
			for _, f := range res.Findings {
				line := strings.Count(string(src[:f.Location.Start]), "\n") + 1
				found[line] = f.Execs
				t.Logf("%s line %d found after %d executions", f.Kind, line, f.Execs)
			}
			for _, line := range []int{13, 19, 25} {
				if _, ok := found[line]; !ok {
					t.Errorf("assert on line %d not found in %d executions", line, budget)
				}
			}
		})
	}
}
