package oracle

import (
	"context"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// This file finds, on the deployed state, the words the privilege-takeover
// oracle (privilege.go) watches: owner words, proxy words and role words.

// proxySlots are the storage locations of the proxy standards, named.
var proxySlots = func() []proxySlot {
	minusOne := func(s string) common.Hash {
		var v uint256.Int
		v.SetBytes(crypto.Keccak256([]byte(s)))
		v.SubUint64(&v, 1)
		return v.Bytes32()
	}
	return []proxySlot{
		{minusOne("eip1967.proxy.implementation"), "EIP-1967 implementation"},
		{minusOne("eip1967.proxy.admin"), "EIP-1967 admin"},
		{minusOne("eip1967.proxy.beacon"), "EIP-1967 beacon"},
		{crypto.Keccak256Hash([]byte("PROXIABLE")), "EIP-1822 implementation"},
		{crypto.Keccak256Hash([]byte("org.zeppelinos.proxy.implementation")), "ZeppelinOS implementation"},
		{crypto.Keccak256Hash([]byte("org.zeppelinos.proxy.admin")), "ZeppelinOS admin"},
	}
}()

type proxySlot struct {
	slot common.Hash
	name string
}

// wordKind says what a watched word is.
type wordKind uint8

const (
	ownerWord wordKind = iota // holds a privileged account's address
	proxyWord                 // a proxy standard's slot
	roleWord                  // a stranger's entry in a privileged account's mapping
)

// A privWord is a storage word of a deployed contract that says who
// controls it, with what it held at deployment.
type privWord struct {
	kind     wordKind
	contract int
	slot     common.Hash
	key      uint256.Int // slot, as the tracer records writes
	// shift is an owner word's address offset in bytes from the word's
	// low end.
	shift int
	held  common.Hash
	name  string // a proxy word's standard
	// member is the principal whose entry a role word is, root the
	// mapping's root, holder the privileged principal with an entry.
	member, holder int
	root           common.Hash
	// readers are the other contracts whose access checks read the word
	// through a getter (privgetter.go): probed first.
	readers []int
	// dep is an address word's state variable when the source declares
	// it with a contract type (IVault public vault): a contract the code
	// trusts and calls, whoever it lets in (privrepoint.go).
	dep *solc.ContractVar
}

// address returns the address v holds at an owner word's offset.
func (w *privWord) address(v common.Hash) common.Address {
	return common.BytesToAddress(v[12-w.shift : 32-w.shift])
}

// taken reports whether v differs from the deployed value where it
// matters.
func (w *privWord) taken(v common.Hash) bool {
	if w.kind == ownerWord {
		return w.address(v) != w.address(w.held)
	}
	return v != w.held
}

// notePrivWords lists the words the privilege oracle watches, on the
// deployed state: the owner words NoteOwners found, the non-zero proxy
// words of the deployed contracts, and the role words.
func (m *Machine) notePrivWords(ctx context.Context) error {
	m.privWords = m.privWords[:0]
	st := m.Chain.Reader()
	for _, o := range m.owners {
		m.privWords = append(m.privWords, privWord{kind: ownerWord, contract: o.contract, slot: o.slot, shift: o.shift, held: st.GetState(m.Dep.Addrs[o.contract], o.slot)})
	}
	for i, a := range m.Dep.Addrs {
		if a == (common.Address{}) {
			continue
		}
		for _, p := range proxySlots {
			if v := st.GetState(a, p.slot); v != (common.Hash{}) {
				m.privWords = append(m.privWords, privWord{kind: proxyWord, contract: i, slot: p.slot, held: v, name: p.name})
			}
		}
	}
	for _, note := range []func(context.Context) error{m.noteNamespacedOwners, m.noteAddressWords, m.noteRoleWords, m.noteGetterWords} {
		if err := note(ctx); err != nil {
			return err
		}
	}
	for i := range m.privWords {
		m.privWords[i].key.SetBytes32(m.privWords[i].slot[:])
	}
	return nil
}

// maxRoleWords bounds the role words a worker compares each write with
// in mappings a privileged account holds a flag in; the rest are looked
// up when written (openSlots).
const maxRoleWords = 64

// noteRoleWords lists, for each mapping of a target under which a
// privileged principal holds exactly 1 (a flag: members[x] = true,
// OpenZeppelin's _roles[role].members[x], MakerDAO's wards[x] = 1; a
// balance is rarely exactly one wei), the entries of the unprivileged
// principals that are zero at deployment: a stranger that sets its own is
// granted what the privileged account holds. Under the other mappings
// the strangers' empty entries are open entries (openSlots), watched
// once written: a registry of modules or keepers that deployment left
// empty is granted to the same way. The role words past maxRoleWords are
// kept with them, their holder named.
func (m *Machine) noteRoleWords(ctx context.Context) error {
	st := m.Chain.Reader()
	var key common.Hash
	roles := 0
	clear(m.openSlots)
	m.opened = 0
	for i, a := range m.Dep.Addrs {
		if err := deploy.SetupStep(ctx, "owners", i); err != nil {
			return err
		}
		if a == (common.Address{}) || i >= len(m.Prog.Contracts) || !m.Prog.Contracts[i].Target {
			continue
		}
		c := m.Prog.Contracts[i]
		for _, root := range deploy.MappingRoots([][]byte{c.Artifact.Creation.Bytes, c.Artifact.Runtime.Bytes}) {
			h := m.flagHolder(a, root)
			for s, ps := range m.Principals {
				lazy := h < 0 || roles == maxRoleWords
				if m.isPrivileged(s) || lazy && len(m.openSlots) == maxOpenSlots {
					continue
				}
				copy(key[12:], ps[:])
				slot := crypto.Keccak256Hash(key[:], root[:])
				if v := st.GetState(a, slot); v != (common.Hash{}) {
					continue
				}
				if lazy {
					// Past the bound a role word is looked up when
					// written, as an open entry is: a grant of the
					// 65th must still be seen (privgrant.go).
					if m.openSlots == nil {
						m.openSlots = map[common.Hash]openEntry{}
					}
					m.openSlots[slot] = openEntry{contract: i, member: s, holder: h, root: root}
					continue
				}
				roles++
				m.privWords = append(m.privWords, privWord{kind: roleWord, contract: i, slot: slot, member: s, holder: h, root: root})
			}
		}
	}
	return nil
}

// flagHolder returns the first privileged principal whose entry in the
// mapping at root of the contract at a holds exactly 1, or -1.
func (m *Machine) flagHolder(a common.Address, root common.Hash) int {
	st := m.Chain.Reader()
	one := common.Hash(uint256.NewInt(1).Bytes32())
	var key common.Hash
	for h, ph := range m.Principals {
		if !m.isPrivileged(h) {
			continue
		}
		copy(key[12:], ph[:])
		if st.GetState(a, crypto.Keccak256Hash(key[:], root[:])) == one {
			return h
		}
	}
	return -1
}

// namespaceWords is how many words from a namespaced location are read
// for an owner: the namespace's struct usually starts with it.
const namespaceWords = 3

// noteNamespacedOwners adds the owner words an upgradeable contract
// keeps at a namespaced location (ERC-7201: OwnableUpgradeable's _owner
// is the first word of its namespace), which the first slots do not
// hold: the first words at each 32-byte constant of the contract's code
// or, for a proxy, of the implementation its EIP-1967 slot names, that
// hold a privileged account's address.
func (m *Machine) noteNamespacedOwners(ctx context.Context) error {
	st := m.Chain.Reader()
	byAddr := map[common.Address]int{}
	for i, a := range m.Dep.Addrs {
		if a != (common.Address{}) {
			byAddr[a] = i
		}
	}
	for i, a := range m.Dep.Addrs {
		if err := deploy.SetupStep(ctx, "owners", i); err != nil {
			return err
		}
		if a == (common.Address{}) || i >= len(m.Prog.Contracts) {
			continue
		}
		codes := []int{i}
		if impl := st.GetState(a, proxySlots[0].slot); impl != (common.Hash{}) {
			if j, ok := byAddr[common.BytesToAddress(impl[12:])]; ok && j != i {
				codes = append(codes, j)
			}
		}
		for _, ci := range codes {
			c := m.Prog.Contracts[ci]
			for _, ns := range deploy.CodeConstants([][]byte{c.Artifact.Creation.Bytes, c.Artifact.Runtime.Bytes}) {
				var base uint256.Int
				base.SetBytes32(ns[:])
				for k := range uint64(namespaceWords) {
					var at uint256.Int
					slot := common.Hash(at.AddUint64(&base, k).Bytes32())
					v := st.GetState(a, slot)
					if v == (common.Hash{}) {
						continue
					}
					for _, shift := range addressShifts(v, m.privilegedAddr) {
						m.privWords = append(m.privWords, privWord{kind: ownerWord, contract: i, slot: slot, shift: shift, held: v})
					}
				}
			}
		}
	}
	return nil
}

// privilegedAddr reports whether a is a privileged principal's address
// or the deployer's, which is a principal only when the deployment
// stored it in a target's first slots (an owner kept at a namespaced
// location is not found there).
func (m *Machine) privilegedAddr(a common.Address) bool {
	return a == chain.Deployer || m.isPrivilegedPrincipal(a)
}

// noteAddressWords adds as owner words the first slots of the deployed
// contracts that hold, alone, an address no principal has (another
// contract of the deployment, an account a constructor argument named):
// a timelock whose admin the deployment set to a contract is taken over
// just the same when a stranger puts itself there. What such a word
// decides is asked as for any owner word (privilege.go's decides), so a
// token's or a pool's address a stranger may set is reported only when
// putting itself there lets it call what it could not.
func (m *Machine) noteAddressWords(ctx context.Context) error {
	st := m.Chain.Reader()
	type place struct {
		contract int
		slot     common.Hash
	}
	watched := map[place]bool{}
	for _, w := range m.privWords {
		watched[place{w.contract, w.slot}] = true
	}
	for i, a := range m.Dep.Addrs {
		if err := deploy.SetupStep(ctx, "owners", i); err != nil {
			return err
		}
		if a == (common.Address{}) || i >= len(m.Prog.Contracts) || !m.Prog.Contracts[i].Target {
			continue
		}
		for s := range ownerSlotsRead {
			var slot common.Hash
			slot[31] = byte(s)
			if watched[place{i, slot}] {
				continue
			}
			v := st.GetState(a, slot)
			var x uint256.Int
			x.SetBytes32(v[:])
			if [12]byte(v[:12]) != [12]byte{} || x.BitLen() <= 128 || m.principalIndex(common.Address(v[12:])) >= 0 {
				// Not an address alone (a count, a price, packed
				// fields), or a principal's, which NoteOwners judged.
				continue
			}
			m.privWords = append(m.privWords, privWord{kind: ownerWord, contract: i, slot: slot, held: v, dep: contractVarAt(m.Prog.Contracts[i], uint64(s))})
		}
	}
	return nil
}
