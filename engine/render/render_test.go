package render

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/holiman/uint256"
)

func TestEther(t *testing.T) {
	for _, tt := range []struct {
		wei  string
		want string
	}{
		{"0", "0 wei"},
		{"3", "3 wei"},
		{"999999999999999", "999999999999999 wei"},
		{"1000000000000000", "0.001 ether"},
		{"999000000000000000", "0.999 ether"},
		{"10000000000000000000", "10 ether"},
		{"10000000000000000001", "about 10 ether"},
		{"12345678900000000000", "about 12.35 ether"},
		{"2361183241434822606849", "about 2361 ether"},
	} {
		w, err := uint256.FromDecimal(tt.wei)
		if err != nil {
			t.Fatal(err)
		}
		if got := Ether(w); got != tt.want {
			t.Errorf("Ether(%s) = %q, want %q", tt.wei, got, tt.want)
		}
	}
}

func TestSenderName(t *testing.T) {
	for _, tt := range []struct {
		c    report.Call
		want string
	}{
		{report.Call{Sender: "0x0000000000000000000000000000000000010000", SenderIndex: 0}, "user 1"},
		{report.Call{Sender: "0x0000000000000000000000000000000000030000", SenderIndex: 2}, "user 3"},
		{report.Call{Sender: "0x0000000000000000000000000000000a77ac0001", SenderIndex: 3, Attacker: "reentrant"}, "attacker contract (reentrant)"},
		{report.Call{Sender: "0xdeaddeaddeaddeaddeaddeaddeaddeaddead0001", SenderIndex: 6}, "the deployer"},
	} {
		if got := SenderName(tt.c); got != tt.want {
			t.Errorf("SenderName(%+v) = %q, want %q", tt.c, got, tt.want)
		}
	}
}
