package deploy

import (
	"bytes"
	"context"
	"fmt"
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
	// roleReads bounds the storage reads of one role search: roleSlots
	// per target, then one per mapping root for each constant probed in
	// the targets whose code holds it (at most 864 roots). Past it the
	// search returns what it found. go-ethereum caches every slot read in
	// the state, so this also bounds the search's memory.
	roleReads = 1 << 17
)

// RoleTarget is a deployed target the role search reads: its address
// and its code (creation code too: code holds the rest).
type RoleTarget struct {
	Addr common.Address
	Code [][]byte
}

// TestHookRoleReads, when set (tests only), is given the storage reads
// each role search made.
var TestHookRoleReads func(reads int)

// Roles returns the accounts with no code, none of known (the fuzzer's
// own accounts and the deployed contracts), that a target holds in
// storage as a value in one of its first slots or as a mapping key, at
// most maxRoles of them, in a fixed order: the addresses in the targets'
// first slots, then the 20-byte constants of their code. A constant is
// probed as a mapping key only in the targets whose code holds it, and
// a constant of at most 32 bits (a selector, an error code) or a mask
// is no account, so the search is linear in the targets; it makes at
// most roleReads storage reads and ends with ctx's error once ctx is
// done. held says, per target, that it holds one of them: its code is
// meant for them.
func Roles(ctx context.Context, st *state.StateDB, targets []RoleTarget, known func(common.Address) bool) (roles []common.Address, held []bool, err error) {
	s := &roleSearch{st: st, targets: targets, held: map[common.Address][]int{}, seen: map[common.Address]bool{}, holders: map[common.Address][]int{}}
	defer func() {
		if TestHookRoleReads != nil {
			TestHookRoleReads(s.reads)
		}
	}()
	for i := range targets {
		if err := SetupStep(ctx, "roles", i); err != nil {
			return nil, nil, err
		}
		s.readSlots(i)
	}
	s.consts = make([][]common.Hash, len(targets))
	for i := range targets {
		s.readCode(i)
	}
	held = make([]bool, len(targets))
	for _, a := range s.cands {
		if len(roles) == maxRoles || s.reads >= roleReads {
			break
		}
		if !mayHoldRole(st, a, known) {
			continue
		}
		if hs := s.held[a]; len(hs) > 0 {
			roles = append(roles, a)
			for _, i := range hs {
				held[i] = true
			}
			continue
		}
		found := false
		for _, i := range s.holders[a] {
			if ctx != nil && ctx.Err() != nil { // nil: never ends, as SetupStep
				return nil, nil, fmt.Errorf("role search ended at target %d: %w", i, ctx.Err())
			}
			// Every holder is read, not the first: each is code meant
			// for a (its holders' code names it, so they are few).
			if s.holdsKey(i, a) {
				found, held[i] = true, true
			}
		}
		if found {
			roles = append(roles, a)
		}
	}
	return roles, held, nil
}

// roleSearch is one run of Roles: what the targets' first slots hold,
// the candidates in order, which targets' code holds each constant, and
// the reads made so far.
type roleSearch struct {
	st      *state.StateDB
	targets []RoleTarget
	// held are the addresses a target's first slots hold as a value,
	// with the targets (indices) that hold each.
	held map[common.Address][]int
	// cands are the candidates in order, seen those already in it.
	cands []common.Address
	seen  map[common.Address]bool
	// holders are the targets (indices) whose code holds each constant.
	holders map[common.Address][]int
	// consts are each target's 32-byte constants; roots their mapping
	// roots, computed on first use.
	consts [][]common.Hash
	roots  [][]common.Hash
	reads  int
}

// add appends a to the candidates once.
func (s *roleSearch) add(a common.Address) {
	if !s.seen[a] {
		s.seen[a] = true
		s.cands = append(s.cands, a)
	}
}

// readSlots reads target i's first slots: every word that is an address
// padded on the left is held, and one of more than 128 bits (not a
// count or a price) is a candidate.
func (s *roleSearch) readSlots(i int) {
	t := s.targets[i].Addr
	for k := uint64(0); k < roleSlots; k++ {
		word := s.st.GetState(t, common.Hash(uint256.NewInt(k).Bytes32()))
		s.reads++
		if word == (common.Hash{}) || [12]byte(word[:12]) != [12]byte{} {
			continue
		}
		a := common.Address(word[12:])
		if h := s.held[a]; len(h) == 0 || h[len(h)-1] != i {
			s.held[a] = append(h, i)
		}
		var w uint256.Int
		w.SetBytes32(word[:])
		if w.BitLen() > 128 {
			s.add(a)
		}
	}
}

// readCode takes target i's code constants: the address-shaped ones as
// candidates held by i, the first roleConsts 32-byte ones as roles or
// namespaced locations of i.
func (s *roleSearch) readCode(i int) {
	for _, c := range s.targets[i].Code {
		// The metadata's hash would read as pushes of random words.
		for _, w := range calldata.PushConstants(program.WithoutMetadata(c)) {
			switch n := w.BitLen(); {
			case n > 32 && n <= 160 && !isMask(&w):
				a := common.Address(w.Bytes20())
				s.add(a)
				if h := s.holders[a]; len(h) == 0 || h[len(h)-1] != i {
					s.holders[a] = append(h, i)
				}
			case n > 160 && len(s.consts[i]) < roleConsts && !slices.Contains(s.consts[i], w.Bytes32()):
				s.consts[i] = append(s.consts[i], w.Bytes32())
			}
		}
	}
}

