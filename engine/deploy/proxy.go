package deploy

import (
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file deploys a proxy of the build (ERC1967Proxy, a
// TransparentUpgradeableProxy, a UUPS proxy) as a deployment script
// does: pointing at the project's implementation, a contract with a
// guarded initializer (initialize.go), with that initializer's calldata,
// so that the proxy's constructor initializes its own storage, and with
// the deployer in the admin or owner parameters. Generated arguments
// would point it at an account with no code and leave it uninitialized.

// proxyShape returns the constructor inputs of a proxy: the first address
// (the implementation) and the first bytes (the initialization call) of a
// contract with a fallback; ok is false for any other contract, and for
// a beacon proxy, whose address is a beacon.
func proxyShape(c *program.Contract) (logic, data int, ok bool) {
	if c.ABI.Fallback.Type != abi.Fallback || strings.Contains(strings.ToLower(c.Name), "beacon") {
		return 0, 0, false
	}
	logic, data = -1, -1
	for k, in := range c.ABI.Constructor.Inputs {
		switch {
		case in.Type.T == abi.AddressTy && logic < 0:
			logic = k
		case in.Type.T == abi.BytesTy && data < 0:
			data = k
		}
	}
	return logic, data, logic >= 0 && data >= 0
}

// implementations lists the contracts of p a proxy may point at: those
// with a guarded initializer that are no proxy themselves.
func implementations(p *program.Program, inits map[*program.Contract][]abi.Method) []int {
	var out []int
	for j, c := range p.Contracts {
		if _, _, proxy := proxyShape(c); !proxy && len(inits[c]) > 0 {
			out = append(out, j)
		}
	}
	return out
}

// waitsForImplementation reports whether proxy i waits for an
// implementation still to be deployed.
func waitsForImplementation(p *program.Program, inits map[*program.Contract][]abi.Method, done []bool, i int) bool {
	if _, _, ok := proxyShape(p.Contracts[i]); !ok {
		return false
	}
	for _, j := range implementations(p, inits) {
		if !done[j] {
			return true
		}
	}
	return false
}

// withImplementation wraps fix so that proxy i's arguments point at the
// first deployed implementation with its first initializer's calldata
// and name the deployer as admin; fix is returned as it is for other
// contracts or when no implementation was deployed.
func (s *ctorSearch) withImplementation(p *program.Program, d *Deployment, inits map[*program.Contract][]abi.Method, i int, fix func(*ctorInput)) func(*ctorInput) {
	c := p.Contracts[i]
	logic, data, ok := proxyShape(c)
	if !ok {
		return fix
	}
	impl := -1
	for _, j := range implementations(p, inits) {
		if d.Errors[j] == nil && d.Addrs[j] != (common.Address{}) {
			impl = j
			break
		}
	}
	if impl < 0 {
		return fix
	}
	addr := d.Addrs[impl]
	call := s.initCall(inits[p.Contracts[impl]][0], nil)
	return func(in *ctorInput) {
		fix(in)
		for k, param := range c.ABI.Constructor.Inputs {
			switch {
			case k == logic:
				in.args[k].Word.SetBytes20(addr.Bytes())
			case k == data:
				in.args[k].Bytes = append(in.args[k].Bytes[:0], call...)
			case param.Type.T == abi.AddressTy && namesPrincipal(param.Name):
				in.args[k].Word.SetBytes20(chain.Deployer.Bytes())
			}
		}
	}
}

// proxyInitNamesDeployer reports whether c is a proxy whose constructor
// arguments args hold an initialization call naming the deployer
// (withImplementation's calldata): the implementation's owner-only
// functions are then the deployer's at the proxy's address.
func proxyInitNamesDeployer(c *program.Contract, args []byte) bool {
	_, data, ok := proxyShape(c)
	if !ok || len(args) == 0 {
		return false
	}
	vals, err := c.ABI.Constructor.Inputs.Unpack(args)
	if err != nil || data >= len(vals) {
		return false
	}
	call, _ := vals[data].([]byte)
	return len(call) > 4 && slices.Contains(argAddresses(call[4:]), chain.Deployer)
}
