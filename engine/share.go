package engine

import (
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// shareInputs connects a campaign to the inputs other processes find
// (opts.Imports) and to the writer of its own (opts.OnInput).
func shareInputs(p *program.Program, cfg *fuzz.Config, opts Options) {
	if opts.OnInput != nil {
		cfg.OnInput = func(seq txseq.Sequence) { opts.OnInput(corpus.InputOf(p, seq)) }
	}
	if opts.Imports == nil {
		return
	}
	// Polled by every worker between corpus entries: never blocks.
	cfg.Import = func() (txseq.Sequence, bool) {
		for {
			select {
			case in, ok := <-opts.Imports:
				if !ok {
					return nil, false
				}
				if seq, ok := corpus.SequenceOf(p, in); ok {
					return seq, true
				}
			default:
				return nil, false
			}
		}
	}
}
