package deploy

import (
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file gives a token to a contract that reads token balances but
// was given none: a vesting vault whose functions take the token as an
// argument (`release(ERC20Basic _token)`, `_token.balanceOf(this)`).
// When the build deploys no token, every such call goes to an account
// without code and reverts, and the arithmetic on the balance never runs.
// So, once every contract is deployed, Foresight's token (deployed if no
// constructor needed it) mints each such target a balance as grant.go
// does (recorded as a Grant of the contract), and is offered to the
// fuzzer as an address argument.

// holdTokens mints Foresight's token to the targets of d that read token
// balances, were granted nothing and have no token of the build to read,
// and records them in d.TokenHeld.
func (s *ctorSearch) holdTokens(p *program.Program, d *Deployment) {
	for _, i := range d.Order {
		c := p.Contracts[i]
		if d.Errors[i] != nil || !c.Target || len(d.Grants[i]) > 0 || !readsTokens(c) || buildHasToken(p, d, i) {
			continue
		}
		if d.Token == (common.Address{}) {
			addr, err := deployToken(s.ch)
			if err != nil {
				return
			}
			d.Token = addr
		}
		if g, ok := s.mintHeld(d, d.Addrs[i]); ok {
			d.Grants[i] = append(d.Grants[i], g)
			d.TokenHeld = append(d.TokenHeld, i)
		}
	}
}

// mintHeld mints Foresight's token to a on s.ch, as a Grant: grant.go's
// amount less one, so that a product with the balance does not wrap to
// a multiple of a large power of two (0 for an even factor).
func (s *ctorSearch) mintHeld(d *Deployment, a common.Address) (Grant, bool) {
	amount := s.grantAmount(d.Token)
	amount.Sub(amount, big.NewInt(1))
	g := Grant{From: TokenDeployer, To: d.Token, Input: grantCall(selMint, a, amount)}
	snap := s.ch.Snapshot()
	if r := s.ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil {
		s.ch.Reset(snap)
		return Grant{}, false
	}
	return g, true
}

// readsTokens reports whether c's runtime code calls balanceOf(address)
// on another contract (it is no token itself).
func readsTokens(c *program.Contract) bool {
	return c.Kind != "library" && !hasMethod(c, selBalanceOf) && pushes(c.Artifact.Runtime.Bytes, selBalanceOf)
}

// buildHasToken reports whether a contract of the build other than i with
// an ERC-20 balance is deployed.
func buildHasToken(p *program.Program, d *Deployment, i int) bool {
	return slices.ContainsFunc(d.Addrs, func(a common.Address) bool {
		return a != (common.Address{}) && isToken(p, d, a, i)
	})
}
