package engine

import (
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// related renders a finding's path through code the user does not own.
func related(p *program.Program, via []fuzz.Via) []report.Related {
	var out []report.Related
	for _, v := range via {
		c := p.Contracts[v.Contract]
		r := report.Related{Path: v.Location.Path, Unit: v.Location.Unit, Start: v.Location.Start, End: v.Location.End}
		r.Line, r.Column = lineCol(c, v.Location)
		r.Message = "here, inside a dependency or library, called from the finding's line"
		if fn, ok := c.FunctionAt(v.Location); ok {
			r.Function = fn.Name
			if fn.Contract != "" {
				r.Function = fn.Contract + "." + fn.Name
			}
			r.Message = "here, inside " + r.Function + ", called from the finding's line"
		}
		out = append(out, r)
	}
	return out
}

// lineCol returns the one-based line and byte column of loc, zeros if
// unknown.
func lineCol(c *program.Contract, loc solc.Location) (int, int) {
	u := c.Build.Units[loc.Unit]
	if u == nil {
		return 0, 0
	}
	l, col, err := position.NewMapper(u.Content).LineCol(loc.Start)
	if err != nil {
		return 0, 0
	}
	return l + 1, col + 1
}
