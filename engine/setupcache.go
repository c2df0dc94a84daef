package engine

import "github.com/foresight-sol/foresight/engine/fuzz"

// SetUpCache keeps Foundry set-ups' outcomes across campaigns
// (engine/fuzz/setupcache.go): a caller that runs campaign after campaign
// on code that changes in places, as the editor's server does on each
// save, sets Settings.SetUps to one, and a campaign on bytecode a kept
// set-up ran starts from its state instead of running setUp() again.
type SetUpCache = fuzz.SetUpCache

// NewSetUpCache returns an empty SetUpCache.
func NewSetUpCache() *SetUpCache { return fuzz.NewSetUpCache() }
