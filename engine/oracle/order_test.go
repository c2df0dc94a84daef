package oracle

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestOwedBack checks the stake SWC-114 asks of a racer: ether paid in
// (values, an attacker's own ether) that was not all paid back.
func TestOwedBack(t *testing.T) {
	tx := func(sender int, value, own, got uint64) TxInfo {
		return TxInfo{Sender: sender, Value: *uint256.NewInt(value), Own: *uint256.NewInt(own), Got: *uint256.NewInt(got)}
	}
	for _, tc := range []struct {
		name string
		hist []TxInfo
		want bool
	}{
		{"never paid in", []TxInfo{tx(1, 0, 0, 0), tx(2, 5, 0, 0)}, false},
		{"deposit", []TxInfo{tx(1, 5, 0, 0)}, true},
		{"deposit, withdrawn in full", []TxInfo{tx(1, 5, 0, 0), tx(1, 0, 0, 5)}, false},
		{"deposit, withdrawn in part", []TxInfo{tx(1, 5, 0, 0), tx(1, 0, 0, 3)}, true},
		{"two deposits, one withdrawn", []TxInfo{tx(1, 5, 0, 0), tx(1, 0, 0, 5), tx(1, 2, 0, 0)}, true},
		{"an attacker's own ether", []TxInfo{tx(1, 0, 4, 3)}, true},
		{"another sender's withdrawal", []TxInfo{tx(1, 5, 0, 0), tx(2, 0, 0, 5)}, true},
	} {
		if got := owedBack(tc.hist, 1); got != tc.want {
			t.Errorf("%s: owedBack = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPrizeRace checks what SWC-114 asks of a race's winner: more than
// its stake, never paid before (else a missing debit's, SWC-105's).
func TestPrizeRace(t *testing.T) {
	tx := func(sender int, value, got uint64) TxInfo {
		return TxInfo{Sender: sender, Value: *uint256.NewInt(value), Got: *uint256.NewInt(got), Paid: got > 0}
	}
	win := func(a, b uint64) [2]uint256.Int { return [2]uint256.Int{*uint256.NewInt(a), *uint256.NewInt(b)} }
	for _, tc := range []struct {
		name string
		hist []TxInfo
		win  [2]uint256.Int
		want bool
	}{
		{"a prize", nil, win(100, 100), true},
		{"a prize over a stake", []TxInfo{tx(1, 1, 0), tx(2, 1, 0)}, win(100, 100), true},
		{"own deposits back", []TxInfo{tx(1, 5, 0), tx(2, 7, 0)}, win(5, 7), false},
		{"paid again, against a deposit", []TxInfo{tx(1, 5, 0), tx(1, 0, 5), tx(1, 1, 0), tx(2, 7, 0)}, win(6, 7), false},
		{"paid again, against a prize", []TxInfo{tx(1, 5, 0), tx(1, 0, 5), tx(1, 1, 0)}, win(6, 100), true},
	} {
		if got := prizeRace(tc.hist, [2]int{1, 2}, tc.win); got != tc.want {
			t.Errorf("%s: prizeRace = %v, want %v", tc.name, got, tc.want)
		}
	}
}
