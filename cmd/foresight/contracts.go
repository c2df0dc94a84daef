package main

import (
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// contractStatus is one contract of the files fuzzed, in the JSON report:
// fuzzed, or not and why (session.Statuses, the editor's notes' words and
// places).
type contractStatus = session.Status

// contractStatuses lists every contract defined in the builds' root units
// (the files given, not their imports) with whether the campaign fuzzed
// it, then what the suites run beside it did not fuzz (a failed
// setUp()); only is --contract's list.
func contractStatuses(builds []*solc.Build, rep *engine.Report, only []string, runs []session.SuiteRun) []contractStatus {
	out := session.Statuses(builds, rep, only)
	for _, s := range session.Skips(nil, rep, nil, runs) {
		if !slices.ContainsFunc(out, func(c contractStatus) bool { return c.Name == s.Name && c.Unit == s.Unit }) {
			out = append(out, s)
		}
	}
	return out
}

// notCompiled lists the files given whose builds have errors.
func notCompiled(broken []*solc.Build) []string {
	var out []string
	for _, b := range broken {
		for _, r := range b.Roots {
			if u := b.Units[r]; u != nil && u.Path != "" {
				out = append(out, u.Path)
			} else {
				out = append(out, r)
			}
		}
	}
	return out
}

// compileErrors are the errors of the broken builds, one line each as the
// text format prints them.
func compileErrors(broken []*solc.Build) []string {
	var b strings.Builder
	for _, bd := range broken {
		printErrors(&b, bd)
	}
	var out []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.Contains(l, ": error: ") {
			out = append(out, l)
		}
	}
	return out
}
