package program

import "testing"

func TestParseLiteral(t *testing.T) {
	tests := []struct {
		text, unit string
		want       uint64
		ok         bool
	}{
		{"42", "", 42, true},
		{"0x2a", "", 42, true},
		{"1_000", "", 1000, true},
		{"2e3", "", 2000, true},
		{"1.5", "ether", 1_500_000_000_000_000_000, true},
		{"2", "days", 172800, true},
		{"0.5", "", 0, false},
		{"1e80", "", 0, false},
		{"junk", "", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseLiteral(tt.text, tt.unit)
		if ok != tt.ok || (ok && got.Uint64() != tt.want) {
			t.Errorf("parseLiteral(%q, %q) = %v, %v; want %d, %v", tt.text, tt.unit, got.Dec(), ok, tt.want, tt.ok)
		}
	}
}
