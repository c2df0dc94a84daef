package deploy

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file funds a contract with the tokens its constructor was given.
// A crowdsale, a vesting vault or a faucet takes a token and pays it out
// later; given a token that holds nothing for it, every payout reverts and
// the code after it never runs. So once a contract is deployed with the
// address of a token the deployment made (Foresight's, or a token of the
// build the deployer deployed), the accounts that control the token give
// the contract what it needs, as a deployment script would: Foresight's
// token mints it a balance; a build's token is minted to it by the
// deployer (its owner), and its minting rights pass to the contract when
// the contract's code mints; every account the constructor named (a
// token wallet) allows the contract to spend its tokens. Each call that
// succeeds is a Grant, recorded in the plan so that replays and the
// Foundry export make it too.

// Grant is one call a deployment makes right after a contract is deployed.
type Grant struct {
	From  common.Address
	To    common.Address
	Input []byte
}

// grantAmount is the balance of token t the next contract given it is
// minted: 2^255 for the first, half as much for each later one, so that
// the token's total supply never overflows. A contract's own amounts come
// from random constructor arguments (a crowdsale's rate of 2^250 tokens
// per wei): a smaller balance would make every sale revert.
func (s *ctorSearch) grantAmount(t common.Address) *big.Int {
	if s.mints == nil {
		s.mints = map[common.Address]uint{}
	}
	k := s.mints[t]
	s.mints[t] = k + 1
	return new(big.Int).Lsh(big.NewInt(1), 255-min(k, 200))
}

var (
	selMint              = selector("mint(address,uint256)")
	selApprove           = selector("approve(address,uint256)")
	selTransferOwnership = selector("transferOwnership(address)")
	selAddMinter         = selector("addMinter(address)")
	selBalanceOf         = selector("balanceOf(address)")
)

// maxAllowance is the approval granted: 2^256 - 1, which standard tokens
// never decrease. Read only.
var maxAllowance = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// selector is the 4-byte function selector of signature sig.
func selector(sig string) [4]byte {
	var id [4]byte
	copy(id[:], crypto.Keccak256([]byte(sig)))
	return id
}

// grantCall encodes a call of sel with an address and, if amount is not
// nil, an amount.
func grantCall(sel [4]byte, a common.Address, amount *big.Int) []byte {
	in := append(append([]byte(nil), sel[:]...), common.LeftPadBytes(a.Bytes(), 32)...)
	if amount != nil {
		var v uint256.Int
		v.SetFromBig(amount)
		w := v.Bytes32()
		in = append(in, w[:]...)
	}
	return in
}

// grants makes, on s.ch, the calls that fund contract i (deployed at
// d.Addrs[i] with d.Args[i]) with the tokens its arguments name, and
// returns those that succeeded; a call that fails is undone.
func (s *ctorSearch) grants(p *program.Program, d *Deployment, i int) []Grant {
	c := d.Addrs[i]
	words := argAddresses(d.Args[i])
	var named []common.Address // accounts the fuzzer controls among the arguments
	for _, a := range words {
		if a == chain.Deployer || slices.Contains(s.ch.Senders(), a) {
			named = append(named, a)
		}
	}
	var tries []Grant
	for _, t := range words {
		switch {
		case t == d.Token && t != (common.Address{}):
			tries = append(tries, Grant{From: TokenDeployer, To: t, Input: grantCall(selMint, c, s.grantAmount(t))})
		case isToken(p, d, t, i):
			tries = append(tries, s.buildTokenGrants(p, d, t, i)...)
		default:
			continue
		}
		for _, a := range named {
			tries = append(tries, Grant{From: a, To: t, Input: grantCall(selApprove, c, maxAllowance)})
		}
	}
	var out []Grant
	for _, g := range tries {
		snap := s.ch.Snapshot()
		if r := s.ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil || revertsFalse(r.Ret) {
			s.ch.Reset(snap)
			continue
		}
		out = append(out, g)
	}
	return out
}

// buildTokenGrants are the deployer's calls that fund contract i with
// token t of the build: a mint to it and, when its code mints, the
// token's minting rights.
func (s *ctorSearch) buildTokenGrants(p *program.Program, d *Deployment, t common.Address, i int) []Grant {
	tok := contractAt(p, d, t)
	c := d.Addrs[i]
	var out []Grant
	if hasMethod(tok, selMint) {
		out = append(out, Grant{From: chain.Deployer, To: t, Input: grantCall(selMint, c, s.grantAmount(t))})
	}
	if !pushes(p.Contracts[i].Artifact.Creation.Bytes, selMint) {
		return out
	}
	if hasMethod(tok, selAddMinter) {
		out = append(out, Grant{From: chain.Deployer, To: t, Input: grantCall(selAddMinter, c, nil)})
	}
	if hasMethod(tok, selTransferOwnership) {
		out = append(out, Grant{From: chain.Deployer, To: t, Input: grantCall(selTransferOwnership, c, nil)})
	}
	return out
}

// argAddresses lists the distinct non-zero addresses among the words of
// ABI-encoded arguments.
func argAddresses(args []byte) []common.Address {
	var out []common.Address
	for off := 0; off+32 <= len(args); off += 32 {
		word := args[off : off+32]
		if !allZero(word[:12]) || allZero(word[12:]) {
			continue
		}
		if a := common.BytesToAddress(word); !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// contractAt returns the deployed contract of p at a, or nil.
func contractAt(p *program.Program, d *Deployment, a common.Address) *program.Contract {
	for j, c := range p.Contracts {
		if d.Errors[j] == nil && d.Addrs[j] == a && a != (common.Address{}) {
			return c
		}
	}
	return nil
}

// isToken reports whether a is a contract of the build, other than
// contract i, with an ERC-20 balance.
func isToken(p *program.Program, d *Deployment, a common.Address, i int) bool {
	c := contractAt(p, d, a)
	return c != nil && c != p.Contracts[i] && c.Kind != "library" && hasMethod(c, selBalanceOf)
}

// hasMethod reports whether c's ABI has a function with selector sel.
func hasMethod(c *program.Contract, sel [4]byte) bool {
	if c == nil {
		return false
	}
	for _, m := range c.ABI.Methods {
		if len(m.ID) == 4 && [4]byte(m.ID) == sel {
			return true
		}
	}
	return false
}

// pushes reports whether code pushes the selector sel (calls it).
func pushes(code []byte, sel [4]byte) bool {
	var w uint256.Int
	w.SetBytes(sel[:])
	for _, c := range calldata.PushConstants(code) {
		if c.Eq(&w) {
			return true
		}
	}
	return false
}

// revertsFalse reports a call that returned the ABI's false (a token that
// refuses without reverting).
func revertsFalse(ret []byte) bool {
	return len(ret) == 32 && allZero(ret)
}

// ApplyGrants makes a plan's grants for contract name on ch.
func ApplyGrants(ch *chain.Chain, name string, gs []Grant) error {
	for _, g := range gs {
		if r := ch.Call(chain.Tx{From: g.From, To: g.To, Input: g.Input}); r.Err != nil {
			return fmt.Errorf("fund %s: call %x from %s: %w", name, g.Input, g.From, r.Err)
		}
	}
	return nil
}
