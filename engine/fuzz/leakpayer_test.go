package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// TestLeakCountsWhoPaid replays a user whose withdrawal to the reentrant
// attacker contract makes it re-enter: it deposits 10 wei again of its
// own, then withdraws to the user as its last transaction did. Of that
// payout, what the attacker paid in of its own (its balance's fall) is
// the attacker's money passed on, not a gain the user's transaction took
// from the bank: no SWC-105 (the oracle counted all of it as paid to the
// user by its own transaction, and the user, paid before, as draining).
// In the twin whose withdrawTo pays more than the caller's deposit, the
// attacker's withdrawal to the user is 100 wei, 90 of them the bank's:
// it still leaks.
func TestLeakCountsWhoPaid(t *testing.T) {
	a := deploy.PrincipalIndex(deploy.AttackerAddress(deploy.Reentrant))
	user := 1
	to := addrWord(chain.SenderAddress(user))
	calls := func(c int, amount uint64) []RawCall {
		return []RawCall{
			{Contract: c, Sender: 0, Input: call("deposit()"), Value: *uint256.NewInt(1000)},
			{Contract: c, Sender: a, Input: call("deposit()"), Value: *uint256.NewInt(10)},
			{Contract: c, Sender: a, Input: call("withdrawTo(address,uint256)", to, uint256.NewInt(amount))},
			{Contract: c, Sender: user, Input: call("deposit()"), Value: *uint256.NewInt(10)},
			{Contract: c, Sender: user, Input: call("withdrawTo(address,uint256)", to, uint256.NewInt(5))},
			{Contract: c, Sender: user, Input: call("withdrawTo(address,uint256)", addrWord(deploy.AttackerAddress(deploy.Reentrant)), uint256.NewInt(5))},
		}
	}
	for _, tt := range []struct {
		file   string
		amount uint64       // the attacker's withdrawal to the user
		want   finding.Kind // "" for none
	}{
		{"swc105_neg_attacker_pays_user.sol", 10, ""},
		{"swc105_pos_attacker_pays_user.sol", 100, finding.EtherLeak},
	} {
		prog := compile(t, filepath.Join("..", "testdata", "vulns", tt.file))
		bank, ok := prog.Lookup("WithdrawToBank")
		if !ok {
			t.Fatalf("%s: no WithdrawToBank", tt.file)
		}
		steps, err := Replay(prog, chain.Config{}, 1, nil, calls(bank.Index, tt.amount), nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []finding.Kind
		for i, st := range steps {
			if st.Err != nil {
				t.Errorf("%s: call %d reverted: %v", tt.file, i+1, st.Err)
			}
			if st.Finding != nil {
				got = append(got, st.Finding.Kind)
				t.Logf("%s: call %d: %s: %s", tt.file, i+1, st.Finding.Kind, st.Finding.Detail)
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: findings %v, want none", tt.file, got)
		case tt.want != "" && (len(got) != 1 || got[0] != tt.want):
			t.Errorf("%s: findings %v, want %s", tt.file, got, tt.want)
		}
	}
}
