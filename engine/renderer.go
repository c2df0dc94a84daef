package engine

import (
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
)

// campaignRenderer renders a campaign's findings with the set-up they
// were found on: the ether of those whose message tells it comes from
// the oracle's record (render.FlowOf), not from running the sequence
// again.
type campaignRenderer struct {
	prog  *program.Program
	setUp string
	seed  uint64
}

func (r *campaignRenderer) render(f *fuzz.Finding, d *deploy.Deployment) report.Finding {
	out := plainFinding(r.prog, f, r.seed, d)
	out.Mock = isMock(r.prog, f, r.setUp)
	if f.Flow == nil || d == nil {
		return out
	}
	setup := setupOf(r.prog, d, r.seed)
	setup.SetUp = r.setUp
	names := render.Principals(d)
	if fl := render.FlowOf(r.prog, setup, f.Flow); fl != nil {
		out.Message = render.Message(out, fl, names)
	}
	return out
}
