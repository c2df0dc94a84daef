package main

import (
	"fmt"
	"io"

	"github.com/foresight-sol/foresight/engine/report"
)

// Findings in mocks and test helpers (report.IsMock) come after the
// project's own, under a heading, each labelled "(mock)"; the summary
// and the exit code count only the project's own.

// mockLabel returns the message of finding i of fs as the text output
// prints it, "(mock) " before a mock's, and writes the mocks' heading
// to w before the first of them.
func mockLabel(w io.Writer, fs []report.Finding, i int) string {
	f := &fs[i]
	if !f.Mock {
		return f.Message
	}
	if i == 0 || !fs[i-1].Mock {
		fmt.Fprintf(w, "in mocks and test helpers (not counted as the project's findings):\n")
	}
	return "(mock) " + f.Message
}

// mockCount says how many findings were in mocks and test helpers, not
// counted among the project's: " (+2 in mocks, not counted)", or "".
func mockCount(fs []report.Finding) string {
	if n := len(fs) - report.Own(fs); n > 0 {
		return fmt.Sprintf(" (+%d in mocks, not counted)", n)
	}
	return ""
}
