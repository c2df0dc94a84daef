package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// The SARIF objects of a finding's transaction sequence.
type (
	sarifCodeFlow struct {
		Message     *sarifMessage     `json:"message,omitempty"`
		ThreadFlows []sarifThreadFlow `json:"threadFlows"`
	}
	sarifThreadFlow struct {
		Locations []sarifFlowStep `json:"locations"`
	}
	sarifFlowStep struct {
		Location       sarifLocation `json:"location"`
		ExecutionOrder int           `json:"executionOrder"`
	}
)

// codeFlow is f's transaction sequence as one thread flow, one location
// per transaction: its message says who called what with which
// arguments and ether; it points at the called function's definition,
// and the last transaction at the finding itself, where it failed.
func (sw *sarifWriter) codeFlow(f report.Finding) (sarifCodeFlow, bool) {
	if len(f.Calls) == 0 {
		return sarifCodeFlow{}, false
	}
	senders := senderNames{}
	var steps []sarifFlowStep
	for i, c := range f.Calls {
		who, _ := senders.name(c)
		text := fmt.Sprintf("%d. from %s: %s", i+1, who, c.String())
		if c.Blocks != 0 || c.Seconds != 0 {
			text += fmt.Sprintf(" after +%d blocks, +%ds", c.Blocks, c.Seconds)
		}
		loc := sarifLocation{Message: &sarifMessage{Text: text}}
		switch {
		case i == len(f.Calls)-1 && f.Path != "":
			loc.PhysicalLocation = sw.physical(f.Path, f.Line, f.Column, f.Start, f.End)
		case c.Function != "":
			loc.PhysicalLocation = sw.functionLocation(c)
		}
		steps = append(steps, sarifFlowStep{Location: loc, ExecutionOrder: i + 1})
	}
	msg := &sarifMessage{Text: fmt.Sprintf("%d transaction(s) from a fresh deployment (seed %d)", len(f.Calls), f.Seed)}
	return sarifCodeFlow{Message: msg, ThreadFlows: []sarifThreadFlow{{Locations: steps}}}, true
}

// functionLocation is where the function c calls is defined (its name),
// nil when no compiled file defines it.
func (sw *sarifWriter) functionLocation(c report.Call) *sarifPhysical {
	file, fn, ok := sw.sources.definition(c.Contract, c.Function)
	if !ok {
		return nil
	}
	start := fn.Start
	end := fn.End
	if fn.NameStart >= 0 {
		start, end = fn.NameStart, fn.NameStart+len(fn.Name)
	}
	line, col, err := file.lines.LineCol(start)
	if err != nil {
		return nil
	}
	return sw.physical(file.path, line+1, col+1, start, end)
}

// fingerprintKey names Foresight's partial fingerprint; the version
// changes if what it hashes does.
const fingerprintKey = "foresightFinding/v1"

// fingerprint hashes what identifies a finding across edits: its kind,
// its contract, the function its location is in and the text of its
// line(s) with white space normalised. No line number or offset goes
// in, so an edit above the finding keeps it and code scanning keeps the
// alert open instead of closing it and opening another. "" when the
// finding has no location in a compiled file.
func (sw *sarifWriter) fingerprint(f report.Finding) string {
	file := sw.sources.file(f.Path)
	if file == nil {
		return ""
	}
	text := file.lineText(f.Start, f.End)
	fn := ""
	if def, ok := file.enclosing(f.Start); ok {
		fn = def.Contract + "." + functionLabel(def)
	}
	h := sha256.New()
	for _, part := range []string{f.Kind, f.Contract, fn, text} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// functionLabel names a function definition for the fingerprint: its
// name, or its kind for a constructor, fallback or receive function.
func functionLabel(fn solc.Function) string {
	if fn.Name != "" {
		return fn.Name
	}
	return fn.Kind
}

// dedupeFingerprints makes equal fingerprints distinct by their order
// (":2", ":3", ...), as GitHub does for its own: two findings of one kind
// on the same line text of the same function stay two alerts.
func dedupeFingerprints(results []sarifResult) {
	seen := map[string]int{}
	for i := range results {
		fp := results[i].PartialFingerprints[fingerprintKey]
		if fp == "" {
			continue
		}
		seen[fp]++
		if n := seen[fp]; n > 1 {
			results[i].PartialFingerprints[fingerprintKey] = fmt.Sprintf("%s:%d", fp, n)
		}
	}
}

// allBuilds is every build of a run that compiled: the direct campaign's
// and its invariant suites'.
func allBuilds(c compiled) []*solc.Build {
	builds := append([]*solc.Build(nil), c.good...)
	for _, h := range c.harnesses {
		builds = append(builds, h.builds...)
	}
	return builds
}
