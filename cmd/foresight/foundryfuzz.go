package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
)

// printForgeSeeds says, verbose, how many of forge's sequences the
// campaigns ran and why the others did not fit (nothing when none was
// loaded).
func printForgeSeeds(stderr io.Writer, opts engine.Options, rep *engine.Report, verbose bool) {
	if len(opts.ForgeSeeds) == 0 || !verbose {
		return
	}
	line := fmt.Sprintf("foresight: forge corpus: %d sequence(s) ran as seeds", rep.ForgeSeeds.Used)
	if skips := session.ForgeSkips(rep.ForgeSeeds); len(skips) > 0 {
		line += "; skipped " + strings.Join(skips, ", ")
	}
	fmt.Fprintln(stderr, line)
}
