package lsp

import "github.com/foresight-sol/foresight/engine"

// A campaign is what a run fuzzes directly, as session.Run aimed it
// (editorSink.Aimed).
type campaign struct {
	contracts []string // engine.Options.Contracts: never empty
	focus     []string
	targets   []engine.Target
	// via names the contracts of other files the saved file is fuzzed
	// in (session's dependents): those deriving from it, or its proxy.
	via []string
}
