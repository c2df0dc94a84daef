package deploy

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// Deployment is where each contract of a program lives on a chain.
type Deployment struct {
	// Addrs is indexed like the program's contracts; zero if the contract
	// could not be deployed.
	Addrs []common.Address
	// Args are the ABI-encoded constructor arguments used, per contract.
	Args [][]byte
	// Values are the ether sent to each constructor (nil: none).
	Values []*uint256.Int
	// Errors say why contracts failed to deploy, per contract.
	Errors []error
	// Order is the order the contracts were deployed in.
	Order []int
	// Token is where Foresight's token (token.go) was deployed, zero if no
	// constructor needed it.
	Token common.Address
	// Grants are the calls made right after each contract was deployed
	// (grant.go), per contract.
	Grants [][]Grant
	// Execs counts the constructor runs the deployment search spent
	// beyond each contract's first (ctorsearch.go).
	Execs uint64
	// Senders are the chain's senders once deployed (a Foundry set-up's
	// targetSender choices, or the defaults and perhaps the deployer), for
	// PrincipalIn.
	Senders []common.Address
	// Roles are the externally owned accounts, other than the fuzzer's,
	// the deployment stored in a target as an owner or a role holder
	// (roles.go): senders too, privileged, right before the deployer.
	Roles []common.Address
	// PrivNamed says, per contract (as the program's), that the target
	// has code meant for the deployer or a role holder (roles.go
	// namesDeployer, Roles): they then send to it more often; a contract
	// beside it that names no one is not theirs to configure.
	PrivNamed []bool
	// Wraps are the constructors' arithmetic wraps (SWC-101) the search
	// saw (ctorwrap.go).
	Wraps []CtorWrap
	// TokenHeld are the contracts Foresight's token was minted to because
	// they read token balances (tokenheld.go): the token is then an
	// address the fuzzer passes.
	TokenHeld []int
	// TokenPulled are the targets that pull a token they are passed, which
	// every sender approved Foresight's token for (tokenpull.go): the token
	// is then an address the fuzzer passes.
	TokenPulled []int
	// Twins are second instances with extreme constructor arguments,
	// deployed after the others, for SWC-101 (twin.go).
	Twins []Twin
}

// TargetFunds is the ether each deployed target contract starts with.
var TargetFunds = new(uint256.Int).Mul(uint256.NewInt(10), uint256.NewInt(1e18))

// PlanDeployment finds constructor inputs for every contract of p on a
// chain of its own (configured by cfg) that follows the constructors'
// branches: libraries before the contracts that link them, contracts a
// constructor parameter's type names before that constructor, arguments
// generated from the ABI with r and, where the constructor fails,
// searched (ctorsearch.go) within budget runs in all. Deploy then
// replays the plan on each worker's chain.
func PlanDeployment(cfg chain.Config, p *program.Program, r *rand.Rand, budget uint64) (*Deployment, error) {
	return PlanContext(context.Background(), cfg, p, r, budget, time.Time{})
}

