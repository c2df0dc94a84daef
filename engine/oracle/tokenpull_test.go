package oracle

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// TestTokenPulled checks that a stream vault pulling a token it is passed
// (create(params) with params.asset), in a build without an ERC-20, gets
// Foresight's token approved by every sender, each approval a grant of
// the vault; and that a build with an ERC-20 of its own gets none.
func TestTokenPulled(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "vulns", "token_pos_stream_asset.sol"))
	streams, ok := prog.Lookup("AssetStreams")
	if !ok {
		t.Fatal("no contract AssetStreams")
	}
	plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Token == (common.Address{}) || len(plan.TokenPulled) != 1 || plan.TokenPulled[0] != streams.Index {
		t.Fatalf("token %s pulled by %v, want Foresight's token pulled by AssetStreams (%d)", plan.Token, plan.TokenPulled, streams.Index)
	}
	g := plan.Grants[streams.Index]
	if len(g) != chain.DefaultSenders {
		t.Fatalf("grants %+v, want one approval per sender (%d)", g, chain.DefaultSenders)
	}
	for i, gr := range g {
		if gr.From != chain.SenderAddress(i) || gr.To != plan.Token {
			t.Errorf("grant %d from %s to %s, want from sender %s to the token", i, gr.From, gr.To, chain.SenderAddress(i))
		}
	}

	own := compile(t, filepath.Join("..", "testdata", "vulns", "token_pos_stream.sol"))
	plan, err = deploy.PlanDeployment(chain.Config{}, own, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.TokenPulled) != 0 {
		t.Errorf("a build with its own ERC-20: Foresight's token pulled by %v, want none", plan.TokenPulled)
	}
}
