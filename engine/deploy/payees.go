package deploy

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file gives a constructor's address lists (payees, members,
// voters) the accounts the fuzzer sends from. A payee that is a random
// address never acts; one the deployer picked among the senders used to
// count as privileged (an owner), so nothing it did was judged. An
// address that a constructor takes in a list is a member: unprivileged
// (the deployer alone, and addresses a constructor takes one by one, an
// owner or a wallet, stay privileged) but entitled to what the contract
// pays it, which the ether-leak oracle judges as it judges a depositor's
// payout (leak.go): paid once is its due, paid again and again with
// nobody paying in is a leak.

// members are the accounts a constructor's address list gets, element k
// the k-th: the senders interleaved with the attacker contracts, so that
// a short list has an account and the reentrant attacker.
func members(ch *chain.Chain) []common.Address {
	var out []common.Address
	senders := ch.Senders()
	for k := 0; k < max(len(senders), int(NumAttackers)); k++ {
		if k < len(senders) && senders[k] != chain.Deployer {
			out = append(out, senders[k])
		}
		if k < int(NumAttackers) {
			out = append(out, AttackerAddress(Attacker(k)))
		}
	}
	return out
}

// withMembers returns fix that also names the members in the address
// lists of contract c's constructor arguments (not those a contract type
// claims): element k of a list becomes the k-th member unless it is one
// of the deployed contracts.
func withMembers(fix func(*ctorInput), c *program.Contract, params []ifaceParam, mem []common.Address, d *Deployment) func(*ctorInput) {
	lists := memberLists(c, params)
	if len(lists) == 0 {
		return fix
	}
	return func(in *ctorInput) {
		fix(in)
		for _, j := range lists {
			if j >= len(in.args) {
				continue
			}
			for k := range in.args[j].Elems {
				e := &in.args[j].Elems[k]
				if k >= len(mem) || slices.Contains(d.Addrs, common.Address(e.Word.Bytes20())) {
					continue
				}
				e.Word.SetBytes20(mem[k].Bytes())
			}
		}
	}
}

// memberLists returns the indexes of contract c's constructor inputs that
// are address lists withMembers fills (not those a contract type claims).
func memberLists(c *program.Contract, params []ifaceParam) []int {
	var lists []int
	for j, in := range c.ABI.Constructor.Inputs {
		typed := false
		for _, ip := range params {
			typed = typed || ip.input == j
		}
		if !typed && isAddressList(&in.Type) {
			lists = append(lists, j)
		}
	}
	return lists
}

// minMembers is how long growMembers makes a short member list: members'
// first three are an ordinary sender, the reentrant attacker and a second
// ordinary sender, so that two users can race for a payout (SWC-114, which
// leaves an attacker contract's gains to SWC-107) while the reentrant
// attacker stays a member.
const minMembers = 3

// growMembers returns what the deployment search tries once contract c
// deployed (settle), or nil when c takes no member list: it grows every
// member list of 1 to minMembers-1 elements to minMembers, and every other
// dynamic array of the same length with it (a payee's shares), by
// repeating its last element (a new list element is the next member),
// then applies fix. It reports whether it changed the input; the search keeps the
// longer lists only when the constructor accepts them.
func growMembers(fix func(*ctorInput), c *program.Contract, params []ifaceParam, mem []common.Address) func(*ctorInput) bool {
	lists := memberLists(c, params)
	if len(lists) == 0 {
		return nil
	}
	return func(in *ctorInput) bool {
		grown := map[int]bool{}
		for _, j := range lists {
			if j >= len(in.args) || in.args[j].Type.T != abi.SliceTy {
				continue
			}
			n := len(in.args[j].Elems)
			if n == 0 || n >= minMembers {
				continue
			}
			for i := range in.args {
				v := &in.args[i]
				if grown[i] || v.Type.T != abi.SliceTy || len(v.Elems) != n {
					continue
				}
				grown[i] = true
				for len(v.Elems) < minMembers {
					e := calldata.Clone(v.Elems[n-1 : n])[0]
					if k := len(v.Elems); slices.Contains(lists, i) && k < len(mem) {
						e.Word.SetBytes20(mem[k].Bytes())
					}
					v.Elems = append(v.Elems, e)
				}
			}
		}
		if len(grown) == 0 {
			return false
		}
		fix(in)
		return true
	}
}

