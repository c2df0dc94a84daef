package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// This file writes diff's result: text for people, JSON, and SARIF for
// code scanning (one rule, behaviour-change, a result per difference).

// diffJSON is diff's JSON output (docs/diff.md).
type diffJSON struct {
	Base        string          `json:"base"`
	Commit      string          `json:"commit"`
	Differs     bool            `json:"differs"`
	Compared    []diffFuncJSON  `json:"compared"`
	Added       []string        `json:"added"`
	Removed     []string        `json:"removed"`
	Differences []diffEntryJSON `json:"differences"`
}

type diffFuncJSON struct {
	Function    string `json:"function"` // "Vault.withdraw(uint256)"
	Inputs      int    `json:"inputs"`
	Differences int    `json:"differences"`
	// Mean gas per call over the inputs that behaved the same (gas
	// alone is no difference).
	GasBefore uint64 `json:"gasBefore,omitempty"`
	GasAfter  uint64 `json:"gasAfter,omitempty"`
}

type diffEntryJSON struct {
	Function string         `json:"function"`
	Path     string         `json:"path,omitempty"`
	Line     int            `json:"line,omitempty"`
	Column   int            `json:"column,omitempty"`
	Aspect   string         `json:"aspect"`
	Before   string         `json:"before"`
	After    string         `json:"after"`
	Message  string         `json:"message"`
	Step     int            `json:"step"` // index of the call that differs; len(calls) for the getters afterwards
	Calls    []diffCallJSON `json:"calls"`

	start, end int // the function name's byte range, for SARIF
}

type diffCallJSON struct {
	Call     string `json:"call"`
	Contract string `json:"contract"`
	Sender   string `json:"sender"`
	Calldata string `json:"calldata"`
	Value    string `json:"value"`
	Blocks   uint64 `json:"blocks,omitempty"`
	Seconds  uint64 `json:"seconds,omitempty"`
}

// diffDoc is the result as its JSON form, each difference located at
// its function's definition in the working tree.
func diffDoc(res *diffResult) diffJSON {
	rep := res.cmp.Report
	doc := diffJSON{Base: res.base, Commit: res.commit, Differs: rep.Differs(), Compared: []diffFuncJSON{}, Added: names(rep.Added), Removed: names(rep.Removed), Differences: []diffEntryJSON{}}
	for _, c := range rep.Compared {
		doc.Compared = append(doc.Compared, diffFuncJSON{c.Function.String(), c.Inputs, c.Differences, c.GasBefore, c.GasAfter})
	}
	src := newSourceIndex(res.newBuilds)
	for _, d := range rep.Differences {
		e := diffEntryJSON{Function: d.Function.String(), Aspect: d.Aspect, Before: d.Before, After: d.After, Message: d.Message, Step: d.Step}
		if f, fn, ok := src.definition(d.Function.Contract, d.Function.Signature); ok {
			off := fn.Start
			if fn.NameStart >= 0 {
				off = fn.NameStart
			}
			if line, col, err := f.lines.LineCol(off); err == nil {
				e.Path, e.Line, e.Column = f.path, line+1, col+1
				e.start, e.end = off, off+len(fn.Name)
			}
		}
		for i, c := range d.Sequence {
			e.Calls = append(e.Calls, diffCallJSON{Call: d.Calls[i], Contract: c.Contract, Sender: c.Sender.Hex(),
				Calldata: "0x" + hex.EncodeToString(c.Input), Value: c.Value.Dec(), Blocks: c.Blocks, Seconds: c.Seconds})
		}
		doc.Differences = append(doc.Differences, e)
	}
	return doc
}

// names are the functions fs as "Contract.signature".
func names[F fmt.Stringer](fs []F) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

func writeDiff(w io.Writer, format string, res *diffResult) error {
	doc := diffDoc(res)
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	case "sarif":
		return writeDiffSARIF(w, doc, res)
	case "junit":
		return writeDiffJUnit(w, doc, res)
	}
	writeDiffText(w, doc, res.cmp.NoneChanged, res.verbose)
	return nil
}

