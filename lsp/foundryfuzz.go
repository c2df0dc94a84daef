package lsp

import (
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// foundryFuzz applies Foundry's fuzz configuration (fuzz.seed,
// invariant.depth: solc.BuildsFuzzConfig) to a campaign's options where
// the settings leave the same setting at its default (seed 0,
// maxSequenceLength unset), as the command line does under its flags.
// A depth is bounded like the setting, since a workspace's files are not
// to be trusted with the machine.
func (s *server) foundryFuzz(opts *engine.Options, st Settings, builds []*solc.Build, suites []solc.SourceText) {
	cfg := solc.BuildsFuzzConfig(builds, suites...)
	if cfg.Seed != nil && st.Seed == 0 {
		opts.Seed = *cfg.Seed
	}
	// An editor may send every setting with its default (VS Code does).
	if cfg.Depth != nil && (st.MaxSequenceLength == 0 || st.MaxSequenceLength == engine.DefaultMaxSeqLen) {
		var note string
		var clamped bool
		if opts.MaxSeqLen, note, clamped = session.Depth(*cfg.Depth); clamped {
			// Said as the command line says it: the project asked for
			// more than either runs.
			s.notifyOnce(protocol.MessageTypeWarning, session.FoundryNote([]string{note}))
		}
	}
	for _, n := range cfg.Notes {
		s.log.Debug("foundry fuzz config", zap.String("note", n))
	}
}