// isAddressList reports an address[] or address[N] type.
func isAddressList(t *abi.Type) bool {
	return (t.T == abi.SliceTy || t.T == abi.ArrayTy) && t.Elem != nil && t.Elem.T == abi.AddressTy
}

// constructorNames splits the addresses the constructors of a deployment
// were given: those given one by one or inside other values (scalar) and
// those given in an address list (listed).
func constructorNames(p *program.Program, dep *Deployment) (scalar, listed map[common.Address]bool) {
	scalar, listed = map[common.Address]bool{}, map[common.Address]bool{}
	for i := range dep.Args {
		namesOf(p, dep, i, scalar, listed)
	}
	return scalar, listed
}

// namesOf marks in scalar and listed the addresses contract i's
// constructor was given (constructorNames).
func namesOf(p *program.Program, dep *Deployment, i int, scalar, listed map[common.Address]bool) {
	args := dep.Args[i]
	if len(args) == 0 {
		return
	}
	var inputs abi.Arguments
	if p != nil && i < len(p.Contracts) {
		inputs = p.Contracts[i].ABI.Constructor.Inputs
	}
	vals, err := inputs.Unpack(args)
	if p == nil || err != nil || len(vals) != len(inputs) {
		// Unknown layout: every address-like word names one.
		markWords(scalar, args)
		return
	}
	for j, in := range inputs {
		if isAddressList(&in.Type) {
			if b, err := (abi.Arguments{in}).Pack(vals[j]); err == nil {
				markWords(listed, b)
			}
			continue
		}
		b, err := (abi.Arguments{in}).Pack(vals[j])
		if err != nil {
			b = args
		}
		markWords(scalar, b)
	}
}

// markWords marks every address-like word (twelve zero bytes first) of
// ABI-encoded data.
func markWords(set map[common.Address]bool, b []byte) {
	for off := 0; off+32 <= len(b); off += 32 {
		if word := b[off : off+32]; allZero(word[:12]) {
			set[common.BytesToAddress(word)] = true
		}
	}
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// PrivilegedOf marks the deployer, when it sends, the principals a
// constructor was given one by one (an owner, an admin) and the role
// holders (roles.go): what they may do is what the deployer allowed. entitled marks the principals a
// constructor was given in an address list only (payees.go): members, not
// owners.
func PrivilegedOf(addrs []common.Address, dep *Deployment, p *program.Program) (privileged, entitled []bool) {
	privileged, entitled = make([]bool, len(addrs)), make([]bool, len(addrs))
	scalar, listed := constructorNames(p, dep)
	for i, a := range addrs {
		privileged[i] = a == chain.Deployer || scalar[a] || slices.Contains(dep.Roles, a)
		entitled[i] = !privileged[i] && listed[a]
	}
	return privileged, entitled
}

// PrivilegedWhere returns, per principal that PrivilegedOf marks only
// because constructors were given its address one by one, the contracts
// whose constructors named it; nil for the others (the deployer and the
// role holders are privileged everywhere, the rest nowhere). A sender
// the deployment made one contract's admin is a stranger to a timelock
// beside it: judged privileged everywhere, every sequence it sent in went
// unjudged, a third of a package's (a sushiswap package at seed 1: a
// stranger's takeover of the timelock's admin completed by two users,
// one of them named by another contract's constructor, went unreported).
func PrivilegedWhere(addrs []common.Address, dep *Deployment, p *program.Program) [][]bool {
	where := make([][]bool, len(addrs))
	scalar, listed := map[common.Address]bool{}, map[common.Address]bool{}
	for i := range dep.Args {
		clear(scalar)
		namesOf(p, dep, i, scalar, listed)
		for k, a := range addrs {
			if !scalar[a] || a == chain.Deployer || slices.Contains(dep.Roles, a) {
				continue
			}
			if where[k] == nil {
				where[k] = make([]bool, len(dep.Args))
			}
			where[k][i] = true
		}
	}
	return where
}
