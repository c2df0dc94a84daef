package main

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// lcovWriter writes a campaign's line coverage as an lcov tracefile
// (docs/report-format.md, "LCOV"): per file its functions (FN, FNDA,
// FNF, FNH), branches (BRDA, BRF, BRH) and lines (DA, LF, LH), named
// relative to the project root.
type lcovWriter struct {
	root    string
	sources *sourceIndex
	rep     *engine.Report
	// calls counts the campaign's transactions per contract and
	// selector (report.FunctionStat), for FNDA.
	calls    map[string]map[string]uint64
	deployed map[string]bool // contracts whose constructor ran
}

// writeLCOV writes rep's coverage to path. Files in dependencies
// (node_modules, Foundry's lib/, remapped library folders:
// solc.Project.InDependency) are left out unless deps is set.
func writeLCOV(path string, rep *engine.Report, run runInfo, deps bool) error {
	builds := allBuilds(run.compiled)
	lw := &lcovWriter{root: reportRoot(run.paths), sources: newSourceIndex(builds), rep: rep,
		calls: map[string]map[string]uint64{}, deployed: map[string]bool{}}
	for _, s := range rep.FunctionStats {
		if s.Signature == "" {
			continue // receive or fallback: no FN record
		}
		if lw.calls[s.Contract] == nil {
			lw.calls[s.Contract] = map[string]uint64{}
		}
		lw.calls[s.Contract][selectorOf(s.Signature)] += s.Completed + s.Reverted
	}
	for _, d := range rep.Setup.Contracts {
		if d.Error == "" {
			lw.deployed[d.Name] = true
		}
	}
	files := make([]string, 0, len(rep.Coverage))
	for f := range rep.Coverage {
		if deps || !inDependency(builds, f) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	var b strings.Builder
	for _, f := range files {
		lw.file(&b, f, rep.Coverage[f])
	}
	return session.WriteOutput(path, []byte(b.String()))
}

// inDependency reports whether a build's project counts file as a
// dependency's.
func inDependency(builds []*solc.Build, file string) bool {
	for _, b := range builds {
		if b != nil && b.Project != nil {
			return b.Project.InDependency(file)
		}
	}
	return false
}

// file writes one file's record.
func (lw *lcovWriter) file(b *strings.Builder, path string, fc *engine.FileCoverage) {
	name := path
	if rel := relTo(lw.root, path); rel != "" {
		name = rel
	}
	fmt.Fprintf(b, "TN:\nSF:%s\n", name)
	fc.WriteLCOVWith(b, lw.functions(b, path, fc))
}

// functions writes the FN and FNDA records of the file's implemented
// functions, modifiers and constructors, and FNF and FNH, named as forge
// coverage names them (`Contract.function`, `Contract.constructor`,
// overloads `Contract.f.0`, `Contract.f.1` in source order), and returns
// their definition lines with their counts, which are lines too.
func (lw *lcovWriter) functions(b *strings.Builder, path string, fc *engine.FileCoverage) map[int]uint64 {
	src := lw.sources.file(path)
	if src == nil {
		fmt.Fprintf(b, "FNF:0\nFNH:0\n")
		return nil
	}
	type fnRecord struct {
		name        string
		line        int
		count       uint64
		overloadsOf string
	}
	var recs []fnRecord
	overloads := map[string]int{}
	for _, fn := range src.funcs {
		if !fn.Implemented || fn.Contract == "" {
			continue
		}
		first, _, err1 := src.lines.LineCol(fn.Start)
		last, _, err2 := src.lines.LineCol(max(fn.End-1, fn.Start))
		if err1 != nil || err2 != nil {
			continue
		}
		name := fn.Contract + "." + functionLabel(fn)
		recs = append(recs, fnRecord{name, first + 1, lw.functionCount(fn, fc, first+1, last+1), name})
		overloads[name]++
	}
	defs := map[int]uint64{}
	seen := map[string]int{}
	for i, r := range recs {
		if overloads[r.overloadsOf] > 1 {
			recs[i].name = fmt.Sprintf("%s.%d", r.name, seen[r.overloadsOf])
			seen[r.overloadsOf]++
		}
		fmt.Fprintf(b, "FN:%d,%s\n", r.line, recs[i].name)
		defs[r.line] = max(defs[r.line], r.count)
	}
	hit := 0
	for _, r := range recs {
		fmt.Fprintf(b, "FNDA:%d,%s\n", r.count, r.name)
		if r.count > 0 {
			hit++
		}
	}
	fmt.Fprintf(b, "FNF:%d\nFNH:%d\n", len(recs), hit)
	return defs
}

// functionCount is FNDA's count: for a public or external function the
// campaign's transactions that called it (report.FunctionStat); for a
// constructor 1 when its contract was deployed (it ran once, before
// fuzzing); for another function or a modifier, whose calls are not
// counted, the most any of its lines ran (DA).
func (lw *lcovWriter) functionCount(fn solc.Function, fc *engine.FileCoverage, first, last int) uint64 {
	if fn.Kind == "constructor" {
		if lw.deployed[fn.Contract] {
			return 1
		}
		return 0
	}
	if fn.Selector != "" {
		if n := lw.calls[fn.Contract][fn.Selector]; n > 0 {
			return n
		}
		var n uint64
		for _, sels := range lw.calls { // inherited: called on a derived contract
			n += sels[fn.Selector]
		}
		if n > 0 {
			return n
		}
	}
	var most uint64
	for l := first; l <= last; l++ {
		if fc.Covered[l] {
			most = max(most, fc.Hits[l], 1)
		}
	}
	return most
}

// selectorOf is the 4-byte selector of a signature, in hex.
func selectorOf(sig string) string {
	return hex.EncodeToString(crypto.Keccak256([]byte(sig))[:4])
}
