package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/foresight-sol/foresight/engine/mutant"
)

// This file writes mutants' result: text for people, JSON, and SARIF
// (a result per survivor and per mutant not reached); JUnit is in
// mutantsjunit.go.

// mutantCounts are a run's mutants by status.
type mutantCounts struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Survived   int `json:"survived"`
	NotReached int `json:"notReached"`
	Invalid    int `json:"invalid"`
	Equivalent int `json:"equivalent"`
}

func (res *mutantsResult) counts() mutantCounts {
	var c mutantCounts
	for _, r := range res.Results() {
		c.Mutants++
		switch r.Status {
		case mutant.Killed:
			c.Killed++
		case mutant.Survived:
			c.Survived++
		case mutant.NotReached:
			c.NotReached++
		case mutant.Invalid:
			c.Invalid++
		case mutant.Equivalent:
			c.Equivalent++
		}
	}
	return c
}

// mutantsJSON is mutants' JSON output (docs/mutants.md).
type mutantsJSON struct {
	Base         string            `json:"base,omitempty"`
	Commit       string            `json:"commit,omitempty"`
	Seed         uint64            `json:"seed"`
	Execs        uint64            `json:"execs"`
	MinHits      uint64            `json:"minHits"`
	ChangedLines int               `json:"changedLines"`
	Counts       mutantCounts      `json:"counts"`
	Projects     []mutantsProjJSON `json:"projects"`
	Mutants      []mutant.Result   `json:"mutants"`
}

type mutantsProjJSON struct {
	Root   string   `json:"root"`
	Suites []string `json:"suites"`
	// Failing are the properties the original already fails: they kill
	// no mutant.
	Failing []string `json:"failing"`
	// SuitesBroken are the suites left out: they do not compile.
	SuitesBroken []string `json:"suitesBroken"`
}

func mutantsDoc(res *mutantsResult) mutantsJSON {
	doc := mutantsJSON{Base: res.base, Commit: res.Commit, Seed: res.seed, Execs: res.execs, MinHits: res.minHits,
		ChangedLines: res.ChangedLines, Counts: res.counts(), Projects: []mutantsProjJSON{}, Mutants: []mutant.Result{}}
	for _, p := range res.Projects {
		doc.Projects = append(doc.Projects, mutantsProjJSON{Root: p.Root, Suites: orEmpty(p.Run.Suites), Failing: orEmpty(p.Run.Failing),
			SuitesBroken: orEmpty(p.Run.SuitesBroken)})
	}
	doc.Mutants = append(doc.Mutants, res.Results()...)
	return doc
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func writeMutants(w io.Writer, format string, res *mutantsResult, verbose bool) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(mutantsDoc(res))
	case "sarif":
		return writeMutantsSARIF(w, res)
	case "junit":
		return writeMutantsJUnit(w, res)
	}
	writeMutantsText(w, res, verbose)
	return nil
}

// writeMutantsText prints a line per mutant as a compiler message (the
// dropped ones and the killing calls with -v), then the counts.
func writeMutantsText(w io.Writer, res *mutantsResult, verbose bool) {
	for _, p := range res.Projects {
		for _, f := range p.Run.Failing {
			fmt.Fprintf(w, "note: the original code already fails %s: it kills no mutant\n", f)
		}
		for _, f := range p.Run.SuitesBroken {
			fmt.Fprintf(w, "note: the invariant suite %s does not compile: left out\n", displayPath(f, ""))
		}
	}
	for _, r := range res.Results() {
		where := fmt.Sprintf("%s:%d:%d", displayPath(r.Path, r.Unit), r.Line, r.Column)
		switch r.Status {
		case mutant.Killed:
			fmt.Fprintf(w, "%s: killed by %s: %s\n", where, r.KilledBy, r.Description)
			if verbose && r.Killer != nil {
				for i, c := range r.Killer.Calls {
					fmt.Fprintf(w, "    %d. %s.%s(%s)\n", i+1, c.Contract, strings.SplitN(c.Function, "(", 2)[0], strings.Join(c.Args, ", "))
				}
			}
		case mutant.Survived:
			fmt.Fprintf(w, "%s: survived: no property notices if %s (%s)%s\n", where, r.Description, reachedWords(r), oracleWords(r))
		case mutant.NotReached:
			fmt.Fprintf(w, "%s: not reached: %s (%s: a gap in coverage, not in the properties)%s\n", where, r.Description, reachedWords(r), oracleWords(r))
		default:
			if verbose {
				fmt.Fprintf(w, "%s: dropped, %s: %s%s\n", where, r.Status, r.Description, noteWords(r.Note))
			}
		}
	}
	c := res.counts()
	since := "every line of the files named"
	if res.base != "" {
		since = fmt.Sprintf("the lines changed since %s (%s)", res.base, res.Commit[:min(12, len(res.Commit))])
	}
	fmt.Fprintf(w, "%d mutant(s) of %s: %d killed, %d survived, %d not reached; %d did not compile and %d had the original's bytecode (dropped); %d executions each, seed %d\n",
		c.Mutants, since, c.Killed, c.Survived, c.NotReached, c.Invalid, c.Equivalent, res.execs, res.seed)
}

