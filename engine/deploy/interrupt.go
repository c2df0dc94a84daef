package deploy

import (
	"context"
	"fmt"
)

// A campaign's set-up (planning the deployment, preparing each contract,
// deploying on each worker's chain, the lookahead analyses) runs per
// contract, so on a project of thousands of contracts it takes seconds.
// It checks the campaign's context at every contract, as the workers do
// at every execution: an editor save, which cancels the campaign, or a
// --timeout then ends it within one contract's work.

// TestHookSetupStep, when set (tests only), is called before every step of set-up with
// the stage ("plan", "prepare", "lookahead", "deploy", "roles",
// "deployer") and contract index.
var TestHookSetupStep func(stage string, contract int)

// SetupStep is checked before set-up works on contract i: it returns the
// context's error, wrapped, once ctx is done. A nil ctx never ends.
func SetupStep(ctx context.Context, stage string, i int) error {
	if TestHookSetupStep != nil {
		TestHookSetupStep(stage, i)
	}
	if ctx == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("set-up ended before %s of contract %d: %w", stage, i, err)
	}
	return nil
}
