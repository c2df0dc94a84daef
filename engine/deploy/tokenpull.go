package deploy

import (
	"math/big"
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
// the fuzzer passes (d.TokenPulled).

var selTransferFrom = selector("transferFrom(address,address,uint256)")

// pullTokens approves Foresight's token from every sender for the targets
// of d that pull tokens from an address argument, when the build deploys
// no ERC-20 of its own, and records them in d.TokenPulled.
func (s *ctorSearch) pullTokens(p *program.Program, d *Deployment) {
	for _, i := range d.Order {
		c := p.Contracts[i]
		if d.Errors[i] != nil || !c.Target || !pullsTokens(c) || buildHasERC20(p, d) {
			continue
		}
		if d.Token == (common.Address{}) {
			addr, err := deployToken(s.ch)
			if err != nil {
				return
			}
			d.Token = addr
		}
		max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
		approved := false
		for _, a := range s.ch.Senders() {
			g := Grant{From: a, To: d.Token, Input: grantCall(selApprove, d.Addrs[i], max)}
			snap := s.ch.Snapshot()
			if r := s.ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil {
				s.ch.Reset(snap)
				continue
			}
			d.Grants[i] = append(d.Grants[i], g)
			approved = true
		}
		if approved {
			d.TokenPulled = append(d.TokenPulled, i)
		}
	}
}

// pullsTokens reports whether c calls transferFrom on another contract and
// takes an address among its functions' arguments (a tuple's too): the
// token it pulls may be one it is passed. A token's own transferFrom is
// one push of the selector (its dispatcher); a call out is another.
func pullsTokens(c *program.Contract) bool {
	if c.Kind == "library" || selectorPushes(c.Artifact.Runtime.Bytes, selTransferFrom) <= btoi(hasMethod(c, selTransferFrom)) {
		return false
	}
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
	selTransfer := selector("transfer(address,uint256)")
	for j, c := range p.Contracts {
		if d.Errors[j] == nil && d.Addrs[j] != (common.Address{}) && c.Kind != "library" && hasMethod(c, selBalanceOf) && hasMethod(c, selTransfer) {
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
