package deploy

import (
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// compile is the engine tests' fixture compiler (engine/internal/testbuild).
var compile = testbuild.Program

// planAndDeploy plans prog's deployment at seed with the usual
// constructor budget and deploys the plan on a new chain.
func planAndDeploy(t *testing.T, prog *program.Program, seed uint64) (*chain.Chain, *Deployment) {
	t.Helper()
	plan, err := PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(seed, 0)), CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	ch, err := chain.New(chain.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Deploy(ch, prog, plan)
	if err != nil {
		t.Fatal(err)
	}
	return ch, d
}
