package fuzz

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// gainCall is one call of a TestTokenNetGain sequence: "Contract.sig"
// sent by a sender after seconds, with argument words, where "token"
// stands for Foresight's token, "user N" for sender N and a contract's
// name for its address.
type gainCall struct {
	sender  int
	call    string
	args    []string
	seconds uint64
}

// TestTokenNetGain replays the sequences the token-theft oracle's net-gain
// rule (engine/oracle/tokengain.go) judges: a stranger that deposited a
// little and withdraws another user's deposit is a theft; withdrawing its
// own is not, nor a withdrawal when no one else deposited, nor interest
// that accrued with time out of the others' deposits, nor a swap's payout
// in a token the swapper had also paid in (it paid the other token).
func TestTokenNetGain(t *testing.T) {
	const book, fair, savings, amm = "token_pos_vault_other.sol", "token_neg_vault_fair.sol", "token_neg_vault_interest.sol", "token_neg_amm_lp.sol"
	deposit := func(sender int, amount string) gainCall {
		return gainCall{sender, "DepositBook.deposit(address,uint256)", []string{"token", amount}, 0}
	}
	withdraw := func(sender int, id string) gainCall {
		return gainCall{sender, "DepositBook.withdraw(uint256)", []string{id}, 0}
	}
	for _, tt := range []struct {
		name, file string
		calls      []gainCall
		want       finding.Kind // "" for none
	}{
		{"another's deposit", book, []gainCall{deposit(0, "100"), deposit(1, "1"), withdraw(1, "0")}, finding.TokenTheft},
		{"another's deposit, a day later", book, []gainCall{deposit(0, "100"), deposit(1, "1"), {1, "DepositBook.withdraw(uint256)", []string{"0"}, 86400}}, finding.TokenTheft},
		{"its own deposit", book, []gainCall{deposit(0, "100"), deposit(1, "1"), withdraw(1, "1")}, ""},
		{"no one else's", book, []gainCall{deposit(1, "100"), deposit(1, "1"), withdraw(1, "0")}, ""},
		{"the fair twin", fair, []gainCall{deposit(0, "100"), deposit(1, "1"), withdraw(1, "1"), withdraw(0, "0")}, ""},
		{"interest by the second", savings, []gainCall{
			{0, "SavingsPool.deposit(address,uint256)", []string{"token", "1000000"}, 0},
			{1, "SavingsPool.deposit(address,uint256)", []string{"token", "1000000"}, 0},
			{1, "SavingsPool.withdraw(address)", []string{"token"}, 365 * 86400},
		}, ""},
		{"a swap after adding liquidity", amm, []gainCall{
			{0, "TokenA.mint()", nil, 0}, {0, "TokenB.mint()", nil, 0},
			{0, "TokenA.approve(address,uint256)", []string{"SharePool", "1000"}, 0},
			{0, "TokenB.approve(address,uint256)", []string{"SharePool", "1000"}, 0},
			{0, "SharePool.addLiquidity(uint256,uint256)", []string{"500", "500"}, 0},
			{1, "TokenA.mint()", nil, 0}, {1, "TokenB.mint()", nil, 0},
			{1, "TokenA.approve(address,uint256)", []string{"SharePool", "1000"}, 0},
			{1, "TokenB.approve(address,uint256)", []string{"SharePool", "1000"}, 0},
			{1, "SharePool.addLiquidity(uint256,uint256)", []string{"10", "10"}, 0},
			// Paid 10 B and 500 more A: 252 B back, out of the first
			// provider's 500, which the pool no longer holds in full.
			{1, "SharePool.swapAForB(uint256)", []string{"500"}, 0},
		}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", "vulns", tt.file))
			plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 0)), deploy.CtorBudget)
			if err != nil {
				t.Fatal(err)
			}
			if pool, ok := prog.Lookup("SharePool"); ok {
				// The pool of two tokens, whatever the planner chose for
				// its constructor's arguments (either token fits both).
				ta, _ := prog.Lookup("TokenA")
				tb, _ := prog.Lookup("TokenB")
				a, b := addrWord(plan.Addrs[ta.Index]).Bytes32(), addrWord(plan.Addrs[tb.Index]).Bytes32()
				plan.Args[pool.Index] = append(a[:], b[:]...)
			}
			word := func(a string) *uint256.Int {
				switch {
				case a == "token":
					return addrWord(plan.Token)
				case strings.HasPrefix(a, "user "):
					return addrWord(chain.SenderAddress(int(a[5] - '0')))
				}
				if c, ok := prog.Lookup(a); ok {
					return addrWord(plan.Addrs[c.Index])
				}
				return uint256.MustFromDecimal(a)
			}
			var calls []RawCall
			for _, c := range tt.calls {
				name, sig, _ := strings.Cut(c.call, ".")
				ct, ok := prog.Lookup(name)
				if !ok {
					t.Fatalf("no contract %s", name)
				}
				var words []*uint256.Int
				for _, a := range c.args {
					words = append(words, word(a))
				}
				calls = append(calls, RawCall{Contract: ct.Index, Sender: c.sender, Input: call(sig, words...), Seconds: c.seconds, Blocks: c.seconds / 12})
			}
			steps, err := ReplayFrom(prog, "", chain.Config{}, 1, plan, calls, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []finding.Kind
			for i, st := range steps {
				if st.Err != nil {
					t.Errorf("call %d (%s) reverted: %v", i+1, tt.calls[i].call, st.Err)
				}
				if st.Finding != nil {
					got = append(got, st.Finding.Kind)
					t.Logf("call %d: %s", i+1, st.Finding.Detail)
				}
			}
			switch {
			case len(steps) != len(calls) && tt.want == "":
				t.Errorf("%d of %d calls ran", len(steps), len(calls))
			case tt.want == "" && len(got) > 0:
				t.Errorf("findings %v, want none", got)
			case tt.want != "" && (len(got) != 1 || got[0] != tt.want || len(steps) != len(calls)):
				t.Errorf("findings %v, want %s on the last call", got, tt.want)
			}
		})
	}
}
