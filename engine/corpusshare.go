package engine

import (
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// knownContracts reports whether every call of in names a contract of p:
// an input that does not fit p although it does is stale (its function was
// renamed, removed or changed), while one naming an unknown contract may
// belong to sources this campaign did not compile.
func knownContracts(p *program.Program, in Input) bool {
	for _, c := range in.Calls {
		if _, ok := p.Lookup(c.Contract); !ok {
			return false
		}
	}
	return len(in.Calls) > 0
}

// shareInputs connects a campaign to the inputs other processes find
// (opts.Imports) and to the writer of its own (opts.OnInput).
func shareInputs(p *program.Program, cfg *fuzz.Config, opts Options) {
	if opts.OnInput != nil {
		cfg.OnInput = func(seq txseq.Sequence) { opts.OnInput(inputOf(p, seq)) }
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
				if seq, ok := sequenceOf(p, in); ok {
					return seq, true
				}
			default:
				return nil, false
			}
		}
	}
}