// isMask reports whether w is all ones below its top bit (0xffffffff,
// the 160-bit address mask): the compiler's cleanup, not an account.
func isMask(w *uint256.Int) bool {
	var next uint256.Int
	next.AddUint64(w, 1)
	return next.IsZero() || new(uint256.Int).And(w, &next).IsZero()
}

// holdsKey reports whether target i holds a nonzero value under key a
// of a mapping at one of its roots (Solidity's slot keccak256(key .
// root)), within the search's reads.
func (s *roleSearch) holdsKey(i int, a common.Address) bool {
	if s.roots == nil {
		s.roots = make([][]common.Hash, len(s.targets))
	}
	if s.roots[i] == nil {
		s.roots[i] = mappingRoots(s.consts[i])
	}
	var key common.Hash
	copy(key[12:], a[:])
	t := s.targets[i].Addr
	for _, r := range s.roots[i] {
		if s.reads >= roleReads {
			return false
		}
		s.reads++
		if s.st.GetState(t, crypto.Keccak256Hash(key[:], r[:])) != (common.Hash{}) {
			return true
		}
	}
	return false
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
// st (ch's state or a copy); held is per contract of p.
func deployedRoles(ctx context.Context, st *state.StateDB, ch *chain.Chain, p *program.Program, d *Deployment) (roles []common.Address, held []bool, err error) {
	var targets []RoleTarget
	var index []int
	for i, c := range p.Contracts {
		if c.Target && d.Errors[i] == nil {
			targets = append(targets, RoleTarget{d.Addrs[i], [][]byte{c.Artifact.Creation.Bytes, c.Artifact.Runtime.Bytes}})
			index = append(index, i)
		}
	}
	roles, byTarget, err := Roles(ctx, st, targets, func(a common.Address) bool { return Known(ch, d, a) })
	if err != nil {
		return nil, nil, err
	}
	held = make([]bool, len(p.Contracts))
	for k, h := range byTarget {
		held[index[k]] = h
	}
	return roles, held, nil
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

// privileged returns the role holders of the targets deploy placed on ch
// (deployedRoles) and, per contract of p, whether the target has code
// meant for them or the deployer (namesDeployer), or asks such a target
// who they are (namedReaders).
func privileged(ctx context.Context, st *state.StateDB, ch *chain.Chain, p *program.Program, d *Deployment) ([]common.Address, []bool, error) {
	roles, held, err := deployedRoles(ctx, st, ch, p, d)
	if err != nil {
		return nil, nil, err
	}
	named, err := namesDeployer(ctx, st, p, d)
	if err != nil {
		return nil, nil, err
	}
	for i := range named {
		named[i] = named[i] || held[i]
	}
	namedReaders(st, p, d, named)
	return roles, named, nil
}

// namesDeployer reports, per contract of p, whether the target has code
// meant for the deployer: a constructor stored its address in one of the
// first slots (an owner, packed or not), as a mapping key
// (admins[msg.sender] = true, _grantRole(DEFAULT_ADMIN_ROLE,
// msg.sender)) or as an immutable in the runtime code, or the deployer
// initialized it naming itself (OpenZeppelin 5's namespaced storage).
// The deployer then sends it one transaction in four, else rarely
// (engine/fuzz's deployerShare): per contract, because a sequence with a
// deployer's transaction is privileged and its payouts are not judged,
// so an Ownable beside a contract with no owner must not take the
// latter's sequences (an ERC-4337 entry point's withdrawal without its
// debit was missed for it).
func namesDeployer(ctx context.Context, st *state.StateDB, p *program.Program, d *Deployment) ([]bool, error) {
	named := initNamesDeployer(p, d)
	var roots []common.Hash
	for i, c := range p.Contracts {
		if !c.Target || d.Errors[i] != nil || named[i] {
			continue
		}
		if err := SetupStep(ctx, "deployer", i); err != nil {
			return nil, err
		}
		a := d.Addrs[i]
		if slices.ContainsFunc(slotWords(st, a), holdsDeployerBytes) || holdsDeployerBytes(st.GetCode(a)) {
			named[i] = true
			continue
		}
		if roots == nil {
			roots = mappingRoots(nil)
		}
		named[i] = holdsKey(st, a, chain.Deployer, roots)
	}
	return named, nil
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

// MappingRoots returns the mapping roots a role search probes in a target
// whose code (creation and runtime) is code: its first roleMaps slots,
// its first roleConsts 32-byte constants (namespaced locations), and each
// of those under the zero role and under each constant (OpenZeppelin's
// _roles[role].members). The privilege oracle watches strangers' entries
// under the roots where a privileged account holds one.
func MappingRoots(code [][]byte) []common.Hash {
	return mappingRoots(CodeConstants(code))
}

// CodeConstants returns the first roleConsts 32-byte constants (wider
// than an address) of code, creation and runtime: roles, and the
// namespaced storage locations (ERC-7201) an upgradeable contract keeps
// its variables at.
func CodeConstants(code [][]byte) []common.Hash {
	var consts []common.Hash
	for _, c := range code {
		for _, w := range calldata.PushConstants(program.WithoutMetadata(c)) {
			if w.BitLen() > 160 && len(consts) < roleConsts && !slices.Contains(consts, w.Bytes32()) {
				consts = append(consts, w.Bytes32())
			}
		}
	}
	return consts
}
