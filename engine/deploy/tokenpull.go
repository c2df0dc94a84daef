package deploy

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file lets the fuzzer pay a contract that pulls a token it is
// passed: a stream or a vault whose functions take the token as an
// argument (Sablier's create(params) with params.asset, which calls
// asset.transferFrom(msg.sender, this, amount)). When the build deploys
// no ERC-20, the senders hold no token and approved no one, so every
// such call reverts and nothing after it runs: no stream to withdraw, no
// deposit to take. So, once every contract is deployed, Foresight's token
// (deployed if nothing needed it yet; deployToken mints every sender a
// balance) is approved for each such target by every sender, as users of
// a deployed protocol would have, each approval a Grant of the target
// (replays and exports make it too), and the token becomes an address
// the fuzzer passes (d.TokenPulled). When the build deploys ERC-20s of
// its own, every sender approves those instead (approveBuildTokens).

var (
	selTransferFrom = selector("transferFrom(address,address,uint256)")
	selTransfer     = selector("transfer(address,uint256)")
)

// pullTokens approves, from every sender, the tokens the targets of d
// that pull tokens may pull: a build's own ERC-20s when it deploys any
// (approveBuildTokens), or else Foresight's token for targets that take
// an address argument, recorded in d.TokenPulled.
func (s *ctorSearch) pullTokens(p *program.Program, d *Deployment) {
	own := buildHasERC20(p, d)
	for k, i := range d.Order {
		c := p.Contracts[i]
		if d.Errors[i] != nil || !c.Target || !callsTransferFrom(c) {
			continue
		}
		if own {
			s.approveBuildTokens(p, d, d.Order[:k], i)
			continue
		}
		if !takesAddress(c) {
			continue
		}
		if d.Token == (common.Address{}) {
			addr, err := deployToken(s.ch)
			if err != nil {
				return
			}
			d.Token = addr
		}
		if s.approveAll(d, d.Token, i) {
			d.TokenPulled = append(d.TokenPulled, i)
		}
	}
}

// approveBuildTokens approves for target i, from every sender, the
// build's ERC-20s it may pull: those its constructor was given (a stream's
// or a vault's immutable token) and, when its functions take an address,
// every one deployed before it (before, so that a replay's grants, made
// right after i is deployed, find the token there). A user of a deployed
// stream or vault has approved it before its first deposit; without it,
// every deposit reverts until the fuzzer happens on an approve of that
// very contract by that very sender first.
func (s *ctorSearch) approveBuildTokens(p *program.Program, d *Deployment, before []int, i int) {
	var toks []common.Address
	for _, t := range argAddresses(d.Args[i]) {
		if isERC20(p, d, t, i) {
			toks = append(toks, t)
		}
	}
	if takesAddress(p.Contracts[i]) {
		for _, j := range before {
			if t := d.Addrs[j]; !slices.Contains(toks, t) && isERC20(p, d, t, i) {
				toks = append(toks, t)
			}
		}
	}
	for _, t := range toks {
		if s.approveAll(d, t, i) {
			s.fundSenders(p, d, t, i)
		}
	}
}

// fundSenders mints every sender TokenMint of the build's token t, from
// the deployer, when the deployer may mint it (a staking token minted by
// its owner: users of the deployed protocol hold some, or a bar's enter
// and a pool's deposit revert for every sender until the fuzzer has the
// owner mint to that very sender first). Each mint is a Grant of
// contract i, made once per token.
func (s *ctorSearch) fundSenders(p *program.Program, d *Deployment, t common.Address, i int) {
	if s.funded[t] || !hasMethod(contractAt(p, d, t), selMint) {
		return
	}
	if s.funded == nil {
		s.funded = map[common.Address]bool{}
	}
	s.funded[t] = true
	// A mint by the deployer is made with i's grants; one by a contract
	// given the minting rights with that contract's, after the grant
	// that gave them (a replay makes each contract's grants right after
	// deploying it).
	minters := append([]minter{{chain.Deployer, i}}, grantedMinting(d, t)...)
	for _, a := range s.ch.Senders() {
		if a == chain.Deployer {
			continue
		}
		for _, m := range minters {
			g := Grant{From: m.addr, To: t, Input: grantCall(selMint, a, TokenMint)}
			snap := s.ch.Snapshot()
			if r := s.ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil || revertsFalse(r.Ret) {
				s.ch.Reset(snap)
				continue
			}
			d.Grants[m.with] = append(d.Grants[m.with], g)
			break
		}
	}
}

