package engine

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

var update = flag.Bool("update", false, "rewrite the golden files of finding messages in testdata")

// maxMessage bounds a finding's message: it is the line a terminal, a
// diagnostic list or a status bar shows, about two lines of a terminal;
// the explanation is under -v, foresight explain KIND and the hover.
const maxMessage = 160

// sentenceEnd ends a sentence: a full stop, question or exclamation mark
// before a space or the end (not the dot of C.f or of 1.5).
var sentenceEnd = regexp.MustCompile(`[.!?](\s|$)`)

// checkMessages checks that every finding's message is at most two
// sentences and maxMessage bytes, and that the messages equal the golden
// file's (-update rewrites it, for reviewers to read). names are all the
// fixtures; when a -run filter chose some, only those of byFile ran: their
// lines are compared, and rewritten, the golden file's lines of the
// others are left as they are, and those of files no longer there are
// dropped.
func checkMessages(t *testing.T, byFile map[string][]report.Finding, names []string, golden string) {
	t.Helper()
	var lines []string
	for file, fs := range byFile {
		for _, f := range fs {
			if n := len(sentenceEnd.FindAllString(f.Message, -1)); n > 2 || n == 0 {
				t.Errorf("%s: %s@%d: %d sentences, want 1 or 2 ending in a full stop: %s", file, f.Kind, f.Line, n, f.Message)
			}
			if len(f.Message) > maxMessage {
				t.Errorf("%s: %s@%d: message of %d bytes, want at most %d: %s", file, f.Kind, f.Line, len(f.Message), maxMessage, f.Message)
			}
			lines = append(lines, fmt.Sprintf("%s %s@%d: %s", file, f.Kind, f.Line, f.Message))
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil && !*update {
		t.Fatalf("%v (go test -run %s -update writes it)", err, t.Name())
	}
	// Split the golden file into the lines of the fixtures that ran and
	// the others' (all ran unless partial).
	partial := len(byFile) < len(names)
	exists := map[string]bool{}
	for _, n := range names {
		exists[n] = true
	}
	var ran, others []string
	for _, l := range strings.Split(strings.TrimSuffix(string(want), "\n"), "\n") {
		file, _, _ := strings.Cut(l, " ")
		_, in := byFile[file]
		switch {
		case l == "" || partial && !exists[file]:
		case partial && !in:
			others = append(others, l)
		default:
			ran = append(ran, l)
		}
	}
	if *update {
		all := append(append([]string(nil), lines...), others...)
		sort.Strings(all)
		if err := os.WriteFile(golden, []byte(strings.Join(all, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if partial {
		want = []byte(strings.Join(ran, "\n") + "\n")
	}
	sort.Strings(lines)
	got := strings.Join(lines, "\n") + "\n"
	if got != string(want) {
		t.Errorf("messages differ from %s (go test -run %s -update rewrites it):\n%s", golden, t.Name(), lineDiff(string(want), got))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}
