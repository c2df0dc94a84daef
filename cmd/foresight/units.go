package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// unitLine says, for -v, what one compilation unit was: the compiler, the
// files given that it compiled, its settings and how long it took, e.g.
// "solc 0.7.6 (solc-js) compiled 3 file(s), 1 given, in 1.2s (optimizer
// off, via-IR off, EVM version the compiler's default): contracts/A.sol".
func unitLine(b *solc.Build) string {
	if b.Compiler == nil {
		return fmt.Sprintf("no compiler for %s", strings.Join(b.Roots, ", "))
	}
	s := fmt.Sprintf("%s compiled %d file(s), %d given, in %s (%s", b.Compiler, len(b.Units), len(b.Roots), b.Elapsed.Round(time.Millisecond), b.Settings)
	if b.Retried != "" {
		s += "; after Stack too deep, with " + b.Retried
	}
	return s + "): " + strings.Join(b.Roots, ", ")
}

// otherSkipped counts the "skipped" lines of the summary (listed of
// them) that the "N of M contract(s)" count does not cover: contracts
// outside the campaign's targets (other Foundry test contracts, a
// suite's, contracts with nothing to call). Each target not fuzzed has a
// skipped line, so the rest are the others; the summary names them so
// its counts agree with the lines printed.
func otherSkipped(rep *engine.Report, listed int) int {
	return max(listed-(rep.ContractsTotal-rep.Contracts), 0)
}