// PlanContext is PlanDeployment whose search also stops at deadline
// (zero: none), for campaigns with a wall-clock budget.
func PlanContext(ctx context.Context, cfg chain.Config, p *program.Program, r *rand.Rand, budget uint64, deadline time.Time) (*Deployment, error) {
	n := len(p.Contracts)
	codes := make([]*trace.Code, n)
	for i, c := range p.Contracts {
		user := make([]bool, len(c.Artifact.Creation.Bytes))
		for k := range user {
			user[k] = true
		}
		codes[i] = trace.NewCode(c.Artifact.Creation.Bytes, user)
		for _, a := range c.CreationArithSites() {
			codes[i].SetArith(a.PC, trace.ArithType{Bits: uint16(a.Bits), Signed: a.Signed})
		}
	}
	tr := trace.New(codes)
	tr.RecordPaths(maxCtorPath)
	ch, err := chain.New(cfg, tr.Hooks())
	if err != nil {
		return nil, err
	}
	ch.SetOpHook(tr.Step)
	s := &ctorSearch{ctx: ctx, ch: ch, tr: tr, r: r, seen: make([]uint32, tr.Edges()), budget: budget, deadline: deadline,
		env: &calldata.Env{Addresses: append([]common.Address{chain.Deployer}, ch.Senders()...), Dict: calldata.NewDictionary(0)}}
	d := &Deployment{Addrs: make([]common.Address, n), Args: make([][]byte, n), Values: make([]*uint256.Int, n), Errors: make([]error, n), Grants: make([][]Grant, n)}
	abis := buildABIs(p)
	mem := members(ch)
	asts := map[*solc.Build]astTypes{}
	inits := initializersOf(p)
	done := make([]bool, n)
	srcs := map[int]twinSource{}
	for progress, force := true, false; progress || !force; {
		if !progress {
			force = true // what a parameter's type waits for never comes
		}
		progress = false
		for i, c := range p.Contracts {
			if done[i] {
				continue
			}
			if a, ok := ch.Forked(c.Name); ok { // already on the fork (chain.Fork)
				d.Addrs[i], done[i], progress, d.Order = a, true, true, append(d.Order, i)
				s.env.Addresses = append(s.env.Addresses, a)
				continue
			}
			if err := SetupStep(ctx, "plan", i); err != nil {
				return nil, err
			}
			code, ok, err := Link(c, p, d.Addrs, done)
			if err != nil {
				d.Errors[i], done[i] = err, true
				progress = true
				continue
			}
			if asts[c.Build] == nil {
				asts[c.Build] = ctorASTTypes(c)
			}
			params := ctorIfaceParams(c, abis, asts[c.Build].typesFor(c))
			if !ok || (!force && (waitsFor(p, params, done, i) || waitsForImplementation(p, inits, done, i) || initWaits(p, abis, inits[c], done, i))) {
				continue
			}
			done[i], progress = true, true
			fix, err := s.fitter(p, d, params, i)
			if err != nil {
				d.Errors[i] = err
				continue
			}
			fix = s.withImplementation(p, d, inits, i, fix)
			fix = withMembers(fix, c, params, mem, d)
			fix = withContractNames(fix, p, d, c, params, ch.Senders())
			s.grow = growMembers(fix, c, params, mem)
			addr, in, err := s.solve(i, c, code, fix)
			d.Addrs[i], d.Errors[i] = addr, err
			d.Order = append(d.Order, i)
			if err == nil {
				d.Args[i] = calldata.EncodeArgs(nil, in.args)
				d.Wraps = append(d.Wraps, s.ctorWraps(i, c, code, in, fix)...)
				if !in.value.IsZero() {
					d.Values[i] = &in.value
				}
				s.env.Addresses = append(s.env.Addresses, addr)
				d.Grants[i] = append(s.initialize(addr, inits[c], &initFit{p, d, abis, i}), s.grants(p, d, i)...)
				if twinWorthy(c) {
					srcs[i] = twinSource{code, in, fix}
				}
			}
		}
	}
	for i := range done {
		if !done[i] {
			d.Errors[i] = fmt.Errorf("%s: %w", p.Contracts[i].Name, ErrLibraryMissing)
		}
	}
	s.holdTokens(p, d)
	s.pullTokens(p, d)
	d.Twins = s.twins(p, d, srcs, d.Order)
	d.Execs = s.execs
	return d, nil
}

// waitsFor reports whether a contract that one of contract i's parameter
// types names or fits is still to be deployed.
func waitsFor(p *program.Program, params []ifaceParam, done []bool, i int) bool {
	for k := range params {
		for j, c := range p.Contracts {
			if j != i && !done[j] && c.Kind != "library" && params[k].fits(c) {
				return true
			}
		}
	}
	return false
}

