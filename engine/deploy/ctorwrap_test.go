package deploy

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/solc/position"
)

// TestCtorWraps checks the deployment search's constructor probe: the
// vesting constructor's unchecked start + cliff wraps with an extreme
// start and is recorded at that line, with arguments that make it wrap;
// its checked twin deploys as well and records nothing.
func TestCtorWraps(t *testing.T) {
	for _, tt := range []struct {
		file, contract string
		line           int // 0: no wrap
	}{
		{"swc101_pos_ctor04.sol", "Vesting04", 22},
		{"swc101_neg_ctor04.sol", "CheckedVesting04", 0},
	} {
		t.Run(tt.file, func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", "vulns", tt.file))
			c, ok := prog.Lookup(tt.contract)
			if !ok {
				t.Fatalf("no contract %s", tt.contract)
			}
			plan, err := PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), CtorBudget)
			if err != nil {
				t.Fatal(err)
			}
			if plan.Errors[c.Index] != nil {
				t.Fatalf("deploy %s: %v", tt.contract, plan.Errors[c.Index])
			}
			if tt.line == 0 {
				if len(plan.Wraps) != 0 {
					t.Fatalf("wraps %+v, want none", plan.Wraps)
				}
				return
			}
			if len(plan.Wraps) != 1 || plan.Wraps[0].Contract != c.Index {
				t.Fatalf("wraps %+v, want one in %s", plan.Wraps, tt.contract)
			}
			loc, ok := c.Locate(plan.Wraps[0].PC, true)
			if !ok {
				t.Fatalf("wrap at creation pc %d has no source", plan.Wraps[0].PC)
			}
			if got, _, _ := position.NewMapper(c.Build.Units[loc.Unit].Content).LineCol(loc.Start); got+1 != tt.line {
				t.Errorf("wrap at line %d, want %d", got+1, tt.line)
			}
			if len(plan.Wraps[0].Args) != 4*32 {
				t.Errorf("wrap's arguments: %d bytes, want 4 words", len(plan.Wraps[0].Args))
			}
		})
	}
}
