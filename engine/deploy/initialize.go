package deploy

import (
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// This file initializes upgradeable contracts in the deployment. A
// contract with OpenZeppelin's Initializable pattern has no constructor
// to speak of: its initialize function, guarded by the initializer (or
// reinitializer) modifier, sets its owner and parameters once, and every
// deployment script calls it in the deployment transaction, or deploys
// the proxy with its calldata. Left uninitialized, a stranger would call
// it first, pick the owner and the implementation, and every finding
// after that (SWC-112, SWC-105) is one no user of the deployed code can
// act on. So the deployer calls it right after deploying the contract,
// with arguments generated as a constructor's are and the deployer named
// in every address parameter that names an owner or an admin; the call
// is recorded with the grants, so replays and the Foundry export make
// it too. An initializer nothing guards is left alone: anyone may call it
// again, initialized or not, and that is a finding.

// initTries bounds the argument sets tried for one initializer.
const initTries = 8

// initializerModifiers are the modifiers that make a function an
// initializer (OpenZeppelin's Initializable).
var initializerModifiers = []string{"initializer", "reinitializer"}

// initNames maps "unit:name" of each contract of a build to the names of
// the guarded initialize functions it has, its own and its bases'.
type initNames map[string][]string

// buildInitNames reads the guarded initializers of the contracts of c's
// build from its ASTs.
func buildInitNames(c *program.Contract) initNames {
	type def struct {
		key   string
		bases []int64
		inits []string
	}
	defs := map[int64]*def{}
	c.EachAST(func(unit string, ast solc.Node) {
		solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			d := &def{key: unit + ":" + n.String("name"), inits: guardedInits(n)}
			bases, _ := n["linearizedBaseContracts"].([]any)
			for _, x := range bases {
				if id, ok := nodeID(x); ok {
					d.bases = append(d.bases, id)
				}
			}
			if id, ok := nodeID(n["id"]); ok {
				defs[id] = d
			}
			return false
		})
	})
	out := initNames{}
	for _, d := range defs {
		var names []string
		for _, id := range d.bases {
			if base := defs[id]; base != nil {
				names = append(names, base.inits...)
			}
		}
		if len(names) > 0 {
			slices.Sort(names)
			out[d.key] = slices.Compact(names)
		}
	}
	return out
}

// guardedInits lists contract n's own functions named initialize* that
// an initializer or reinitializer modifier guards.
func guardedInits(n solc.Node) []string {
	var out []string
	nodes, _ := n["nodes"].([]any)
	for _, x := range nodes {
		m, ok := x.(map[string]any)
		fn := solc.Node(m)
		if !ok || fn.Type() != "FunctionDefinition" || !strings.HasPrefix(fn.String("name"), "initialize") {
			continue
		}
		mods, _ := fn["modifiers"].([]any)
		for _, y := range mods {
			mod, _ := y.(map[string]any)
			name, _ := mod["modifierName"].(map[string]any)
			if slices.Contains(initializerModifiers, solc.Node(name).String("name")) {
				out = append(out, fn.String("name"))
				break
			}
		}
	}
	return out
}

// initializersOf maps each contract of p to its guarded initializer
// methods, in signature order (none: no entry).
func initializersOf(p *program.Program) map[*program.Contract][]abi.Method {
	byBuild := map[*solc.Build]initNames{}
	out := map[*program.Contract][]abi.Method{}
	for _, c := range p.Contracts {
		if _, ok := byBuild[c.Build]; !ok {
			byBuild[c.Build] = buildInitNames(c)
		}
		if ms := byBuild[c.Build].initializers(c); len(ms) > 0 {
			out[c] = ms
		}
	}
	return out
}

// initializers returns c's guarded initializer methods, by name.
func (t initNames) initializers(c *program.Contract) []abi.Method {
	names := t[c.Artifact.Unit+":"+c.Name]
	var out []abi.Method
	for _, name := range names {
		for _, m := range c.ABI.Methods {
			if m.RawName == name {
				out = append(out, m)
			}
		}
	}
	slices.SortFunc(out, func(a, b abi.Method) int { return strings.Compare(a.Sig, b.Sig) })
	return out
}

// initialize calls each guarded initializer ms of the contract deployed
// at addr, from the deployer, and returns the calls that succeeded as
// grants. An initializer that reverts for every argument set tried
// (implementations that disable their initializers) is left as it is.
func (s *ctorSearch) initialize(addr common.Address, ms []abi.Method, fit *initFit) []Grant {
	var out []Grant
	for _, m := range ms {
		fix := fit.fitter(&m)
		for try := 0; try < initTries; try++ {
			if try > 0 {
				s.execs++
			}
			input := s.initCall(m, fix)
			snap := s.ch.Snapshot()
			if r := s.ch.Call(chain.Tx{From: chain.Deployer, To: addr, Input: input}); r.Err != nil {
				s.ch.Reset(snap)
				continue
			}
			out = append(out, Grant{From: chain.Deployer, To: addr, Input: input})
			break
		}
	}
	return out
}

// initCall is calldata for initializer m: arguments generated as a
// constructor's are, fitted by fix (contract-typed parameters, when not
// nil), with the deployer in every address parameter whose name says it
// is an owner or an admin.
func (s *ctorSearch) initCall(m abi.Method, fix func([]calldata.Value)) []byte {
	args := calldata.GenerateArgs(s.r, m.Inputs, s.env)
	if fix != nil {
		fix(args)
	}
	for k, in := range m.Inputs {
		if in.Type.T == abi.AddressTy && namesPrincipal(in.Name) {
			args[k].Word.SetBytes20(chain.Deployer.Bytes())
		}
	}
	return calldata.EncodeArgs(append([]byte(nil), m.ID...), args)
}

// principalWords are the parameter-name parts that name who controls a
// contract.
var principalWords = []string{"owner", "admin", "governor", "governance", "manager", "guardian", "authority", "operator", "dao", "multisig"}

// namesPrincipal reports whether a parameter name names an owner or an
// admin (initialOwner, _admin, governance_).
func namesPrincipal(name string) bool {
	name = strings.ToLower(name)
	for _, w := range principalWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// initNamesDeployer reports, per contract of p, whether the deployer
// initialized the target naming itself, by a call or through a proxy's
// constructor (proxy.go): the target then has code meant for the
// deployer, even when it keeps the owner outside the first storage slots
// (OpenZeppelin 5's namespaced storage).
func initNamesDeployer(p *program.Program, d *Deployment) []bool {
	named := make([]bool, len(p.Contracts))
	for i, c := range p.Contracts {
		if !c.Target || d.Errors[i] != nil {
			continue
		}
		if proxyInitNamesDeployer(c, d.Args[i]) {
			named[i] = true
			continue
		}
		if i >= len(d.Grants) {
			continue
		}
		for _, g := range d.Grants[i] {
			if g.From == chain.Deployer && g.To == d.Addrs[i] && len(g.Input) > 4 && slices.Contains(argAddresses(g.Input[4:]), chain.Deployer) {
				named[i] = true
				break
			}
		}
	}
	return named
}
