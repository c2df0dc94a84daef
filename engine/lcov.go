package engine

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// WriteLCOV writes fc's branch and line records of an lcov tracefile
// (docs/report-format.md, "LCOV"), ending the file's record: BRDA per
// conditional jump and direction ("-" where the jump never ran), BRF and
// BRH, then DA per line (the engine's count, 1 for a line that ran
// uncounted), LF, LH and end_of_record. The CLI's --coverage lcov and the
// editor's lcov.info both write a file's records with it.
func (fc *FileCoverage) WriteLCOV(b *strings.Builder) { fc.WriteLCOVWith(b, nil) }

// WriteLCOVWith is WriteLCOV with the definition lines of the file's
// functions and modifiers (their FN records) as lines too, with the
// functions' counts where the code has none: forge's line set has each
// definition's line, and a modifier's or receive()'s has no code of its
// own. Lines outside every function (NotInFunction) are left out.
func (fc *FileCoverage) WriteLCOVWith(b *strings.Builder, defs map[int]uint64) {
	found, hit := 0, 0
	branches := slices.SortedStableFunc(slices.Values(fc.Branches), func(x, y BranchCoverage) int {
		return cmp.Or(cmp.Compare(x.Line, y.Line), cmp.Compare(x.Block, y.Block))
	})
	for _, br := range branches {
		for i, n := range [2]uint64{br.Taken, br.NotTaken} {
			count := fmt.Sprint(n)
			if !fc.Covered[br.Line] {
				count = "-" // the jump never ran
			}
			fmt.Fprintf(b, "BRDA:%d,%d,%d,%s\n", br.Line, br.Block, i, count)
			found++
			if n > 0 {
				hit++
			}
		}
	}
	fmt.Fprintf(b, "BRF:%d\nBRH:%d\n", found, hit)
	counts := map[int]uint64{}
	for l := range fc.Missed {
		counts[l] = 0
	}
	for l := range fc.Covered {
		counts[l] = max(fc.Hits[l], 1)
	}
	for l := range fc.NotInFunction {
		delete(counts, l)
	}
	for l, n := range defs {
		if _, ok := counts[l]; !ok {
			counts[l] = n
		}
	}
	hit = 0
	lines := slices.Sorted(maps.Keys(counts))
	for _, l := range lines {
		fmt.Fprintf(b, "DA:%d,%d\n", l, counts[l])
		if counts[l] > 0 {
			hit++
		}
	}
	fmt.Fprintf(b, "LF:%d\nLH:%d\nend_of_record\n", len(lines), hit)
}
