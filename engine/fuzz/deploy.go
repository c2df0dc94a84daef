package fuzz

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// Deployment is where each contract of a program lives on a chain.
type Deployment struct {
	// Addrs is indexed like the program's contracts; zero if the contract
	// could not be deployed.
	Addrs []common.Address
	// Args are the ABI-encoded constructor arguments used, per contract.
	Args [][]byte
	// Errors say why contracts failed to deploy, per contract.
	Errors []error
}

const deployAttempts = 8

// TargetFunds is the ether each deployed target contract starts with.
var TargetFunds = new(uint256.Int).Mul(uint256.NewInt(10), uint256.NewInt(1e18))

// Deploy deploys every contract of p from chain.Deployer: libraries before
// the contracts that link them, constructor arguments generated from the ABI
// with r (or taken from args when non-nil, for replays).
func Deploy(ch *chain.Chain, p *program.Program, r *rand.Rand, args [][]byte) (*Deployment, error) {
	n := len(p.Contracts)
	d := &Deployment{Addrs: make([]common.Address, n), Args: make([][]byte, n), Errors: make([]error, n)}
	done := make([]bool, n)
	env := &calldata.Env{Addresses: append([]common.Address{chain.Deployer}, ch.Senders()...), Dict: calldata.NewDictionary(0)}
	for progress := true; progress; {
		progress = false
		for i, c := range p.Contracts {
			if done[i] {
				continue
			}
			code, ok, err := link(c, p, d.Addrs, done)
			if err != nil {
				d.Errors[i], done[i] = err, true
				progress = true
				continue
			}
			if !ok {
				continue
			}
			done[i], progress = true, true
			var given []byte
			if args != nil && i < len(args) {
				given = args[i]
			}
			d.Addrs[i], d.Args[i], d.Errors[i] = deployOne(ch, c, code, r, env, given, args != nil)
			if d.Errors[i] == nil {
				env.Addresses = append(env.Addresses, d.Addrs[i])
			}
		}
	}
	for i := range done {
		if !done[i] {
			d.Errors[i] = fmt.Errorf("%s: libraries it links could not be deployed", p.Contracts[i].Name)
		}
	}
	// Targets hold other users' ether, so that a leak shows without a
	// victim's deposit first.
	for i, c := range p.Contracts {
		if c.Target && d.Errors[i] == nil {
			b := ch.State().GetBalance(d.Addrs[i])
			ch.Install(d.Addrs[i], nil, new(uint256.Int).Add(b, TargetFunds))
		}
	}
	if holdsDeployer(ch, p, d) {
		// Owner-only code would otherwise never run (Echidna sends from
		// the deployer too). What the deployer does is privileged.
		ch.AddSender(chain.Deployer)
	}
	installAttackers(ch)
	return d, nil
}

// ownerSlots is how many of a target's first storage slots are searched
// for the deployer's address.
const ownerSlots = 16

// holdsDeployer reports whether a constructor stored the deployer's
// address (an owner, an admin, a treasury) in one of the first storage
// slots of a target: the contract has code meant for the deployer.
func holdsDeployer(ch *chain.Chain, p *program.Program, d *Deployment) bool {
	st := ch.State()
	for i, c := range p.Contracts {
		if !c.Target || d.Errors[i] != nil {
			continue
		}
		for k := uint64(0); k < ownerSlots; k++ {
			word := st.GetState(d.Addrs[i], common.BigToHash(new(big.Int).SetUint64(k)))
			for off := 0; off+common.AddressLength <= len(word); off++ {
				if common.Address(word[off:off+common.AddressLength]) == chain.Deployer {
					return true
				}
			}
		}
	}
	return false
}

func deployOne(ch *chain.Chain, c *program.Contract, code []byte, r *rand.Rand, env *calldata.Env, given []byte, replay bool) (common.Address, []byte, error) {
	var lastErr error
	for attempt := 0; attempt < deployAttempts; attempt++ {
		args := given
		if !replay {
			vals := make([]calldata.Value, len(c.ABI.Constructor.Inputs))
			for j, in := range c.ABI.Constructor.Inputs {
				vals[j] = calldata.Generate(r, &in.Type, env)
			}
			args = calldata.EncodeArgs(nil, vals)
		}
		input := append(append([]byte(nil), code...), args...)
		res := ch.Call(chain.Tx{From: chain.Deployer, Input: input})
		if res.Err == nil {
			return res.Created, args, nil
		}
		lastErr = res.Err
		if replay {
			break
		}
	}
	return common.Address{}, nil, fmt.Errorf("deploy %s: constructor failed: %w", c.Name, lastErr)
}

// link returns c's creation code with library addresses written in, or
// false if a library it needs is not deployed yet.
func link(c *program.Contract, p *program.Program, addrs []common.Address, done []bool) ([]byte, bool, error) {
	refs := c.Artifact.Creation.LinkReferences
	if len(refs) == 0 {
		return c.Artifact.Creation.Bytes, true, nil
	}
	code := append([]byte(nil), c.Artifact.Creation.Bytes...)
	for file, libs := range refs {
		for lib, ranges := range libs {
			li := -1
			for j, other := range p.Contracts {
				if other.Name == lib && (other.Artifact.Unit == file || file == "") {
					li = j
					break
				}
			}
			if li < 0 {
				return nil, false, fmt.Errorf("%s links library %s:%s, which is not in the build", c.Name, file, lib)
			}
			if !done[li] {
				return nil, false, nil
			}
			if addrs[li] == (common.Address{}) {
				return nil, false, errors.New(c.Name + " links library " + lib + ", which failed to deploy")
			}
			for _, rg := range ranges {
				if rg.Start+20 <= len(code) {
					copy(code[rg.Start:rg.Start+20], addrs[li][:])
				}
			}
		}
	}
	return code, true, nil
}