// writeDiffText prints each difference as a compiler message with its
// calls, then how many inputs each function was compared over.
func writeDiffText(w io.Writer, doc diffJSON, noneChanged, verbose bool) {
	short := doc.Commit[:min(12, len(doc.Commit))]
	if noneChanged && len(doc.Added) == 0 && len(doc.Removed) == 0 {
		fmt.Fprintf(w, "no function changed since %s (%s)\n", doc.Base, short)
		return
	}
	for _, d := range doc.Differences {
		where := d.Function
		if d.Path != "" {
			where = fmt.Sprintf("%s:%d:%d", displayPath(d.Path, ""), d.Line, d.Column)
		}
		fmt.Fprintf(w, "%s: behaviour changed: %s: %s\n", where, d.Function, d.Message)
		for i, c := range d.Calls {
			fmt.Fprintf(w, "    %d. %s.%s\n", i+1, c.Contract, c.Call)
		}
	}
	fmt.Fprintf(w, "compared with %s (%s):\n", doc.Base, short)
	for _, c := range doc.Compared {
		verdict := "unchanged"
		if c.Differences > 0 {
			verdict = "behaviour differs"
		}
		gas := ""
		if verbose && c.GasBefore > 0 && c.GasBefore != c.GasAfter {
			gas = fmt.Sprintf(" (gas per call: %d before, %d now)", c.GasBefore, c.GasAfter)
		}
		fmt.Fprintf(w, "  %s: %d input(s), %s%s\n", c.Function, c.Inputs, verdict, gas)
	}
	if len(doc.Added) > 0 {
		fmt.Fprintf(w, "added (not compared): %s\n", strings.Join(doc.Added, ", "))
	}
	if len(doc.Removed) > 0 {
		fmt.Fprintf(w, "removed (not compared): %s\n", strings.Join(doc.Removed, ", "))
	}
	if !doc.Differs {
		fmt.Fprintln(w, "no behaviour differs")
	}
}

// diffRule is the SARIF rule of every difference.
var diffRule = sarifRule{
	ID: "behaviour-change", Name: "BehaviourChange",
	ShortDescription: sarifMessage{Text: "A function behaves otherwise than at the base revision"},
	FullDescription:  sarifMessage{Text: "The same calls on the base revision's build and on this one differ in what a caller observes: success or revert, return or revert data, events, ether moved, or the getters afterwards."},
	Help:             sarifMessage{Text: "If the change is meant, nothing to do; otherwise the calls listed reproduce it on both builds. See docs/diff.md."},
	HelpURI:          "https://github.com/foresight-sol/foresight/blob/main/docs/diff.md",
	Default:          map[string]any{"level": "warning"},
	Properties:       map[string]any{"tags": []string{"behaviour"}},
}

// writeDiffSARIF writes a diff's differences as SARIF, each with a
// fingerprint of its function and aspect (no line: an edit elsewhere
// keeps the alert).
func writeDiffSARIF(w io.Writer, doc diffJSON, res *diffResult) error {
	sw := &sarifWriter{root: sarifRoot(res.paths)}
	results := []sarifResult{}
	for _, d := range doc.Differences {
		r := sarifResult{RuleID: diffRule.ID, Level: "warning", Message: sarifMessage{Text: d.Function + ": " + d.Message},
			Properties: map[string]any{"aspect": d.Aspect, "before": d.Before, "after": d.After, "calls": d.Calls}}
		if d.Path != "" {
			r.Locations = []sarifLocation{{PhysicalLocation: sw.physical(d.Path, d.Line, d.Column, d.start, d.end)}}
		}
		// The function and what differs, no line number: an edit
		// elsewhere keeps the alert.
		sum := sha256.Sum256([]byte(d.Function + "\x00" + d.Aspect))
		r.PartialFingerprints = map[string]string{"foresightBehaviour/v1": hex.EncodeToString(sum[:16])}
		results = append(results, r)
	}
	return encodeSARIF(w, sw.root, []sarifRule{diffRule}, results, map[string]any{"base": doc.Base, "commit": doc.Commit, "compared": doc.Compared, "added": doc.Added, "removed": doc.Removed})
}
