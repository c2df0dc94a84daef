package lsp

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// fuzzStats are one function's own figures in the last campaigns that
// fuzzed its contract: the direct campaign's and the suites' added up.
type fuzzStats struct {
	completed, reverted uint64
	topRevert           string // the most frequent revert reason, of the campaign that reverted it most
	topCount            uint64
	reached, lines      int // lines of the function whose code ran, out of those with code
	// invariant marks a suite's invariant function: held counts the
	// calls its suite's campaign sent, after each of which it was checked.
	invariant bool
	held      uint64
}

// calls is how many transactions called the function.
func (st *fuzzStats) calls() uint64 { return st.completed + st.reverted }

// title is the function's lens: "not called" when no input called it.
func (st *fuzzStats) title(findings int) string {
	if st.invariant {
		if findings == 0 {
			return "held for " + plural(int(st.held), "call")
		}
		return fmt.Sprintf("broken within %s, %s", plural(int(st.held), "call"), plural(findings, "finding"))
	}
	if st.calls() == 0 {
		return "not called, " + plural(findings, "finding")
	}
	t := fmt.Sprintf("%s: %d completed, %d reverted", plural(int(st.calls()), "call"), st.completed, st.reverted)
	if st.topRevert != "" {
		t += " (mostly " + st.topRevert + ")"
	}
	if st.lines > 0 {
		t += fmt.Sprintf(", %d/%d lines", st.reached, st.lines)
	}
	return t + ", " + plural(findings, "finding")
}

// functionFigures gives each fuzzable function of files among contracts
// its own figures from the direct campaign's report and its suites'
// (rep.FunctionStats, rep.Coverage), keyed "Contract.fn". fileOf returns
// a file's compiled state.
func functionFigures(rep *engine.Report, runs []session.SuiteRun, fns []solc.Function, src *session.Text, path string) map[string]*fuzzStats {
	reps := []*engine.Report{rep}
	for _, r := range runs {
		if r.Report != nil {
			reps = append(reps, r.Report)
		}
	}
	out := map[string]*fuzzStats{}
	for _, fn := range fns {
		key := fn.Contract + "." + fn.Name
		st := &fuzzStats{}
		first, last := src.Line(fn.Start)+1, src.Line(fn.End)+1
		covered, code := map[int]bool{}, map[int]bool{}
		for _, r := range reps {
			for _, fs := range r.FunctionStats {
				if fs.Contract != fn.Contract || fs.Function != fn.Name {
					continue
				}
				st.completed += fs.Completed
				st.reverted += fs.Reverted
				if fs.TopRevert != "" && fs.Reverted > st.topCount {
					st.topRevert, st.topCount = fs.TopRevert, fs.Reverted
				}
			}
			fc := r.Coverage[path]
			if fc == nil {
				continue
			}
			for l := first; l <= last; l++ {
				if fc.Covered[l] {
					covered[l], code[l] = true, true
				} else if fc.Missed[l] {
					code[l] = true
				}
			}
		}
		st.reached, st.lines = len(covered), len(code)
		out[key] = st
	}
	return out
}

// invariantFigures gives each invariant function of a suite's test
// contract in fns the calls its campaign sent (the sum of its
// per-function counts), keyed "Contract.fn".
func invariantFigures(runs []session.SuiteRun, path string, fns []solc.Function) map[string]*fuzzStats {
	out := map[string]*fuzzStats{}
	for _, r := range runs {
		if r.Report == nil || r.File != path {
			continue
		}
		var calls uint64
		for _, fs := range r.Report.FunctionStats {
			calls += fs.Completed + fs.Reverted
		}
		for _, fn := range fns {
			if fn.Contract == r.Contract && strings.HasPrefix(fn.Name, "invariant") {
				out[fn.Contract+"."+fn.Name] = &fuzzStats{invariant: true, held: calls}
			}
		}
	}
	return out
}
