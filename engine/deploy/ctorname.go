package deploy

import (
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file keeps the fuzzer's senders out of a constructor's plain
// address parameters whose names say they are contracts (`address
// accountFactory`, `address anAggregator`): a sender named there is
// privileged for the whole campaign (PrivilegedOf), so an account
// abstraction sample that takes a factory made user 3 an owner, and the
// oracles no longer judged what user 3 was paid by the entry point. Such
// a parameter takes the deployed contract its name names, else an
// address no sender has.

// contractWords are the parameter-name parts that name a contract.
var contractWords = []string{"factory", "aggregator", "token", "router", "pool", "oracle", "registry", "entrypoint", "implementation", "vault", "pair", "feed", "beacon"}

// ContractStandIn is the address a constructor's contract-named address
// parameter takes when no deployed contract has its name: no sender's,
// no code.
var ContractStandIn = common.HexToAddress("0x00000000000000000000000000000000c0de0001")

// namesContract reports whether a parameter's name names a contract and
// nothing that controls one (an owner, an admin).
func namesContract(name string) bool {
	low := strings.ToLower(name)
	if namesPrincipal(name) || hintsOwner(name) {
		return false
	}
	for _, w := range contractWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// withContractNames returns fix that also sets contract c's plain
// address parameters with a contract's name, when they hold the deployer
// or a sender, to the deployed contract the name names, else to
// ContractStandIn.
func withContractNames(fix func(*ctorInput), p *program.Program, d *Deployment, c *program.Contract, params []ifaceParam, senders []common.Address) func(*ctorInput) {
	var named []int
	for j, in := range c.ABI.Constructor.Inputs {
		typed := false
		for _, ip := range params {
			typed = typed || ip.input == j
		}
		if !typed && in.Type.T == abi.AddressTy && namesContract(in.Name) {
			named = append(named, j)
		}
	}
	if len(named) == 0 {
		return fix
	}
	isSender := func(a common.Address) bool {
		if a == chain.Deployer {
			return true
		}
		for _, s := range senders {
			if s == a {
				return true
			}
		}
		return false
	}
	return func(in *ctorInput) {
		fix(in)
		for _, j := range named {
			if j >= len(in.args) || !isSender(common.Address(in.args[j].Word.Bytes20())) {
				continue
			}
			to := ContractStandIn
			if byName := namedLike(p, d, c.ABI.Constructor.Inputs[j].Name, d.Addrs); len(byName) > 0 {
				to = byName[0]
			}
			in.args[j].Word.SetBytes20(to.Bytes())
		}
	}
}
