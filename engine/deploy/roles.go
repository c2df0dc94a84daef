package deploy

import (
	"bytes"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file finds the accounts a deployment granted a role: a
// constructor, an initializer or a Foundry setUp() stored an address of
// an account with no code in a target's storage, as a value (owner = x,
// admin = x) or as a mapping key (admins[x] = true, OpenZeppelin's
// _roles[role].hasRole[x]). Their transactions are how the code meant
// for them (enable a parameter, create a market, unpause) runs, so they
// become senders, privileged as the deployer is.

const (
	// roleSlots is how many of a target's first storage slots are read
	// for an address value; roleMaps how many are taken as a mapping's
	// slot (inherited contracts push an access list's mapping past 16).
	roleSlots = 16
	roleMaps  = 32
	// roleConsts bounds the 32-byte constants of a target's code tried
	// as a role (a mapping's key) or a namespaced storage location.
	roleConsts = 16
	// maxRoles bounds the role holders that become senders.
	maxRoles = 4
)

// Roles returns the accounts with no code, none of known (the fuzzer's
// own accounts and the deployed contracts), that a target of addrs holds
// in storage as a value in one of its first slots or as a mapping key,
// at most maxRoles of them, in a fixed order. Candidates are the
// addresses in the targets' first slots, the 20-byte constants of their
// code (creation code included, code holds the rest) and extra (a
// set-up's test contract's own slots).
func Roles(st *state.StateDB, addrs []common.Address, code [][]byte, extra []common.Address, known func(common.Address) bool) []common.Address {
	var cands []common.Address
	add := func(a common.Address) {
		if !slices.Contains(cands, a) {
			cands = append(cands, a)
		}
	}
	var consts []common.Hash
	for _, t := range addrs {
		for _, a := range slotAddresses(st, t) {
			add(a)
		}
	}
	for _, c := range code {
		for _, w := range calldata.PushConstants(c) {
			switch n := w.BitLen(); {
			case n > 16 && n <= 160:
				add(common.Address(w.Bytes20()))
			case n > 160 && len(consts) < roleConsts:
				consts = append(consts, w.Bytes32())
			}
		}
	}
	for _, a := range extra {
		add(a)
	}
	roots := mappingRoots(consts)
	var out []common.Address
	for _, a := range cands {
		if len(out) == maxRoles {
			break
		}
		if !mayHoldRole(st, a, known) {
			continue
		}
		for _, t := range addrs {
			if holdsValue(st, t, a) || holdsKey(st, t, a, roots) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// mayHoldRole reports whether a can be a role holder that sends: not
// zero, a precompile or a small number, not an amount (a power of ten or
// two ends in zero bytes, an address's last three bytes are all zero one
// time in 2^24), not known, no code.
func mayHoldRole(st *state.StateDB, a common.Address, known func(common.Address) bool) bool {
	var w uint256.Int
	w.SetBytes20(a[:])
	return w.BitLen() > 16 && a[17]|a[18]|a[19] != 0 && !known(a) && a != chain.Deployer && len(st.GetCode(a)) == 0
}

// slotAddresses returns the address-shaped words of t's first slots:
// twelve zero bytes, then more than 128 bits (not a count or a price).
func slotAddresses(st *state.StateDB, t common.Address) []common.Address {
	var out []common.Address
	for k := uint64(0); k < roleSlots; k++ {
		word := st.GetState(t, common.Hash(uint256.NewInt(k).Bytes32()))
		var w uint256.Int
		w.SetBytes32(word[:])
		if n := w.BitLen(); n > 128 && n <= 160 {
			out = append(out, common.Address(word[12:]))
		}
	}
	return out
}

// holdsValue reports whether one of t's first slots holds exactly a.
func holdsValue(st *state.StateDB, t, a common.Address) bool {
	var want common.Hash
	copy(want[12:], a[:])
	for k := uint64(0); k < roleSlots; k++ {
		if st.GetState(t, common.Hash(uint256.NewInt(k).Bytes32())) == want {
			return true
		}
	}
	return false
}

// mappingRoots returns the slots a mapping keyed by an address may
// start at: the first slots and the code's 32-byte constants (a
// namespaced location), and each of those taken as a mapping from a
// role, the default one (zero) or a constant, to a struct whose first
// member is the address mapping (OpenZeppelin's AccessControl).
func mappingRoots(consts []common.Hash) []common.Hash {
	var bases []common.Hash
	for k := uint64(0); k < roleMaps; k++ {
		bases = append(bases, common.Hash(uint256.NewInt(k).Bytes32()))
	}
	bases = append(bases, consts...)
	roles := append([]common.Hash{{}}, consts...)
	out := slices.Clone(bases)
	for _, r := range roles {
		for _, b := range bases {
			out = append(out, crypto.Keccak256Hash(r[:], b[:]))
		}
	}
	return out
}

// holdsKey reports whether t holds a nonzero value under key a of a
// mapping at one of roots (Solidity's slot keccak256(key . root)).
func holdsKey(st *state.StateDB, t, a common.Address, roots []common.Hash) bool {
	var key common.Hash
	copy(key[12:], a[:])
	for _, r := range roots {
		if st.GetState(t, crypto.Keccak256Hash(key[:], r[:])) != (common.Hash{}) {
			return true
		}
	}
	return false
}

// deployedRoles is Roles over the targets deploy placed on ch, read in
// st (ch's state or a copy).
func deployedRoles(st *state.StateDB, ch *chain.Chain, p *program.Program, d *Deployment) []common.Address {
	var addrs []common.Address
	var code [][]byte
	for i, c := range p.Contracts {
		if c.Target && d.Errors[i] == nil {
			addrs = append(addrs, d.Addrs[i])
			code = append(code, c.Artifact.Creation.Bytes, c.Artifact.Runtime.Bytes)
		}
	}
	return Roles(st, addrs, code, nil, func(a common.Address) bool { return Known(ch, d, a) })
}

// Known reports whether a is one of the fuzzer's own accounts on ch (a
// sender, an attacker or their operator, the token's deployer) or a
// contract d deployed.
func Known(ch *chain.Chain, d *Deployment, a common.Address) bool {
	if slices.Contains(ch.Senders(), a) || slices.Contains(d.Addrs, a) || a == Operator || a == TokenDeployer || a == d.Token {
		return true
	}
	for k := Attacker(0); k < NumAttackers; k++ {
		if a == AttackerAddress(k) {
			return true
		}
	}
	return false
}

// namesDeployer reports whether a target has code meant for the deployer:
// a constructor stored its address in one of the first slots (an owner,
// packed or not), as a mapping key (admins[msg.sender] = true,
// _grantRole(DEFAULT_ADMIN_ROLE, msg.sender)) or as an immutable in the
// runtime code, or the deployer initialized it naming itself
// (OpenZeppelin 5's namespaced storage). Then the deployer sends one
// transaction in four, else rarely (engine/fuzz's deployerShare).
func namesDeployer(st *state.StateDB, p *program.Program, d *Deployment) bool {
	if initNamesDeployer(p, d) {
		return true
	}
	var roots []common.Hash
	for i, c := range p.Contracts {
		if !c.Target || d.Errors[i] != nil {
			continue
		}
		a := d.Addrs[i]
		if slices.ContainsFunc(slotWords(st, a), holdsDeployerBytes) || holdsDeployerBytes(st.GetCode(a)) {
			return true
		}
		if roots == nil {
			roots = mappingRoots(nil)
		}
		if holdsKey(st, a, chain.Deployer, roots) {
			return true
		}
	}
	return false
}

// slotWords returns t's first roleSlots storage words.
func slotWords(st *state.StateDB, t common.Address) [][]byte {
	out := make([][]byte, roleSlots)
	for k := range out {
		w := st.GetState(t, common.Hash(uint256.NewInt(uint64(k)).Bytes32()))
		out[k] = w[:]
	}
	return out
}

// holdsDeployerBytes reports whether b holds the deployer's address at
// any offset.
func holdsDeployerBytes(b []byte) bool {
	return bytes.Contains(b, chain.Deployer[:])
}