// reachedWords says how often a mutant's line ran.
func reachedWords(r mutant.Result) string {
	switch {
	case !r.Counted && r.Reached > 0:
		return "its line ran; the engine does not count its runs"
	case r.Reached == 1:
		return "its line ran once"
	}
	return fmt.Sprintf("its line ran %d times", r.Reached)
}

// oracleWords names the built-in oracles' new findings.
func oracleWords(r mutant.Result) string {
	if len(r.Oracles) == 0 {
		return ""
	}
	return "; built-in oracles found " + strings.Join(r.Oracles, ", ")
}

func noteWords(note string) string {
	if note == "" {
		return ""
	}
	return " (" + note + ")"
}

// The SARIF rules of mutants.
var (
	survivedRule = sarifRule{
		ID: "mutant-survived", Name: "MutantSurvived",
		ShortDescription: sarifMessage{Text: "No property notices a mistake on this changed line"},
		FullDescription:  sarifMessage{Text: "A mutant of the line (an operator swapped, a check removed, ...) ran as often as the minimum asks and no invariant, property or assert of the project failed."},
		Help:             sarifMessage{Text: "Add an invariant or assertion that the mutant breaks, or make the line's effect observable. See docs/mutants.md."},
		HelpURI:          "https://github.com/foresight-sol/foresight/blob/main/docs/mutants.md",
		Default:          map[string]any{"level": "warning"},
		Properties:       map[string]any{"tags": []string{"mutation"}},
	}
	notReachedRule = sarifRule{
		ID: "mutant-not-reached", Name: "MutantNotReached",
		ShortDescription: sarifMessage{Text: "The campaigns did not reach this changed line often enough to judge its mutant"},
		FullDescription:  sarifMessage{Text: "The set-up or the fuzzer does not get to the line: a gap in coverage, not in the properties."},
		Help:             sarifMessage{Text: "Make the invariant suite's set-up or handlers call the code, or raise --execs. See docs/mutants.md."},
		HelpURI:          "https://github.com/foresight-sol/foresight/blob/main/docs/mutants.md",
		Default:          map[string]any{"level": "note"},
		Properties:       map[string]any{"tags": []string{"mutation", "coverage"}},
	}
)

// writeMutantsSARIF writes survivors and mutants not reached as SARIF,
// each with a fingerprint of its function and edit (no line number).
func writeMutantsSARIF(w io.Writer, res *mutantsResult) error {
	sw := &sarifWriter{root: reportRoot(res.Paths)}
	results := []sarifResult{}
	seen := map[string]int{}
	for _, r := range res.Results() {
		rule, ix, level, msg := survivedRule, 0, "warning", "no property notices if "+r.Description
		switch r.Status {
		case mutant.Survived:
		case mutant.NotReached:
			rule, ix, level, msg = notReachedRule, 1, "note", "not reached: "+r.Description
		default:
			continue
		}
		sr := sarifResult{RuleID: rule.ID, RuleIndex: ix, Level: level, Message: sarifMessage{Text: msg},
			Locations:  []sarifLocation{{PhysicalLocation: sw.physical(r.Path, r.Line, r.Column, r.Start, r.End)}},
			Properties: map[string]any{"id": r.ID, "operator": r.Operator, "original": r.Original, "replace": r.Replace, "reached": r.Reached, "counted": r.Counted, "oracles": r.Oracles}}
		sum := sha256.Sum256([]byte(r.Unit + "\x00" + r.Function + "\x00" + string(r.Operator) + "\x00" + r.Original + "\x00" + r.Replace))
		fp := hex.EncodeToString(sum[:16])
		if seen[fp]++; seen[fp] > 1 {
			fp = fmt.Sprintf("%s:%d", fp, seen[fp])
		}
		sr.PartialFingerprints = map[string]string{"foresightMutant/v1": fp}
		results = append(results, sr)
	}
	c := res.counts()
	return encodeSARIF(w, sw.root, []sarifRule{survivedRule, notReachedRule}, results, map[string]any{
		"base": res.base, "commit": res.Commit, "seed": res.seed, "execs": res.execs, "counts": c})
}
