// Copyright 2020 The go-ethereum Authors
// This file is part of the go-ethereum library.
//
// The go-ethereum library is free software: you can redistribute it and/or modify
// it under the terms of the GNU Lesser General Public License as published by
// the Free Software Foundation, either version 3 of the License, or
// (at your option) any later version.
//
// The go-ethereum library is distributed in the hope that it will be useful,
// but WITHOUT ANY WARRANTY; without even the implied warranty of
// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
// GNU Lesser General Public License for more details.
//
// You should have received a copy of the GNU Lesser General Public License
// along with the go-ethereum library. If not, see <http://www.gnu.org/licenses/>.

package state

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

type accessList struct {
	addresses map[common.Address]int
	slots     []map[common.Hash]struct{}

	// Foresight patch: with based set, the map held exactly base (no
	// slots) after the last Prepare, and added and slotted log the
	// addresses inserted and given slots since, so that a Prepare with the
	// same base deletes those (rebase) instead of emptying the map and
	// inserting every precompile again. Copy and a full log clear based.
	based   bool
	base    []common.Address
	added   []common.Address
	slotted []common.Address
}

// maxLogged bounds the Foresight patch's logs; past it, the next Prepare
// empties the list as upstream does. logRoom is each log's first capacity.
const (
	maxLogged = 1024
	logRoom   = 16
)

// setBase makes base the list's base (Foresight patch): the first time, in
// one allocation with room for both logs.
func (al *accessList) setBase(base []common.Address) {
	if n := len(base); cap(al.base) < n {
		buf := make([]common.Address, n+2*logRoom)
		al.base = buf[:0:n]
		al.added = buf[n : n : n+logRoom]
		al.slotted = buf[n+logRoom : n+logRoom : n+2*logRoom]
	}
	al.based, al.base = true, append(al.base[:0], base...)
}

// logged appends address to a log while the list is based (Foresight patch).
func (al *accessList) logged(log []common.Address, address common.Address) []common.Address {
	if !al.based {
		return log
	}
	if len(log) == maxLogged {
		al.based = false
		return log
	}
	return append(log, address)
}

// rebase empties the list down to its base (Foresight patch).
func (al *accessList) rebase() {
	for _, a := range al.added {
		delete(al.addresses, a)
	}
	for _, a := range al.slotted {
		if _, ok := al.addresses[a]; ok {
			al.addresses[a] = -1
		}
	}
	for _, m := range al.slots {
		clear(m)
	}
	al.slots = al.slots[:0]
	al.added, al.slotted = al.added[:0], al.slotted[:0]
}

// ContainsAddress returns true if the address is in the access list.
func (al *accessList) ContainsAddress(address common.Address) bool {
	_, ok := al.addresses[address]
	return ok
}

// Contains checks if a slot within an account is present in the access list, returning
// separate flags for the presence of the account and the slot respectively.
func (al *accessList) Contains(address common.Address, slot common.Hash) (addressPresent bool, slotPresent bool) {
	idx, ok := al.addresses[address]
	if !ok {
		// no such address (and hence zero slots)
		return false, false
	}
	if idx == -1 {
		// address yes, but no slots
		return true, false
	}
	_, slotPresent = al.slots[idx][slot]
	return true, slotPresent
}

// newAccessList creates a new accessList.
func newAccessList() *accessList {
	return &accessList{
		addresses: make(map[common.Address]int),
	}
}

// reset empties the access list, keeping its maps for reuse (Foresight
// patch: Prepare runs once per transaction). Emptied slot maps stay in the
// slice's spare capacity, where AddSlot takes them again.
func (al *accessList) reset() {
	clear(al.addresses)
	for _, m := range al.slots {
		clear(m)
	}
	al.slots = al.slots[:0]
	al.based, al.added, al.slotted = false, al.added[:0], al.slotted[:0]
}

// Copy creates an independent copy of an accessList.
func (al *accessList) Copy() *accessList {
	cp := &accessList{
		addresses: maps.Clone(al.addresses),
		slots:     make([]map[common.Hash]struct{}, len(al.slots)),
	}
	for i, slotMap := range al.slots {
		cp.slots[i] = maps.Clone(slotMap)
	}
	return cp
}

