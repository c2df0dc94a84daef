package oracle

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/holiman/uint256"
)

// TestClaimDeposits: what another sender paid a contract counts as a
// deposit owed back (the net-gain rule's claim) unless it was a gift (a
// transfer called on the token itself) or the price of a trade (the
// contract paid it another token in the same transaction, however
// little: a swap rounded down to nothing); a vault's minted shares leave
// the deposit standing.
func TestClaimDeposits(t *testing.T) {
	tokA, tokB := common.HexToAddress("0xa0"), common.HexToAddress("0xb0")
	pool, shares := common.HexToAddress("0xc0"), common.HexToAddress("0xd0")
	o := &tokens{
		Machine: &Machine{
			Dep:        &deploy.Deployment{Addrs: []common.Address{tokA, tokB, pool, shares}},
			Principals: []common.Address{common.HexToAddress("0x10000"), common.HexToAddress("0x20000")},
		},
		addrs: []common.Address{tokA, tokB, shares},
	}
	const tokBIdx, poolIdx, sharesIdx = 1, 2, 3
	move := func(tok common.Address, p int, other common.Address, in bool, n uint64) TokenMove {
		return TokenMove{Token: tok, Principal: p, Other: other, In: in, Amount: *uint256.NewInt(n)}
	}
	for _, tt := range []struct {
		name string
		tx   TxInfo // principal 1's transaction
		want bool   // a claim of token B by principal 1
	}{
		{"deposit", TxInfo{Sender: 1, Contract: poolIdx, Moves: []TokenMove{move(tokB, 1, pool, true, 5)}}, true},
		{"gift", TxInfo{Sender: 1, Contract: tokBIdx, Moves: []TokenMove{move(tokB, 1, pool, true, 5)}}, false},
		{"swap rounded to nothing", TxInfo{Sender: 1, Contract: poolIdx, Moves: []TokenMove{move(tokB, 1, pool, true, 5), move(tokA, 1, pool, false, 0)}}, false},
		{"vault shares minted", TxInfo{Sender: 1, Contract: poolIdx, Moves: []TokenMove{move(tokB, 1, pool, true, 5), move(shares, 1, common.Address{}, false, 5)}}, true},
		// A vault that is itself a token (a stream's NFT) takes deposits
		// of another token through its own functions: no gift.
		{"deposit into a vault that is a token", TxInfo{Sender: 1, Contract: sharesIdx, TokensIn: true, Moves: []TokenMove{move(tokB, 1, shares, true, 5)}}, true},
	} {
		hist := []TxInfo{tt.tx, {Sender: 0, Contract: poolIdx, Moves: []TokenMove{move(tokB, 0, pool, false, 5)}}}
		claim, ok := o.claim(hist, 0, tokB)
		if ok != tt.want {
			t.Errorf("%s: claim %s, %v; want a claim %v", tt.name, claim.Dec(), ok, tt.want)
		}
		// The rule for a sender that paid nothing in reads the same.
		tt.tx.TokensIn = true
		if got := o.othersPaid([]TxInfo{tt.tx}, 0, 0); got != tt.want && tt.name != "swap rounded to nothing" {
			t.Errorf("%s: others paid %v, want %v", tt.name, got, tt.want)
		}
	}
}
