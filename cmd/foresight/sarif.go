package main

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/report"
)

// The SARIF 2.1.0 objects Foresight writes (docs/report-format.md,
// "SARIF"); code scanning reads them.
type (
	sarifMessage struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine,omitempty"`
		StartColumn int `json:"startColumn,omitempty"`
		CharOffset  int `json:"charOffset"`
		CharLength  int `json:"charLength"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifLocation struct {
		ID               *int           `json:"id,omitempty"`
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		Message          *sarifMessage  `json:"message,omitempty"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations,omitempty"`
		Related             []sarifLocation   `json:"relatedLocations,omitempty"`
		CodeFlows           []sarifCodeFlow   `json:"codeFlows,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
		Properties          map[string]any    `json:"properties"`
	}
)

// sarifSrcRoot is the base id of the project root: results name files
// relative to it, so code scanning maps them onto the repository.
const sarifSrcRoot = "%SRCROOT%"

// sarifWriter turns a campaign's findings into SARIF.
type sarifWriter struct {
	root    string // %SRCROOT%: the repository's top level (sarifRoot); "" when the inputs are not under one
	sources *sourceIndex
	rules   []sarifRule
	ruleIx  map[string]int
}

// writeSARIF writes findings as SARIF 2.1.0, so CI systems show them:
// files relative to the repository root (%SRCROOT%), a rule per kind from
// its record, the sequence as a code flow and a fingerprint of the
// finding's code that survives edits elsewhere in the file.
func writeSARIF(w io.Writer, rep *engine.Report, run runInfo) error {
	sw := &sarifWriter{root: sarifRoot(run.paths), sources: newSourceIndex(allBuilds(run.compiled)), ruleIx: map[string]int{}}
	results := []sarifResult{}
	for _, f := range rep.Findings {
		results = append(results, sw.result(f))
	}
	dedupeFingerprints(results)
	return encodeSARIF(w, sw.root, sw.rules, results, map[string]any{
		"contractsFuzzed": rep.Contracts, "contractsTotal": rep.ContractsTotal,
		"functionsFuzzed": rep.Functions, "functionsTotal": rep.FunctionsTotal,
		"lines": rep.Lines, "linesCovered": rep.LinesCovered,
		"executions": rep.Execs, "deployExecutions": rep.DeployExecs,
	})
}

// encodeSARIF writes one SARIF 2.1.0 run of Foresight's with rules,
// results and the run's properties; its files are relative to root
// (%SRCROOT%) when root is not "".
func encodeSARIF(w io.Writer, root string, rules []sarifRule, results []sarifResult, props map[string]any) error {
	run := map[string]any{
		"tool":       map[string]any{"driver": map[string]any{"name": "foresight", "version": version, "informationUri": "https://github.com/foresight-sol/foresight", "rules": rules}},
		"results":    results,
		"properties": props,
	}
	if root != "" {
		run["originalUriBaseIds"] = map[string]any{sarifSrcRoot: map[string]string{"uri": fileURI(root, true)}}
	}
	doc := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs":    []any{run},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// result is finding f as a SARIF result, its rule added if new.
func (sw *sarifWriter) result(f report.Finding) sarifResult {
	spec := finding.Describe(finding.Kind(f.Kind))
	ix, ok := sw.ruleIx[f.Kind]
	if !ok {
		ix = len(sw.rules)
		sw.ruleIx[f.Kind] = ix
		sw.rules = append(sw.rules, ruleOf(spec))
	}
	level, msg := sarifLevel(spec.Severity), f.Message
	if f.Mock {
		// Not the project's own: a note, labelled (report.IsMock).
		level, msg = "note", "(mock) "+msg
	}
	r := sarifResult{RuleID: f.Kind, RuleIndex: ix, Level: level, Message: sarifMessage{Text: msg},
		Properties: map[string]any{"calls": f.Calls, "seed": f.Seed, "contract": f.Contract, "mock": f.Mock}}
	if f.Path != "" {
		r.Locations = []sarifLocation{{PhysicalLocation: sw.physical(f.Path, f.Line, f.Column, f.Start, f.End)}}
	}
	for i, rel := range f.Related {
		id := i
		r.Related = append(r.Related, sarifLocation{ID: &id, PhysicalLocation: sw.physical(rel.Path, rel.Line, rel.Column, rel.Start, rel.End),
			Message: &sarifMessage{Text: rel.Message}})
	}
	if flow, ok := sw.codeFlow(f); ok {
		r.CodeFlows = []sarifCodeFlow{flow}
	}
	if fp := sw.fingerprint(f); fp != "" {
		r.PartialFingerprints = map[string]string{fingerprintKey: fp}
	}
	return r
}

// physical is a location in path, relative to %SRCROOT% when it is
// inside it.
func (sw *sarifWriter) physical(path string, line, col, start, end int) *sarifPhysical {
	art := sarifArtifact{URI: fileURI(path, false)}
	if rel := relTo(sw.root, path); rel != "" {
		art = sarifArtifact{URI: (&url.URL{Path: rel}).String(), URIBaseID: sarifSrcRoot}
	}
	return &sarifPhysical{ArtifactLocation: art, Region: sarifRegion{line, col, start, end - start}}
}

// fileURI is the file: URI of an absolute path; dir adds the trailing
// slash SARIF wants on a base URI.
func fileURI(path string, dir bool) string {
	p := filepath.ToSlash(path)
	if dir && (p == "" || p[len(p)-1] != '/') {
		p += "/"
	}
	if len(p) > 1 && p[1] == ':' { // a Windows drive: file:///C:/...
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// sarifLevel is the SARIF level of a kind's severity.
func sarifLevel(s finding.Severity) string {
	switch s {
	case finding.Error:
		return "error"
	case finding.Info:
		return "note"
	}
	return "warning"
}
