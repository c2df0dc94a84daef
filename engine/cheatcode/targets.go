package cheatcode

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/program"
)

// A Target is a contract an invariant campaign sends transactions to.
type Target struct {
	Deployed
	// Selectors are the functions to call: those targetSelector named,
	// else every function that is neither view nor pure, as forge does.
	Selectors [][4]byte
}

// Targets applies forge's rules to what setUp() built: the contracts
// targetContract named, else every contract created in setUp() except the
// test contract; minus excludeContract's; only contracts whose code matches
// a compiled contract; with targetSelector restricting (or adding) a
// contract's functions. Contracts left with no function are dropped.
func (s *Setup) Targets() []Target {
	var out []Target
	for _, d := range s.Deployed {
		if d.Contract == nil || slices.Contains(s.ExcludeContracts, d.Address) {
			continue
		}
		if len(s.TargetContracts) > 0 && !slices.Contains(s.TargetContracts, d.Address) {
			continue
		}
		out = append(out, Target{Deployed: d})
	}
	if slices.Contains(s.TargetContracts, s.Test.Address) && s.Test.Contract != nil {
		out = append(out, Target{Deployed: s.Test})
	}
	for _, fs := range s.TargetSelectors {
		i := slices.IndexFunc(out, func(t Target) bool { return t.Address == fs.Addr })
		if i < 0 {
			d, ok := s.deployedAt(fs.Addr)
			if !ok {
				continue
			}
			out = append(out, Target{Deployed: d})
			i = len(out) - 1
		}
		out[i].Selectors = append(out[i].Selectors, fs.Selectors...)
	}
	kept := out[:0]
	for _, t := range out {
		if t.Selectors == nil {
			t.Selectors = mutating(t.Contract)
		}
		if len(t.Selectors) > 0 {
			kept = append(kept, t)
		}
	}
	return kept
}

// Senders returns the accounts an invariant campaign sends from: those
// targetSender named, else defaults; minus excludeSender's.
func (s *Setup) Senders(defaults []common.Address) []common.Address {
	from := defaults
	if len(s.TargetSenders) > 0 {
		from = s.TargetSenders
	}
	var out []common.Address
	for _, a := range from {
		if !slices.Contains(s.ExcludeSenders, a) {
			out = append(out, a)
		}
	}
	return out
}

func (s *Setup) deployedAt(a common.Address) (Deployed, bool) {
	if a == s.Test.Address {
		return s.Test, s.Test.Contract != nil
	}
	for _, d := range s.Deployed {
		if d.Address == a && d.Contract != nil {
			return d, true
		}
	}
	return Deployed{}, false
}

// mutating returns the selectors of c's functions that are neither view
// nor pure, sorted by signature.
func mutating(c *program.Contract) [][4]byte {
	var ms []abi.Method
	for _, m := range c.ABI.Methods {
		if m.StateMutability != "view" && m.StateMutability != "pure" {
			ms = append(ms, m)
		}
	}
	slices.SortFunc(ms, func(a, b abi.Method) int {
		switch {
		case a.Sig < b.Sig:
			return -1
		case a.Sig > b.Sig:
			return 1
		}
		return 0
	})
	out := make([][4]byte, len(ms))
	for i, m := range ms {
		copy(out[i][:], m.ID)
	}
	return out
}
