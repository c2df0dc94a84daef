package main

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestMannWhitney checks the statistic against values computed by hand
// (and by scipy.stats.mannwhitneyu without continuity correction).
func TestMannWhitney(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b []float64
		z, p float64
	}{
		// U = 0: every a below every b; var = 3*3*7/12 = 5.25.
		{"separated", []float64{1, 2, 3}, []float64{4, 5, 6}, -4.5 / math.Sqrt(5.25), 0.0495},
		{"mirrored", []float64{4, 5, 6}, []float64{1, 2, 3}, 4.5 / math.Sqrt(5.25), 0.0495},
		{"identical", []float64{1, 2, 3}, []float64{1, 2, 3}, 0, 1},
		// Ties: a = {1,1,2}, b = {1,2,2}; mid-ranks 2 (x3) and 5 (x3): rankA = 9,
		// U = 3, tie term 24 + 24 = 48, var = 9/12*(7 - 48/30) = 4.05.
		{"ties", []float64{1, 1, 2}, []float64{1, 2, 2}, (3 - 4.5) / math.Sqrt(4.05), 0.4561},
		{"all tied", []float64{7, 7}, []float64{7, 7}, 0, 1},
		{"empty", nil, []float64{1}, 0, 1},
	} {
		z, p := mannWhitney(tc.a, tc.b)
		if math.Abs(z-tc.z) > 1e-9 || math.Abs(p-tc.p) > 5e-4 {
			t.Errorf("%s: z=%.4f p=%.4f, want z=%.4f p=%.4f", tc.name, z, p, tc.z, tc.p)
		}
	}
}

// TestMedianMean checks odd and even lengths.
func TestMedianMean(t *testing.T) {
	if m := median([]float64{5, 1, 3}); m != 3 {
		t.Errorf("median odd = %v, want 3", m)
	}
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median even = %v, want 2.5", m)
	}
	if m := mean([]float64{1, 2, 6}); m != 3 {
		t.Errorf("mean = %v, want 3", m)
	}
}

// TestSummarize checks that a seed that did not find a finding ranks last
// and that each build's row reads its own runs.
func TestSummarize(t *testing.T) {
	r := runs{
		"old": {"a.sol": {"assert-failure@3": {1: 100, 2: 200, 3: 300, 4: 400}}},
		"new": {"a.sol": {"assert-failure@3": {1: 10, 2: 20}, "panic@9": {4: 5}}},
	}
	labels := map[string]map[string]bool{"a.sol": {"assert-failure@3": true, "SWC-105@7": true}}
	rows := summarize(r, []string{"old", "new"}, labels, 4, 1000)
	if len(rows) != 3 || rows[0].finding != "SWC-105@7" || rows[1].finding != "assert-failure@3" || rows[2].finding != "panic@9" {
		t.Fatalf("rows %+v", rows)
	}
	// A labelled finding no seed found still gets its row.
	if m := rows[0]; m.label != "want" || m.builds[0].found != 0 || m.builds[1].found != 0 {
		t.Errorf("missed label's row %+v", m)
	}
	if rows[1].label != "want" || rows[2].label != "FALSE" {
		t.Errorf("labels %q %q, want want and FALSE", rows[1].label, rows[2].label)
	}
	rows = rows[1:]
	a := rows[0]
	if a.builds[0].found != 4 || a.builds[1].found != 2 || a.builds[0].median != "250" || a.builds[1].median != "15" {
		t.Errorf("assert row %+v", a)
	}
	// new's misses rank last (1001, 1001), so its two early finds (10, 20)
	// only balance old's four: old's ranks are 3..6, U = 8 = n1*n2/2. Were
	// misses left out, new would look faster.
	if a.z != 0 || a.p != 1 {
		t.Errorf("assert row z=%v p=%v, want 0 and 1", a.z, a.p)
	}
	if rows[1].builds[0].found != 0 || rows[1].builds[0].median != "-" {
		t.Errorf("panic row %+v", rows[1])
	}
}

// TestReadLabels reads annotations with their lines, several on a line
// included, and gives a file without any no labels.
func TestReadLabels(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.sol")
	b := filepath.Join(dir, "b.sol")
	os.WriteFile(a, []byte("contract A {\n  x = 1; //@finding(SWC-105)\n  y(); //@finding(SWC-107) //@finding(SWC-104)\n}\n"), 0o644)
	os.WriteFile(b, []byte("contract B {}\n"), 0o644)
	got, err := readLabels([]string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]bool{a: {"SWC-105@2": true, "SWC-107@3": true, "SWC-104@3": true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
	if _, err := readLabels([]string{filepath.Join(dir, "missing.sol")}); err == nil {
		t.Error("a missing file gave no error")
	}
}