// fitter returns what makes contract i's arguments fit its parameters'
// contract types: deployed contracts that fit, else Foresight's token
// (deployed on first need).
func (s *ctorSearch) fitter(p *program.Program, d *Deployment, params []ifaceParam, i int) (func(*ctorInput), error) {
	cands := make([][]common.Address, len(params))
	for k := range params {
		var named []common.Address
		for j, c := range p.Contracts {
			if j != i && d.Errors[j] == nil && d.Addrs[j] != (common.Address{}) && params[k].fits(c) {
				cands[k] = append(cands[k], d.Addrs[j])
				if c.Name == params[k].name {
					named = append(named, d.Addrs[j])
				}
			}
		}
		if len(named) > 0 {
			// A contract of the type the parameter names, not one that
			// only has its functions (a TokenA where TokenB is asked).
			cands[k] = named
		} else if byName := namedLike(p, d, ctorInputName(p.Contracts[i], params[k].input), cands[k]); len(byName) > 0 {
			// An IERC20 _sushi is the SushiToken, not any token.
			cands[k] = byName
		}
		if len(cands[k]) == 0 && params[k].tokenFits() {
			if d.Token == (common.Address{}) {
				addr, err := deployToken(s.ch)
				if err != nil {
					return nil, fmt.Errorf("deploy Foresight's token: %w", err)
				}
				d.Token = addr
			}
			cands[k] = []common.Address{d.Token}
		}
	}
	return func(in *ctorInput) {
		for k, ip := range params {
			if len(cands[k]) > 0 && ip.input < len(in.args) {
				setAddresses(s.r, &in.args[ip.input], cands[k])
			}
		}
		distinct(in.args, params, cands)
	}, nil
}

// Deploy replays a plan (PlanDeployment's, or recorded constructor
// arguments with no Order, deployed in the program's order) on ch, then
// funds the targets, makes the deployer a sender if a target keeps its
// address, and installs the attacker contracts.
func Deploy(ch *chain.Chain, p *program.Program, plan *Deployment) (*Deployment, error) {
	return DeployContext(context.Background(), ch, p, plan)
}

// DeployContext is Deploy that ends early, with ctx's error, once ctx is done.
func DeployContext(ctx context.Context, ch *chain.Chain, p *program.Program, plan *Deployment) (*Deployment, error) {
	n := len(p.Contracts)
	d := &Deployment{Addrs: make([]common.Address, n), Args: make([][]byte, n), Values: make([]*uint256.Int, n), Errors: make([]error, n), Grants: make([][]Grant, n), Order: plan.Order, Execs: plan.Execs, TokenHeld: plan.TokenHeld, TokenPulled: plan.TokenPulled}
	if plan.Token != (common.Address{}) {
		addr, err := deployToken(ch)
		if err != nil || addr != plan.Token {
			return nil, fmt.Errorf("deploy Foresight's token at %s: %v", plan.Token, err)
		}
		d.Token = addr
	}
	order := plan.Order
	if order == nil {
		order = recordedOrder(p, plan)
	}
	done := make([]bool, n)
	for _, i := range order {
		if err := SetupStep(ctx, "deploy", i); err != nil {
			return nil, err
		}
		c := p.Contracts[i]
		done[i] = true
		if a, ok := ch.Forked(c.Name); ok { // already on the fork (chain.Fork)
			d.Addrs[i] = a
			continue
		}
		if i < len(plan.Errors) && plan.Errors[i] != nil {
			d.Errors[i] = plan.Errors[i]
			continue
		}
		code, ok, err := Link(c, p, d.Addrs, done)
		if err != nil || !ok {
			d.Errors[i] = fmt.Errorf("deploy %s: %w", c.Name, errors.Join(err, ErrLibraryMissing))
			continue
		}
		var args []byte
		var v *uint256.Int
		if i < len(plan.Args) {
			args = plan.Args[i]
		}
		if i < len(plan.Values) {
			v = plan.Values[i]
		}
		res := ch.Call(chain.Tx{From: chain.Deployer, Input: append(append([]byte(nil), code...), args...), Value: v})
		if res.Err != nil {
			d.Errors[i] = fmt.Errorf("deploy %s: %w: %w", c.Name, ErrConstructorFailed, res.Err)
			continue
		}
		if plan.Order != nil && res.Created != plan.Addrs[i] {
			return nil, fmt.Errorf("deploy %s: at %s, not the planned %s", c.Name, res.Created, plan.Addrs[i])
		}
		d.Addrs[i], d.Args[i], d.Values[i] = res.Created, args, v
		if i < len(plan.Grants) && len(plan.Grants[i]) > 0 {
			if err := ApplyGrants(ch, c.Name, plan.Grants[i]); err != nil {
				return nil, err
			}
			d.Grants[i] = plan.Grants[i]
		}
	}
	for i := range done {
		if !done[i] {
			d.Errors[i] = fmt.Errorf("%s: %w", p.Contracts[i].Name, ErrLibraryMissing)
		}
	}
	// Targets hold other users' ether, so that a leak shows without a
	// victim's deposit first.
	for i, c := range p.Contracts {
		if _, forked := ch.Forked(c.Name); c.Target && d.Errors[i] == nil && !forked {
			b := ch.State().GetBalance(d.Addrs[i])
			ch.Install(d.Addrs[i], nil, new(uint256.Int).Add(b, TargetFunds))
		}
	}
	// Owner-only code would otherwise never run (Echidna sends from the
	// deployer too): the deployer and the accounts the deployment granted
	// a role (roles.go) configure (enable a parameter, create a market,
	// unpause) and users act on it. What they do is privileged.
	// The search reads thousands of slots (candidates times mapping
	// roots), which go-ethereum caches, unjournaled, in the state it
	// reads; on the chain's own state every later copy of it (a
	// snapshot, each reset for a sequence) would copy them all. It reads
	// a copy, which it drops.
	st := ch.State().Copy()
	var err error
	if d.Roles, d.PrivNamed, err = privileged(ctx, st, ch, p, d); err != nil {
		return nil, err
	}
	for _, a := range d.Roles {
		ch.Install(a, nil, new(uint256.Int).Set(chain.InitialBalance))
		ch.AddSender(a)
	}
	ch.AddSender(chain.Deployer)
	InstallAttackers(ch)
	d.Senders = append([]common.Address(nil), ch.Senders()...)
	return d, nil
}

