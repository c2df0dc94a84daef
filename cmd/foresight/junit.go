package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// JUnit XML (--format junit), the shape CI test reporters read
// (docs/report-format.md, "JUnit"): one testsuite per campaign, one
// testcase per campaign target (a contract, or contract.function for a
// targeted run; a reproducer for replay; a function for diff), a
// finding as <failure type="KIND"> with its place and calls in the body,
// a contract not fuzzed as <skipped message="why">. Times are wall time.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`

	wall time.Duration
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	// SystemOut is what a passing case has to say (a killed mutant's
	// killer and calls).
	SystemOut *junitOutput `xml:"system-out,omitempty"`
}

// junitOutput is a case's system-out, as CDATA so its lines read as
// lines.
type junitOutput struct {
	Text string `xml:",cdata"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// seconds is a wall time as JUnit's time attribute.
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// writeJUnit counts and writes suites under one <testsuites> of total wall
// time.
func writeJUnit(w io.Writer, name string, wall time.Duration, suites []junitSuite) error {
	doc := junitSuites{Name: name, Time: seconds(wall), Suites: suites}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		s.Tests, s.Time = len(s.Cases), seconds(s.wall)
		for _, c := range s.Cases {
			switch {
			case c.Failure != nil:
				s.Failures++
			case c.Skipped != nil:
				s.Skipped++
			}
		}
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Skipped += s.Skipped
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return fmt.Errorf("junit: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s%s\n", xml.Header, out)
	return err
}

// failureOf is one testcase's failure from its findings: the first's
// message and kind, every one's place and calls (as the text output
// prints them) in the body.
func failureOf(fs []report.Finding, setUp string) *junitFailure {
	if len(fs) == 0 {
		return nil
	}
	msg := fs[0].Message
	if len(fs) > 1 {
		msg += fmt.Sprintf(" (and %d more finding(s))", len(fs)-1)
	}
	var body bytes.Buffer
	writeText(&body, &engine.Report{Findings: fs, SetUp: setUp}, false)
	return &junitFailure{Message: msg, Type: fs[0].Kind, Body: body.String()}
}

// campaignJUnit is check's and fuzz's JUnit: the direct campaign's
// contracts (or, for a targeted run, contract.function per function
// target), then each invariant suite as a testcase of its own suite.
func campaignJUnit(w io.Writer, name string, rep *engine.Report, run runInfo) error {
	root := reportRoot(run.paths)
	findings := relFindings(root, rep.Findings)
	direct := junitSuite{Name: "foresight " + name, wall: run.wall}
	bySuite := map[string][]report.Finding{}
	var own []report.Finding
	for _, f := range findings {
		if f.Harness != nil {
			k := f.Harness.File + ":" + f.Harness.Contract
			bySuite[k] = append(bySuite[k], f)
			continue
		}
		own = append(own, f)
	}
	placed := make([]bool, len(own))
	for _, c := range contractStatuses(run.good, rep, run.only, run.harnesses) {
		file := displayPath(relOr(root, c.Path), c.Unit)
		if !c.Fuzzed {
			if c.Kind == "contract" {
				direct.Cases = append(direct.Cases, junitCase{Name: c.Name, Classname: file, File: file, Skipped: &junitSkipped{Message: c.Reason}})
			}
			continue
		}
		for _, fn := range targetFunctions(c.Name, run.targets) {
			var mine []report.Finding
			for i, f := range own {
				if !placed[i] && f.Contract == c.Name && (fn == "" || calledLast(f, fn)) {
					placed[i] = true
					mine = append(mine, f)
				}
			}
			name := c.Name
			if fn != "" {
				name += "." + fn
			}
			direct.Cases = append(direct.Cases, junitCase{Name: name, Classname: file, File: file, Failure: failureOf(mine, rep.SetUp)})
		}
	}
	// A finding no case holds (in a library the target called into, a
	// contract a set-up deployed) still fails the run, in a case of its
	// own.
	for i, f := range own {
		if !placed[i] {
			file := displayPath(f.Path, f.Unit)
			direct.Cases = append(direct.Cases, junitCase{Name: f.Contract, Classname: file, File: file, Failure: failureOf([]report.Finding{f}, rep.SetUp)})
		}
	}
	suites := []junitSuite{direct}
	if len(run.harnesses) > 0 {
		suites = append(suites, suiteJUnit(root, run.harnesses, bySuite))
	}
	return writeJUnit(w, "foresight", run.wall, suites)
}

// suiteJUnit is the invariant suites run beside the direct campaign, one
// testcase each: failing with its findings, skipped when it ran nothing.
func suiteJUnit(root string, runs []session.SuiteRun, findings map[string][]report.Finding) junitSuite {
	s := junitSuite{Name: "foresight invariant suites"}
	for _, r := range runs {
		file := relOr(root, r.File)
		c := junitCase{Name: r.Contract, Classname: file, File: file}
		if r.NotFuzzed != "" {
			c.Skipped = &junitSkipped{Message: r.NotFuzzed}
		} else {
			c.Failure = failureOf(findings[file+":"+r.Contract], "")
		}
		if r.Report != nil {
			s.wall = max(s.wall, r.Report.Elapsed) // the suites run side by side
		}
		s.Cases = append(s.Cases, c)
	}
	return s
}

// targetFunctions are the functions of contract a targeted run aimed at
// (--target FILE:FUNCTION, "fn" or "Contract.fn"), one testcase each;
// [""] (the contract's one case) when none names a function of it.
func targetFunctions(contract string, targets []engine.Target) []string {
	var out []string
	for _, t := range targets {
		c, fn, ok := strings.Cut(t.Function, ".")
		if !ok {
			c, fn = contract, t.Function
		}
		if fn != "" && c == contract && !slices.Contains(out, fn) {
			out = append(out, fn)
		}
	}
	if len(out) == 0 {
		return []string{""}
	}
	return out
}

// calledLast reports whether f's sequence ends in a call of function fn:
// the call that failed, the targeted function's finding.
func calledLast(f report.Finding, fn string) bool {
	if len(f.Calls) == 0 {
		return false
	}
	name, _, _ := strings.Cut(f.Calls[len(f.Calls)-1].Function, "(")
	return name == fn
}

// relOr is p relative to root when inside it, else p.
func relOr(root, p string) string {
	if rel := relTo(root, p); rel != "" && p != "" {
		return rel
	}
	return p
}

// add records replayed finding i as a testcase: failing with the replay's
// trace while it still fails (as reported or elsewhere), skipped when
// stale, passing when fixed. Nothing for text output.
func (o replayOut) add(i int, f report.Finding, tr *engine.Trace, builds []*solc.Build, stale string) {
	if o.junit == nil {
		return
	}
	file := displayPath(f.Path, f.Unit)
	c := junitCase{Name: fmt.Sprintf("finding %d: %s in %s", i, f.Kind, f.Contract), Classname: file, File: file}
	switch {
	case stale != "":
		c.Skipped = &junitSkipped{Message: "stale: " + stale}
	case tr != nil && (tr.Reproduced || tr.Finding != nil):
		var body bytes.Buffer
		printTrace(&body, tr, builds, f, false)
		msg := f.Message
		if !tr.Reproduced {
			msg = "still fails, elsewhere than reported: " + where(*tr.Finding)
		}
		c.Failure = &junitFailure{Message: msg, Type: f.Kind, Body: body.String()}
	}
	*o.junit = append(*o.junit, c)
}

// writeDiffJUnit is diff's JUnit: a testcase per function compared,
// failing with its differences (what differs, the calls) when its
// behaviour changed; functions added or removed are skipped, with why.
func writeDiffJUnit(w io.Writer, doc diffJSON, res *diffResult) error {
	wall := time.Since(res.start)
	s := junitSuite{Name: "foresight diff " + doc.Base, wall: wall}
	for _, fn := range doc.Compared {
		c := junitCase{Name: fn.Function, Classname: "diff " + doc.Base}
		var body strings.Builder
		var first *diffEntryJSON
		for i, d := range doc.Differences {
			if d.Function != fn.Function {
				continue
			}
			if first == nil {
				first = &doc.Differences[i]
				c.File = displayPath(d.Path, "")
			}
			where := d.Function
			if d.Path != "" {
				where = fmt.Sprintf("%s:%d:%d", displayPath(d.Path, ""), d.Line, d.Column)
			}
			fmt.Fprintf(&body, "%s: behaviour changed: %s: %s\n", where, d.Function, d.Message)
			for j, call := range d.Calls {
				fmt.Fprintf(&body, "    %d. %s.%s\n", j+1, call.Contract, call.Call)
			}
		}
		if first != nil {
			c.Failure = &junitFailure{Message: first.Message, Type: "behaviour-" + first.Aspect, Body: body.String()}
		}
		s.Cases = append(s.Cases, c)
	}
	for _, fn := range doc.Added {
		s.Cases = append(s.Cases, junitCase{Name: fn, Classname: "diff " + doc.Base, Skipped: &junitSkipped{Message: "added since " + doc.Base + ": nothing to compare"}})
	}
	for _, fn := range doc.Removed {
		s.Cases = append(s.Cases, junitCase{Name: fn, Classname: "diff " + doc.Base, Skipped: &junitSkipped{Message: "removed since " + doc.Base}})
	}
	return writeJUnit(w, "foresight", wall, []junitSuite{s})
}
