package mutant

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// TestClassify: what kills a mutant, what does not (a failure the
// original shows too, at a place the edit moved; a mock's; a built-in
// oracle's, which is counted apart), and how reach decides between
// survived and not reached.
func TestClassify(t *testing.T) {
	m := Mutant{ID: "m", Path: "/p/Vault.sol", Line: 10, Start: 100, End: 102, Replace: "<", Probe: []int{10, 11}}
	inv := report.Finding{Kind: "invariant", Check: "invariant_books", Contract: "VaultTest", Path: "/p/VaultTest.sol", Start: 50, End: 60,
		Harness: &report.Harness{File: "/p/VaultTest.sol", Contract: "VaultTest"}}
	assert := report.Finding{Kind: "assert-failure", Contract: "Vault", Path: "/p/Vault.sol", Start: 300, End: 310}
	moved := assert
	moved.Start, moved.End = 299, 309 // the edit took one byte before it
	leak := report.Finding{Kind: "SWC-105", Contract: "Vault", Path: "/p/Vault.sol", Start: 200, End: 210}
	mock := inv
	mock.Mock = true
	reached := map[int]Reach{10: {Code: true, Ran: true, Hits: 40}}
	for _, tt := range []struct {
		name     string
		base     Observed
		got      Observed
		want     Status
		killedBy string
		oracles  int
	}{
		{"invariant", Observed{}, Observed{Findings: []report.Finding{inv}, Lines: reached}, Killed, "invariant_books (VaultTest)", 0},
		{"known failure", Observed{Findings: []report.Finding{inv}}, Observed{Findings: []report.Finding{inv}, Lines: reached}, Survived, "", 0},
		{"known assert moved", Observed{Findings: []report.Finding{assert}}, Observed{Findings: []report.Finding{moved}, Lines: reached}, Survived, "", 0},
		{"new assert", Observed{}, Observed{Findings: []report.Finding{moved}, Lines: reached}, Killed, "assert-failure (Vault)", 0},
		{"mock", Observed{}, Observed{Findings: []report.Finding{mock}, Lines: reached}, Survived, "", 0},
		{"oracle only", Observed{}, Observed{Findings: []report.Finding{leak}, Lines: reached}, Survived, "", 1},
		{"set-up fails", Observed{}, Observed{SetUpFailed: []string{"VaultTest: not fuzzed: setUp() reverted"}, Lines: reached}, Killed, "VaultTest: not fuzzed: setUp() reverted", 0},
		{"set-up failed before", Observed{SetUpFailed: []string{"X"}}, Observed{SetUpFailed: []string{"X"}, Lines: reached}, Survived, "", 0},
		{"too few runs", Observed{}, Observed{Lines: map[int]Reach{10: {Code: true, Ran: true, Hits: 3}}}, NotReached, "", 0},
		{"never ran", Observed{}, Observed{Lines: map[int]Reach{10: {Code: true}}}, NotReached, "", 0},
		{"ran, uncounted", Observed{}, Observed{Lines: map[int]Reach{10: {Code: true, Ran: true}}}, Survived, "", 0},
		{"no code: next line", Observed{}, Observed{Lines: map[int]Reach{11: {Code: true, Ran: true, Hits: 12}}}, Survived, "", 0},
		{"no code at all", Observed{}, Observed{}, NotReached, "", 0},
	} {
		r := Classify(m, tt.base, tt.got, 10)
		if r.Status != tt.want || r.KilledBy != tt.killedBy || len(r.Oracles) != tt.oracles {
			t.Errorf("%s: %s by %q, oracles %v; want %s by %q, %d oracle(s)", tt.name, r.Status, r.KilledBy, r.Oracles, tt.want, tt.killedBy, tt.oracles)
		}
		if r.Status == Killed && r.KilledBy != "" && len(tt.got.Findings) > 0 && r.Killer == nil {
			t.Errorf("%s: killed without the killing sequence", tt.name)
		}
	}
}

// TestLines: nil is every line; ranges are inclusive.
func TestLines(t *testing.T) {
	if !All.Has(1) || !All.Has(1<<20) {
		t.Error("All misses a line")
	}
	ls := Lines{{3, 5}, {9, 9}}
	for l, want := range map[int]bool{2: false, 3: true, 5: true, 6: false, 9: true, 10: false} {
		if ls.Has(l) != want {
			t.Errorf("Has(%d) = %v", l, !want)
		}
	}
}