// recordedOrder is the order recorded arguments deploy in: libraries
// before the contracts that link them, else the program's.
func recordedOrder(p *program.Program, plan *Deployment) []int {
	var order []int
	placed := make([]bool, len(p.Contracts))
	fake := make([]common.Address, len(p.Contracts))
	for progress := true; progress; {
		progress = false
		for i, c := range p.Contracts {
			if placed[i] {
				continue
			}
			if _, ok, err := Link(c, p, fake, placed); err == nil && !ok {
				continue
			}
			placed[i], progress = true, true
			fake[i] = common.Address{1}
			order = append(order, i)
		}
	}
	return order
}

// Link returns c's creation code with library addresses written in, or
// false if a library it needs is not deployed yet. A library is the one
// of c's own build (linkLibrary).
func Link(c *program.Contract, p *program.Program, addrs []common.Address, done []bool) ([]byte, bool, error) {
	refs := c.Artifact.Creation.LinkReferences
	if len(refs) == 0 {
		return c.Artifact.Creation.Bytes, true, nil
	}
	code := append([]byte(nil), c.Artifact.Creation.Bytes...)
	for file, libs := range refs {
		for lib, ranges := range libs {
			li := linkLibrary(c, p, file, lib)
			if li < 0 {
				return nil, false, libraryError(fmt.Sprintf("%s links library %s:%s, which is not in the build", c.Name, file, lib))
			}
			if !done[li] {
				return nil, false, nil
			}
			if addrs[li] == (common.Address{}) {
				return nil, false, libraryError(c.Name + " links library " + lib + ", which failed to deploy")
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

// linkLibrary is the index in p of the library file:lib that c links
// (-1: none): the one of c's own build. A project whose files need two
// compilers compiles a library both import with each, and c's code was
// compiled against its own build's (a 0.4 contract must not run a 0.8
// library's checked arithmetic); a library of another build only when
// c's has none.
func linkLibrary(c *program.Contract, p *program.Program, file, lib string) int {
	li := -1
	for j, other := range p.Contracts {
		if other.Name != lib || (other.Artifact.Unit != file && file != "") {
			continue
		}
		if other.Build == c.Build {
			return j
		}
		if li < 0 {
			li = j
		}
	}
	return li
}