// AddAddress adds an address to the access list, and returns 'true' if the operation
// caused a change (addr was not previously in the list).
func (al *accessList) AddAddress(address common.Address) bool {
	if _, present := al.addresses[address]; present {
		return false
	}
	al.addresses[address] = -1
	al.added = al.logged(al.added, address) // Foresight patch
	return true
}

// AddSlot adds the specified (addr, slot) combo to the access list.
// Return values are:
// - address added
// - slot added
// For any 'true' value returned, a corresponding journal entry must be made.
func (al *accessList) AddSlot(address common.Address, slot common.Hash) (addrChange bool, slotChange bool) {
	idx, addrPresent := al.addresses[address]
	if !addrPresent || idx == -1 {
		// Address not present, or addr present but no slots there
		al.addresses[address] = len(al.slots)
		if addrPresent { // Foresight patch
			al.slotted = al.logged(al.slotted, address)
		} else {
			al.added = al.logged(al.added, address)
		}
		if n := len(al.slots); n < cap(al.slots) && al.slots[:n+1][n] != nil {
			// Foresight patch: a map reset or a revert left here, empty.
			al.slots = al.slots[:n+1]
			al.slots[n][slot] = struct{}{}
			return !addrPresent, true
		}
		slotmap := map[common.Hash]struct{}{slot: {}}
		al.slots = append(al.slots, slotmap)
		return !addrPresent, true
	}
	// There is already an (address,slot) mapping
	slotmap := al.slots[idx]
	if _, ok := slotmap[slot]; !ok {
		slotmap[slot] = struct{}{}
		// Journal add slot change
		return false, true
	}
	// No changes required
	return false, false
}

// DeleteSlot removes an (address, slot)-tuple from the access list.
// This operation needs to be performed in the same order as the addition happened.
// This method is meant to be used  by the journal, which maintains ordering of
// operations.
func (al *accessList) DeleteSlot(address common.Address, slot common.Hash) {
	idx, addrOk := al.addresses[address]
	// There are two ways this can fail
	if !addrOk {
		panic("reverting slot change, address not present in list")
	}
	slotmap := al.slots[idx]
	delete(slotmap, slot)
	// If that was the last (first) slot, remove it
	// Since additions and rollbacks are always performed in order,
	// we can delete the item without worrying about screwing up later indices
	if len(slotmap) == 0 {
		al.slots = al.slots[:idx]
		al.addresses[address] = -1
		al.slotted = unlogged(al.slotted, address) // Foresight patch
	}
}

// unlogged drops the last entry of a log if it is address, which a journal
// revert has just returned to how it was before that entry (Foresight
// patch): a borrowed state, reverted after every transaction and prepared
// only once, keeps short logs.
func unlogged(log []common.Address, address common.Address) []common.Address {
	if n := len(log); n > 0 && log[n-1] == address {
		return log[:n-1]
	}
	return log
}

// DeleteAddress removes an address from the access list. This operation
// needs to be performed in the same order as the addition happened.
// This method is meant to be used  by the journal, which maintains ordering of
// operations.
func (al *accessList) DeleteAddress(address common.Address) {
	delete(al.addresses, address)
	al.added = unlogged(al.added, address) // Foresight patch
}

// Equal returns true if the two access lists are identical
func (al *accessList) Equal(other *accessList) bool {
	if !maps.Equal(al.addresses, other.addresses) {
		return false
	}
	return slices.EqualFunc(al.slots, other.slots, maps.Equal)
}

// PrettyPrint prints the contents of the access list in a human-readable form
func (al *accessList) PrettyPrint() string {
	out := new(strings.Builder)
	sortedAddrs := slices.Collect(maps.Keys(al.addresses))
	slices.SortFunc(sortedAddrs, common.Address.Cmp)
	for _, addr := range sortedAddrs {
		idx := al.addresses[addr]
		fmt.Fprintf(out, "%#x : (idx %d)\n", addr, idx)
		if idx >= 0 {
			slotmap := al.slots[idx]
			for h := range slotmap {
				fmt.Fprintf(out, "    %#x\n", h)
			}
		}
	}
	return out.String()
}
