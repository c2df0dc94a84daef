package behaviour

import (
	"sort"

	"github.com/foresight-sol/foresight/engine/program"
)

// This file maps the two builds onto each other: contracts by name,
// functions by ABI signature (so by selector).

// pair is a target contract present in both builds.
type pair struct {
	name       string
	old, new   *program.Contract
	methods    []*program.Method // of the new build, in the old one too
	getters    []*program.Method // zero-argument view or pure, in both
	balanceOf  *program.Method   // balanceOf(address) returning one word, in both
	oldMethods map[string]*program.Method
}

// matching is the two programs mapped onto each other.
type matching struct {
	pairs          []*pair
	added, removed []Function
}

func matchPrograms(old, new *program.Program) matching {
	var m matching
	for _, nc := range new.Contracts {
		if !nc.Target {
			continue
		}
		oc, ok := old.Lookup(nc.Name)
		if !ok || !oc.Target {
			for i := range nc.Methods {
				m.added = append(m.added, Function{nc.Name, nc.Methods[i].Sig})
			}
			continue
		}
		p := &pair{name: nc.Name, old: oc, new: nc, oldMethods: map[string]*program.Method{}}
		for i := range oc.Methods {
			p.oldMethods[oc.Methods[i].Sig] = &oc.Methods[i]
		}
		for i := range nc.Methods {
			nm := &nc.Methods[i]
			om, ok := p.oldMethods[nm.Sig]
			if !ok {
				m.added = append(m.added, Function{nc.Name, nm.Sig})
				continue
			}
			p.methods = append(p.methods, nm)
			if len(nm.Inputs) == 0 && isView(nm) && isView(om) {
				p.getters = append(p.getters, nm)
			}
			if nm.Sig == "balanceOf(address)" && len(nm.Outputs) == 1 && len(om.Outputs) == 1 {
				p.balanceOf = nm
			}
		}
		for i := range oc.Methods {
			if !hasSig(nc, oc.Methods[i].Sig) {
				m.removed = append(m.removed, Function{oc.Name, oc.Methods[i].Sig})
			}
		}
		m.pairs = append(m.pairs, p)
	}
	for _, oc := range old.Contracts {
		if _, ok := new.Lookup(oc.Name); oc.Target && !ok {
			for i := range oc.Methods {
				m.removed = append(m.removed, Function{oc.Name, oc.Methods[i].Sig})
			}
		}
	}
	sortFunctions(m.added)
	sortFunctions(m.removed)
	return m
}

func hasSig(c *program.Contract, sig string) bool {
	for i := range c.Methods {
		if c.Methods[i].Sig == sig {
			return true
		}
	}
	return false
}

func isView(m *program.Method) bool {
	return m.StateMutability == "view" || m.StateMutability == "pure" || m.Constant
}

func sortFunctions(fs []Function) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].String() < fs[j].String() })
}

// compared lists the functions to compare: those of want and names that
// both builds have (nil: no restriction), or every shared one.
func (m matching) compared(want []Function, names []string) []target {
	keep := map[Function]bool{}
	for _, f := range want {
		keep[f] = true
	}
	named := map[string]bool{}
	for _, n := range names {
		named[n] = true
	}
	var out []target
	for _, p := range m.pairs {
		for _, meth := range p.methods {
			if (want == nil || keep[Function{p.name, meth.Sig}]) && (names == nil || named[p.name+"."+meth.RawName]) {
				out = append(out, target{p: p, m: meth})
			}
		}
	}
	return out
}

// target is a compared function.
type target struct {
	p *pair
	m *program.Method
}

func (t target) fn() Function { return Function{t.p.name, t.m.Sig} }
