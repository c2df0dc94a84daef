package main

import (
	"testing"
	"time"
)

func TestBenchMedian(t *testing.T) {
	hit := func(e uint64) benchHit { return benchHit{Execs: e, Time: time.Duration(e) * time.Millisecond} }
	tests := []struct {
		name    string
		hits    []benchHit
		runs    int
		want    string
		speedup string // against a baseline of 10,000 executions
	}{
		{"all found, odd", []benchHit{hit(30), hit(10), hit(20)}, 3, "20", "500.0x"},
		{"all found, even takes the lower", []benchHit{hit(40), hit(10), hit(20), hit(30)}, 4, "20", "500.0x"},
		{"misses count as beyond the budget", []benchHit{hit(50), hit(100)}, 3, "100", "100.0x"},
		{"most missed", []benchHit{hit(50)}, 3, "> 40000", "-"},
		{"none found", nil, 5, "> 40000", "-"},
	}
	base := benchMedian{execs: 10000}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := median(tt.hits, tt.runs, 40000)
			if got := m.execString(); got != tt.want {
				t.Errorf("median = %s, want %s", got, tt.want)
			}
			if got := speedup(base, m); got != tt.speedup {
				t.Errorf("speedup = %s, want %s", got, tt.speedup)
			}
		})
	}
	if got := speedup(benchMedian{execs: 40000, censored: true}, benchMedian{execs: 100}); got != "> 400.0x" {
		t.Errorf("speedup over a censored baseline = %s, want a lower bound", got)
	}
}
