package finding

import (
	"regexp"
	"strings"
	"testing"
)

// swcRE is the shape of an SWC registry id.
var swcRE = regexp.MustCompile(`^SWC-[0-9]{3}$`)

// placeholders are the words Spec.Words fills in.
var placeholders = regexp.MustCompile(`\{[a-z]+\}`)

// specProblems lists what record s lacks: a title, an explanation in
// three parts, a severity, messages (the last needing no sequence), an
// export (or NotExportable), and an SWC id of the right shape, its own
// when the kind is named by one.
func specProblems(s Spec) []string {
	var out []string
	if s.Title == "" {
		out = append(out, "no title")
	}
	if s.Why == "" || s.How == "" || s.Fix == "" {
		out = append(out, "an explanation without why, how or fix")
	}
	if s.Severity != Error && s.Severity != Warning && s.Severity != Info {
		out = append(out, "no severity")
	}
	if len(s.Messages) == 0 {
		out = append(out, "no messages")
	}
	for _, m := range s.Messages {
		for _, p := range placeholders.FindAllString(m, -1) {
			if !strings.Contains("{fn}{who}{when}{contract}{check}{title}", p) {
				out = append(out, "a message with an unknown placeholder "+p)
			}
		}
	}
	if s.Export.Assert == AssertUnset {
		out = append(out, "no export assertion (NotExportable if none)")
	}
	if s.Export.Harm != 0 && (s.Export.Assert == NotExportable || s.Export.Assert == AssertAssertion ||
		s.Export.Assert == AssertPanic || s.Export.Assert == AssertCheck) {
		out = append(out, "a harm its assertion never renders")
	}
	if s.SWC != "" && !swcRE.MatchString(s.SWC) {
		out = append(out, "an SWC id "+s.SWC+" not shaped SWC-nnn")
	}
	if swcRE.MatchString(string(s.Kind)) && s.SWC != string(s.Kind) {
		out = append(out, "a kind named by an SWC id with another SWC")
	}
	return out
}

// TestSpecsComplete checks that every kind Foresight reports has every
// part of its record, and that the kinds are listed once each.
func TestSpecsComplete(t *testing.T) {
	if len(Kinds()) < 27 {
		t.Fatalf("only %d kinds listed: %v", len(Kinds()), Kinds())
	}
	seen := map[Kind]bool{}
	for _, k := range Kinds() {
		if seen[k] {
			t.Errorf("%s listed twice", k)
		}
		seen[k] = true
		s := Describe(k)
		if s.Kind != k {
			t.Errorf("%s: Describe returns the record of %s", k, s.Kind)
		}
		for _, p := range specProblems(s) {
			t.Errorf("%s: %s", k, p)
		}
	}
}

// TestSpecProblems checks that specProblems finds each missing part, so
// TestSpecsComplete can fail.
func TestSpecProblems(t *testing.T) {
	good := Describe(Reentrancy)
	if p := specProblems(good); len(p) != 0 {
		t.Fatalf("a complete record has problems: %v", p)
	}
	breaks := map[string]func(*Spec){
		"title":       func(s *Spec) { s.Title = "" },
		"why":         func(s *Spec) { s.Why = "" },
		"fix":         func(s *Spec) { s.Fix = "" },
		"severity":    func(s *Spec) { s.Severity = Severity(7) },
		"messages":    func(s *Spec) { s.Messages = nil },
		"placeholder": func(s *Spec) { s.Messages = []string{"{sender} paid."} },
		"export":      func(s *Spec) { s.Export = Export{} },
		"harm":        func(s *Spec) { s.Export = Export{Assert: AssertPanic, Harm: HarmStored} },
		"swc shape":   func(s *Spec) { s.SWC = "SWC107" },
		"own swc":     func(s *Spec) { s.SWC = "SWC-105" },
	}
	for name, brk := range breaks {
		s := good
		brk(&s)
		if len(specProblems(s)) == 0 {
			t.Errorf("%s: a broken record has no problems", name)
		}
	}
}

// TestDescribePanics checks the records of panic codes: listed, unlisted
// and the assert's own code.
func TestDescribePanics(t *testing.T) {
	if s := Describe("panic-0x11"); s.Title != "arithmetic overflow or underflow" || s.SWC != "SWC-101" ||
		s.Severity != Error || !s.OptIn || s.Export.Assert != AssertPanic {
		t.Errorf("Describe(panic-0x11) = %+v", s)
	}
	if s := Describe("panic-0x99"); s.Title != "panic 0x99" || s.OptIn || s.Severity != Warning || Known("panic-0x99") {
		t.Errorf("unknown panic = %+v", s)
	}
	if OnByDefault("panic-0x22") == false || OnByDefault(FrontRunning) || !OnByDefault(Reentrancy) {
		t.Error("OnByDefault disagrees with the records")
	}
	want := []Kind{"panic-0x00", "panic-0x11", "panic-0x12", "panic-0x21", "panic-0x31", "panic-0x32", "panic-0x41"}
	if strings.Join(kindStrings(AllPanics), ",") != strings.Join(kindStrings(want), ",") {
		t.Errorf("AllPanics = %v, want %v", AllPanics, want)
	}
	if code, ok := ParsePanic("panic-0x1f"); !ok || code != 0x1f {
		t.Errorf("ParsePanic(panic-0x1f) = %d, %v", code, ok)
	}
	for _, k := range []Kind{"panic-0x", "panic-11", "panic-0x11 ", AssertFailure} {
		if _, ok := ParsePanic(k); ok {
			t.Errorf("ParsePanic(%q) parsed", k)
		}
	}
	if s := Describe("no-such-kind"); s.Export.Assert != NotExportable || s.Title != "no-such-kind" {
		t.Errorf("unknown kind = %+v", s)
	}
}

// TestWords checks that a message's placeholders take the sequence's
// words, and {title} the capitalised title.
func TestWords(t *testing.T) {
	got := Describe(Property).Words(Wording{Check: "echidna_x", When: "when user 1 called C.f"})
	if got[0] != "Property echidna_x failed when user 1 called C.f." {
		t.Errorf("Words = %q", got)
	}
	got = Describe("panic-0x12").Words(Wording{When: "when user 2 called C.g"})
	if got[0] != "Division or modulo by zero when user 2 called C.g." || got[1] != "Division or modulo by zero." {
		t.Errorf("Words = %q", got)
	}
}

func kindStrings(ks []Kind) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}
