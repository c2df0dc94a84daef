package fuzz

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// TestTokenNetGain replays the sequences the token-theft oracle's net-gain
// rule (engine/oracle/tokengain.go) judges, on the vault fixtures paid in
// Foresight's token: a stranger that deposited a little and withdraws
// another user's deposit is a theft; withdrawing one's own is not, nor is
// the stranger's withdrawal when the other user named it, nor when no one
// else deposited.
func TestTokenNetGain(t *testing.T) {
	const victim, thief = 1, 2
	for _, tt := range []struct {
		name, file string
		calls      func(tok *uint256.Int) [][3]any // sender, signature, words
		want       finding.Kind                    // "" for none
	}{
		{"another's deposit", "token_pos_vault_other.sol", func(tok *uint256.Int) [][3]any {
			return [][3]any{
				{victim, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(100)}},
				{thief, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(1)}},
				{thief, "withdraw(address,address)", []*uint256.Int{tok, addrWord(chain.SenderAddress(victim))}},
			}
		}, finding.TokenTheft},
		{"its own deposit", "token_pos_vault_other.sol", func(tok *uint256.Int) [][3]any {
			return [][3]any{
				{victim, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(100)}},
				{thief, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(1)}},
				{thief, "withdraw(address,address)", []*uint256.Int{tok, addrWord(chain.SenderAddress(thief))}},
			}
		}, ""},
		{"alone", "token_pos_vault_other.sol", func(tok *uint256.Int) [][3]any {
			// Only the thief's own two deposits: no one else's to take.
			return [][3]any{
				{thief, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(100)}},
				{thief, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(1)}},
				{thief, "withdraw(address,address)", []*uint256.Int{tok, addrWord(chain.SenderAddress(thief))}},
			}
		}, ""},
		{"the fair twin", "token_neg_vault_fair.sol", func(tok *uint256.Int) [][3]any {
			return [][3]any{
				{victim, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(100)}},
				{thief, "deposit(address,uint256)", []*uint256.Int{tok, uint256.NewInt(1)}},
				{thief, "withdraw(address,address)", []*uint256.Int{tok, addrWord(chain.SenderAddress(thief))}},
				{victim, "withdraw(address,address)", []*uint256.Int{tok, addrWord(chain.SenderAddress(victim))}},
			}
		}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", "vulns", tt.file))
			v, ok := prog.Lookup("SharedVault")
			if !ok {
				t.Fatal("no contract SharedVault")
			}
			plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
			if err != nil || plan.Token == ([20]byte{}) {
				t.Fatalf("plan: token %s, %v; want Foresight's token", plan.Token, err)
			}
			var calls []RawCall
			for _, c := range tt.calls(addrWord(plan.Token)) {
				calls = append(calls, RawCall{Contract: v.Index, Sender: c[0].(int), Input: call(c[1].(string), c[2].([]*uint256.Int)...)})
			}
			steps, err := ReplayFrom(prog, "", chain.Config{}, 1, plan, calls, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []finding.Kind
			for i, st := range steps {
				if st.Err != nil {
					t.Errorf("call %d reverted: %v", i+1, st.Err)
				}
				if st.Finding != nil {
					got = append(got, st.Finding.Kind)
					t.Logf("call %d: %s", i+1, st.Finding.Detail)
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("findings %v, want none", got)
			case tt.want != "" && (len(got) != 1 || got[0] != tt.want || steps[len(steps)-1].Finding == nil):
				t.Errorf("findings %v, want %s on the last call", got, tt.want)
			}
		})
	}
}