// A minter may mint a token: addr, whose mints are grants of contract
// with.
type minter struct {
	addr common.Address
	with int
}

// grantedMinting lists the contracts the deployment gave token t's
// minting rights (buildTokenGrants: a MasterChef made the owner of its
// reward token): they mint for the senders once the deployer no longer
// may.
func grantedMinting(d *Deployment, t common.Address) []minter {
	var out []minter
	for k, gs := range d.Grants {
		for _, g := range gs {
			if g.To != t || len(g.Input) != 4+32 {
				continue
			}
			sel := [4]byte(g.Input[:4])
			if sel != selTransferOwnership && sel != selAddMinter {
				continue
			}
			if a := common.BytesToAddress(g.Input[4:]); a == d.Addrs[k] {
				out = append(out, minter{a, k})
			}
		}
	}
	return out
}

// approveAll approves token t for contract i from every sender, each
// approval that succeeds a Grant of i, and reports whether one did.
func (s *ctorSearch) approveAll(d *Deployment, t common.Address, i int) bool {
	approved := false
	for _, a := range s.ch.Senders() {
		g := Grant{From: a, To: t, Input: grantCall(selApprove, d.Addrs[i], maxAllowance)}
		snap := s.ch.Snapshot()
		if r := s.ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil || revertsFalse(r.Ret) {
			s.ch.Reset(snap)
			continue
		}
		d.Grants[i] = append(d.Grants[i], g)
		approved = true
	}
	return approved
}

// isERC20 reports whether a is a deployed ERC-20 of the build (balanceOf,
// transfer and approve), other than contract i.
func isERC20(p *program.Program, d *Deployment, a common.Address, i int) bool {
	c := contractAt(p, d, a)
	return c != nil && c != p.Contracts[i] && erc20Shape(c) && hasMethod(c, selApprove)
}

// erc20Shape reports whether c has an ERC-20's balanceOf and transfer (an
// ERC-721 has no transfer) and is no library.
func erc20Shape(c *program.Contract) bool {
	return c.Kind != "library" && hasMethod(c, selBalanceOf) && hasMethod(c, selTransfer)
}

// callsTransferFrom reports whether c calls transferFrom on another
// contract. A token's own transferFrom is one push of the selector (its
// dispatcher); a call out is another.
func callsTransferFrom(c *program.Contract) bool {
	return c.Kind != "library" && selectorPushes(c.Artifact.Runtime.Bytes, selTransferFrom) > btoi(hasMethod(c, selTransferFrom))
}

// takesAddress reports whether one of c's state-changing functions takes
// an address argument (a tuple's too): the token it pulls may be one it
// is passed.
func takesAddress(c *program.Contract) bool {
	for _, m := range c.ABI.Methods {
		if m.IsConstant() {
			continue
		}
		if slices.ContainsFunc(m.Inputs, func(a abi.Argument) bool { return hasAddress(a.Type) }) {
			return true
		}
	}
	return false
}

// hasAddress reports whether an ABI type is or holds an address.
func hasAddress(t abi.Type) bool {
	switch t.T {
	case abi.AddressTy:
		return true
	case abi.TupleTy:
		return slices.ContainsFunc(t.TupleElems, func(e *abi.Type) bool { return hasAddress(*e) })
	case abi.SliceTy, abi.ArrayTy:
		return hasAddress(*t.Elem)
	}
	return false
}

// selectorPushes counts the PUSH4 instructions of code that push sel.
func selectorPushes(code []byte, sel [4]byte) int {
	n := 0
	for pc := 0; pc < len(code); pc++ {
		op := code[pc]
		if op < 0x60 || op > 0x7f {
			continue
		}
		if op == 0x63 && pc+5 <= len(code) && [4]byte(code[pc+1:pc+5]) == sel {
			n++
		}
		pc += int(op) - 0x5f
	}
	return n
}

// buildHasERC20 reports whether the build deployed an ERC-20 (balanceOf
// and transfer; an ERC-721 has no transfer) the fuzzer may use instead.
func buildHasERC20(p *program.Program, d *Deployment) bool {
	for j, c := range p.Contracts {
		if d.Errors[j] == nil && d.Addrs[j] != (common.Address{}) && erc20Shape(c) {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
