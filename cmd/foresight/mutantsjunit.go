package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/engine/report"
)

// This file writes mutants' JUnit (docs/report-format.md, "JUnit"): a
// testsuite per project, a testcase per fuzzed mutant, so a CI test
// reporter lists the changed lines' survivors as failed tests.

// writeMutantsJUnit writes one testcase per mutant fuzzed: failing for a
// survivor (the hint's words; the edit as a diff and the line's runs in
// the body), skipped for one not reached (a coverage gap), passing for
// one killed (what killed it and the calls, as system-out). Dropped
// mutants (not compiling, the original's bytecode) were never tests and
// are left out; the text and JSON outputs count them.
func writeMutantsJUnit(w io.Writer, res *mutantsResult) error {
	var suites []junitSuite
	for _, p := range res.Projects {
		name := "foresight mutants"
		if len(res.Projects) > 1 {
			name += " " + displayPath(p.Root, "")
		}
		s := junitSuite{Name: name, wall: p.Took}
		for _, r := range p.Run.Results {
			if c, ok := mutantCase(p.Root, r); ok {
				s.Cases = append(s.Cases, c)
			}
		}
		suites = append(suites, s)
	}
	return writeJUnit(w, "foresight", res.wall, suites)
}

// mutantCase is r's testcase; false for a dropped mutant.
func mutantCase(root string, r mutant.Result) (junitCase, bool) {
	file := relOr(root, r.Path)
	c := junitCase{Name: fmt.Sprintf("%s:%d %s", file, r.Line, r.Description), Classname: file, File: file}
	switch r.Status {
	case mutant.Survived:
		body := mutantDiff(file, r) + fmt.Sprintf("its line %s in %s executions\n", r.ReachWords(), mutant.Grouped(r.Execs))
		if len(r.Oracles) > 0 {
			body += "built-in oracles found " + strings.Join(r.Oracles, ", ") + " (they kill nothing)\n"
		}
		c.Failure = &junitFailure{Message: r.Hint(), Type: "mutant-survived", Body: body}
	case mutant.NotReached:
		c.Skipped = &junitSkipped{Message: r.Hint()}
	case mutant.Killed:
		var out bytes.Buffer
		fmt.Fprintf(&out, "killed by %s\n", r.KilledBy)
		if r.Killer != nil {
			writeText(&out, &engine.Report{Findings: relFindings(root, []report.Finding{*r.Killer})}, false)
		}
		c.SystemOut = &junitOutput{Text: out.String()}
	default:
		return c, false
	}
	return c, true
}

// mutantDiff is the mutant as a diff of its lines: the original lines
// (-) and the mutated ones (+, none when the edit emptied them), under
// the edit's place. The file is
// read again (the run compiled it from disk); when it no longer holds
// the edit's text, the edit alone stands for the lines.
func mutantDiff(file string, r mutant.Result) string {
	head := fmt.Sprintf("%s:%d:%d (%s)\n", file, r.Line, r.Column, r.Operator)
	old, repl := r.Original, r.Replace
	if data, err := os.ReadFile(r.Path); err == nil && r.Start >= 0 && r.End <= len(data) && r.Start <= r.End && string(data[r.Start:r.End]) == r.Original {
		from := bytes.LastIndexByte(data[:r.Start], '\n') + 1
		to := len(data)
		if i := bytes.IndexByte(data[r.End:], '\n'); i >= 0 {
			to = r.End + i
		}
		old = string(data[from:to])
		repl = string(data[from:r.Start]) + r.Replace + string(data[r.End:to])
	}
	if strings.TrimSpace(repl) == "" {
		return head + prefixLines("-", old) // the edit removed the line
	}
	return head + prefixLines("-", old) + prefixLines("+", repl)
}

// prefixLines puts prefix before every line of s.
func prefixLines(prefix, s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		b.WriteString(prefix + l + "\n")
	}
	return b.String()
}
