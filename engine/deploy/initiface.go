package deploy

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file gives an initializer's contract-typed parameters
// (`ILendingPoolAddressesProvider provider`) a deployed contract of that
// type, as ctoriface.go does a constructor's: a deployment script
// initializes a configurator with the address provider it deployed, and a
// random address leaves every function that asks the provider anything
// reverting, its access checks included.

// initFit is what initialize needs to fit an initializer's arguments:
// the deployment so far and contract i's place in it.
type initFit struct {
	p    *program.Program
	d    *Deployment
	abis map[string]map[[4]byte]bool
	i    int
}

// methodIfaceParams reads the contract or interface types of method m's
// parameters from c's raw ABI (the first entry of m's name and arity).
func methodIfaceParams(c *program.Contract, abis map[string]map[[4]byte]bool, m *abi.Method) []ifaceParam {
	return ifaceParams(rawInputTypes(c, "function", m.RawName, len(m.Inputs)), abis, nil)
}

// fitter returns what sets initializer m's contract-typed arguments to
// deployed contracts that fit them (of the type named, else by the
// parameter's name, else any with the interface's functions); nil when
// no parameter has one. Nothing is deployed for it: an initializer
// runs once the contracts it may name are there.
func (f *initFit) fitter(m *abi.Method) func([]calldata.Value) {
	if f == nil {
		return nil
	}
	params := methodIfaceParams(f.p.Contracts[f.i], f.abis, m)
	cands := make([][]common.Address, len(params))
	some := false
	for k := range params {
		var named []common.Address
		for j, c := range f.p.Contracts {
			if j != f.i && f.d.Errors[j] == nil && f.d.Addrs[j] != (common.Address{}) && params[k].fits(c) {
				cands[k] = append(cands[k], f.d.Addrs[j])
				if c.Name == params[k].name {
					named = append(named, f.d.Addrs[j])
				}
			}
		}
		if len(named) > 0 {
			cands[k] = named
		} else if byName := namedLike(f.p, f.d, m.Inputs[params[k].input].Name, cands[k]); len(byName) > 0 {
			cands[k] = byName
		}
		some = some || len(cands[k]) > 0
	}
	if !some {
		return nil
	}
	return func(args []calldata.Value) {
		for k, ip := range params {
			if len(cands[k]) > 0 && ip.input < len(args) {
				// The first candidate, not a random one: every try of
				// the initializer names the same contract.
				setEvery(&args[ip.input], cands[k][0])
			}
		}
	}
}

// setEvery sets every address of v (an address or an array of them) to a.
func setEvery(v *calldata.Value, a common.Address) {
	if v.Type != nil && v.Type.T == abi.AddressTy {
		v.Word.SetBytes20(a.Bytes())
		return
	}
	for i := range v.Elems {
		setEvery(&v.Elems[i], a)
	}
}

// initWaits reports whether a contract that a contract-typed parameter
// of one of contract i's initializers ms names or fits is still to be
// deployed: the initializer is called right after i is, with what is
// there by then.
func initWaits(p *program.Program, abis map[string]map[[4]byte]bool, ms []abi.Method, done []bool, i int) bool {
	for k := range ms {
		if waitsFor(p, methodIfaceParams(p.Contracts[i], abis, &ms[k]), done, i) {
			return true
		}
	}
	return false
}
