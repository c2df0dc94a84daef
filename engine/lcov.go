package engine

import (
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
func (fc *FileCoverage) WriteLCOV(b *strings.Builder) {
	found, hit := 0, 0
	for _, br := range fc.Branches {
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
	lines := append(slices.Collect(maps.Keys(fc.Covered)), slices.Collect(maps.Keys(fc.Missed))...)
	slices.Sort(lines)
	hit = 0
	for _, l := range lines {
		n := uint64(0)
		if fc.Covered[l] {
			n = max(fc.Hits[l], 1)
			hit++
		}
		fmt.Fprintf(b, "DA:%d,%d\n", l, n)
	}
	fmt.Fprintf(b, "LF:%d\nLH:%d\nend_of_record\n", len(lines), hit)
}
