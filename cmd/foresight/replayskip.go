package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// replayable splits a replay's builds into those that compiled, which it
// returns, and those that did not: a run that compiled partly fuzzed the
// files that compiled, so its findings replay on them; each file that did
// not is named once on w with its first error. With none compiled it
// prints every build's diagnostics, as a failed compile does, and
// returns nil.
func replayable(builds []*solc.Build, w io.Writer) []*solc.Build {
	var good, broken []*solc.Build
	for _, b := range builds {
		if b.HasErrors() {
			broken = append(broken, b)
		} else {
			good = append(good, b)
		}
	}
	if len(good) == 0 {
		for _, b := range broken {
			printDiagnostics(w, b)
		}
		return nil
	}
	for _, b := range broken {
		why := firstError(b)
		for _, p := range notCompiled([]*solc.Build{b}) {
			fmt.Fprintf(w, "foresight: replay: skipped %s: it does not compile (%s); replaying the findings of the files that do\n", displayPath(p, p), why)
		}
	}
	return good
}

// firstError is a broken build's first error, without its place (the
// caller names the file), on one line.
func firstError(b *solc.Build) string {
	for _, d := range b.Diagnostics {
		if d.Severity != solc.SeverityError {
			continue
		}
		msg := strings.Join(strings.Fields(d.Message), " ")
		if d.Code != "" {
			return fmt.Sprintf("error %s: %s", d.Code, msg)
		}
		return "error: " + msg
	}
	return "errors"
}
