package program

import (
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

// IsFoundryTest reports whether an ABI is a Foundry test contract's that
// needs its setUp(): it has setUp() and either forge-std's marks
// (IS_TEST(), StdInvariant's targetContracts()) or invariant functions.
func IsFoundryTest(a abi.ABI) bool {
	if m, ok := a.Methods["setUp"]; !ok || len(m.Inputs) != 0 {
		return false
	}
	if _, ok := a.Methods["IS_TEST"]; ok {
		return true
	}
	if _, ok := a.Methods["targetContracts"]; ok {
		return true
	}
	for _, m := range a.Methods {
		if len(m.Inputs) == 0 && strings.HasPrefix(m.RawName, "invariant") {
			return true
		}
	}
	return false
}

// SetUpContracts returns the Foundry test contracts of the requested files,
// those with invariant functions first, then by name.
func (p *Program) SetUpContracts() []*Contract {
	var with, without []*Contract
	for _, c := range p.Contracts {
		if !c.Root || !c.FoundryTest {
			continue
		}
		if hasInvariants(c) {
			with = append(with, c)
		} else {
			without = append(without, c)
		}
	}
	byName := func(cs []*Contract) {
		sort.SliceStable(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	}
	byName(with)
	byName(without)
	return append(with, without...)
}

func hasInvariants(c *Contract) bool {
	for _, m := range c.ABI.Methods {
		if len(m.Inputs) == 0 && strings.HasPrefix(m.RawName, "invariant") {
			return true
		}
	}
	return false
}
