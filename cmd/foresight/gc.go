package main

import (
	"os"
	"runtime/debug"
)

// campaignGCPercent is the collector's GOGC during a campaign. A campaign
// allocates quickly (go-ethereum's state copies and journal entries)
// while its live heap, the corpus, grows slowly: with the default 100 the
// collector ran about 90 times in a one-minute maze campaign, each cycle
// marking the whole corpus; at 400 it runs a quarter as often (measured
// with GODEBUG=gctrace=1, docs/architecture.md).
const campaignGCPercent = 400

// campaignMemoryLimit caps the heap the higher GOGC lets grow: near it the
// collector runs as often as it must, whatever GOGC says.
const campaignMemoryLimit = 3 << 30

// tuneGC sets the collector for a campaign unless the user set GOGC or
// GOMEMLIMIT, which then rule as usual.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(campaignGCPercent)
	debug.SetMemoryLimit(campaignMemoryLimit)
}
