package deploy

import (
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
)

// This file makes the implementation's functions callable at the address
// of a proxy of the build (proxy.go): users call the implementation's ABI
// there, and behind it the implementation's code runs on the proxy's
// storage, the storage its initializer's calldata initialized. The
// implementation deployed alone usually disabled its initializers, so its
// functions revert: without this its code goes unexercised.

// Behind returns, per contract of p, the contract a proxy of the build is
// deployed pointing at (-1: none, or no proxy): the first implementation
// (implementations), as withImplementation chooses when it deploys.
func Behind(p *program.Program) []int {
	out := make([]int, len(p.Contracts))
	for i := range out {
		out[i] = -1
	}
	var impls []int
	for i, c := range p.Contracts {
		if _, _, ok := proxyShape(c); !ok {
			continue
		}
		if impls == nil {
			impls = implementations(p, initializersOf(p))
			if len(impls) == 0 {
				return out
			}
		}
		out[i] = impls[0]
	}
	return out
}

// AddImplementationMethods gives each proxy of p the methods of the
// implementation it is deployed pointing at (Behind), after its own: the
// fuzzer, the report, the replay and the export then call them at the
// proxy's address, each call named as the proxy's with the implementation's
// function. A method whose selector the proxy has already stays the
// proxy's (its dispatcher answers it before the fallback). It returns
// Behind's answer; calling it again adds nothing.
func AddImplementationMethods(p *program.Program) []int {
	behind := Behind(p)
	for i, j := range behind {
		if j < 0 {
			continue
		}
		c := p.Contracts[i]
		for _, m := range p.Contracts[j].Methods {
			if !slices.ContainsFunc(c.Methods, func(o program.Method) bool { return o.Selector == m.Selector }) {
				c.Methods = append(c.Methods, m)
			}
		}
		// Methods stay sorted by name, as program.New sorts them.
		slices.SortStableFunc(c.Methods, func(a, b program.Method) int { return strings.Compare(a.Name, b.Name) })
	}
	return behind
}
