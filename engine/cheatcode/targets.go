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
	// Selectors are the functions to call: those targetSelector (or
	// targetArtifactSelector) named, else every function that is neither
	// view nor pure, as forge does; less those excludeSelector named.
	Selectors [][4]byte
	// Chosen: targetSelector or targetArtifactSelector chose the
	// functions; forge then calls nothing else of the contract, neither
	// its receive nor its fallback.
	Chosen bool
}

// Targets applies forge's rules to what setUp() built, each StdInvariant
// choice on its own: the contracts targetContract named, else every
// contract created in setUp() except the test contract; minus
// excludeContract's; only contracts whose code matches a compiled contract
// and whose artifact targetArtifact (or targetArtifactSelector) names, if
// any does, and excludeArtifact does not; with targetSelector and
// targetArtifactSelector restricting (or adding) a contract's functions
// and excludeSelector removing some. Contracts left with no function are
// dropped.
func (s *Setup) Targets() []Target {
	var out []Target
	for _, d := range s.Deployed {
		if d.Contract == nil || slices.Contains(s.ExcludeContracts, d.Address) || !s.artifactTargeted(d.Contract) {
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
	for _, as := range s.TargetArtifactSelectors {
		for _, d := range s.Deployed {
			if d.Contract != nil && len(as.Selectors) > 0 && artifactIs(d.Contract, as.Artifact) {
				out = s.choose(out, d.Address, as.Selectors)
			}
		}
	}
	for _, fs := range s.TargetSelectors {
		out = s.choose(out, fs.Addr, fs.Selectors)
	}
	kept := out[:0]
	for _, t := range out {
		if !t.Chosen {
			t.Selectors = mutating(t.Contract)
		}
		t.Selectors = s.lessExcluded(t.Address, t.Selectors)
		if len(t.Selectors) > 0 {
			kept = append(kept, t)
		}
	}
	return kept
}

// choose adds selectors to the target at addr, adding the contract
// deployed there when it is no target yet (forge's targetSelector does).
func (s *Setup) choose(out []Target, addr common.Address, selectors [][4]byte) []Target {
	i := slices.IndexFunc(out, func(t Target) bool { return t.Address == addr })
	if i < 0 {
		d, ok := s.deployedAt(addr)
		if !ok {
			return out
		}
		out = append(out, Target{Deployed: d})
		i = len(out) - 1
	}
	for _, sel := range selectors {
		if !slices.Contains(out[i].Selectors, sel) {
			out[i].Selectors = append(out[i].Selectors, sel)
		}
	}
	// An empty list chooses nothing: forge then calls every function.
	out[i].Chosen = out[i].Chosen || len(selectors) > 0
	return out
}

// lessExcluded returns selectors without those excludeSelector named for
// the contract at addr.
func (s *Setup) lessExcluded(addr common.Address, selectors [][4]byte) [][4]byte {
	var out [][4]byte
	for _, sel := range selectors {
		excluded := slices.ContainsFunc(s.ExcludeSelectors, func(fs FuzzSelector) bool {
			return fs.Addr == addr && slices.Contains(fs.Selectors, sel)
		})
		if !excluded {
			out = append(out, sel)
		}
	}
	return out
}

// artifactTargeted applies targetArtifact, targetArtifactSelector and
// excludeArtifact to a contract of the set-up.
func (s *Setup) artifactTargeted(c *program.Contract) bool {
	is := func(name string) bool { return artifactIs(c, name) }
	if slices.ContainsFunc(s.ExcludeArtifacts, is) {
		return false
	}
	if len(s.TargetArtifacts) == 0 && len(s.TargetArtifactSelectors) == 0 {
		return true
	}
	return slices.ContainsFunc(s.TargetArtifacts, is) ||
		slices.ContainsFunc(s.TargetArtifactSelectors, func(as FuzzArtifactSelector) bool { return is(as.Artifact) })
}

// artifactIs reports whether name, as forge-std's artifact choices spell
// it ("Vault" or "src/Vault.sol:Vault"), names contract c.
func artifactIs(c *program.Contract, name string) bool {
	return name == c.Name || name == c.Artifact.Unit+":"+c.Name
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
