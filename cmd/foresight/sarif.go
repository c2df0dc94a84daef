package main

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/finding"
)

// writeSARIF writes findings as SARIF 2.1.0, so CI systems show them.
func writeSARIF(w io.Writer, rep *engine.Report) error {
	type region struct {
		StartLine   int `json:"startLine,omitempty"`
		StartColumn int `json:"startColumn,omitempty"`
		CharOffset  int `json:"charOffset"`
		CharLength  int `json:"charLength"`
	}
	type physical struct {
		ArtifactLocation map[string]string `json:"artifactLocation"`
		Region           region            `json:"region"`
	}
	type location struct {
		ID               *int              `json:"id,omitempty"`
		PhysicalLocation physical          `json:"physicalLocation"`
		Message          map[string]string `json:"message,omitempty"`
	}
	type result struct {
		RuleID     string            `json:"ruleId"`
		Level      string            `json:"level"`
		Message    map[string]string `json:"message"`
		Locations  []location        `json:"locations,omitempty"`
		Related    []location        `json:"relatedLocations,omitempty"`
		Properties map[string]any    `json:"properties"`
	}
	fileURI := func(path string) map[string]string {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
		return map[string]string{"uri": u.String()}
	}
	type rule struct {
		ID               string            `json:"id"`
		ShortDescription map[string]string `json:"shortDescription"`
		Properties       map[string]any    `json:"properties,omitempty"`
	}
	rules := []rule{}
	seen := map[string]bool{}
	results := []result{}
	for _, f := range rep.Findings {
		// The rule and level are the kind's record's (finding.Spec).
		spec := finding.Describe(finding.Kind(f.Kind))
		if !seen[f.Kind] {
			seen[f.Kind] = true
			r := rule{ID: f.Kind, ShortDescription: map[string]string{"text": spec.Title}}
			if spec.SWC != "" {
				r.Properties = map[string]any{"swc": spec.SWC}
			}
			rules = append(rules, r)
		}
		level := "warning"
		if spec.Severity == finding.Error {
			level = "error"
		}
		msg := f.Message
		if f.Mock {
			// Not the project's own: a note, labelled (report.IsMock).
			level, msg = "note", "(mock) "+msg
		}
		r := result{RuleID: f.Kind, Level: level, Message: map[string]string{"text": msg},
			Properties: map[string]any{"calls": f.Calls, "seed": f.Seed, "contract": f.Contract, "mock": f.Mock}}
		if f.Path != "" {
			r.Locations = []location{{PhysicalLocation: physical{fileURI(f.Path), region{f.Line, f.Column, f.Start, f.End - f.Start}}}}
		}
		for i, rel := range f.Related {
			id := i
			r.Related = append(r.Related, location{ID: &id, PhysicalLocation: physical{fileURI(rel.Path), region{rel.Line, rel.Column, rel.Start, rel.End - rel.Start}},
				Message: map[string]string{"text": rel.Message}})
		}
		results = append(results, r)
	}
	doc := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool":    map[string]any{"driver": map[string]any{"name": "foresight", "version": version, "informationUri": "https://github.com/foresight-sol/foresight", "rules": rules}},
			"results": results,
			"properties": map[string]any{
				"contractsFuzzed": rep.Contracts, "contractsTotal": rep.ContractsTotal,
				"functionsFuzzed": rep.Functions, "functionsTotal": rep.FunctionsTotal,
				"lines": rep.Lines, "linesCovered": rep.LinesCovered,
				"executions": rep.Execs, "deployExecutions": rep.DeployExecs,
			},
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
