package behaviour

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// This file sets up one build's side of a comparison: its chain, the
// shared deployment plan replayed on it.

// planSearch bounds the constructor-argument search of the plan.
const planSearch = 2000

// sharedPlan is the deployment both sides replay: found once on the new
// build, applied to each side's contracts by name.
type sharedPlan struct {
	cfg  chain.Config
	plan *deploy.Deployment
	prog *program.Program // the program the plan was found on
}

func planFor(ctx context.Context, newProg *program.Program, builds []*solc.Build, seed uint64) (*sharedPlan, error) {
	cfg := chain.Config{EVMVersion: evmVersion(builds)}
	plan, err := deploy.PlanContext(ctx, cfg, newProg, rand.New(rand.NewPCG(seed, 0xd1ff)), planSearch, time.Time{})
	if err != nil {
		return nil, fmt.Errorf("plan the deployment: %w", err)
	}
	return &sharedPlan{cfg: cfg, plan: plan, prog: newProg}, nil
}

// evmVersion is the project's EVM version, which both sides run under.
func evmVersion(builds []*solc.Build) string {
	for _, b := range builds {
		if b.Project != nil && b.Project.Settings.EVMVersion != "" && chain.NotBefore(b.Project.Settings.EVMVersion, "homestead") {
			return b.Project.Settings.EVMVersion
		}
	}
	return ""
}

// onto maps the plan onto prog's contracts by name. The recorded order
// and addresses are kept when prog has the same contracts; otherwise each
// side deploys in its program's order.
func (sp *sharedPlan) onto(prog *program.Program) *deploy.Deployment {
	n := len(prog.Contracts)
	d := &deploy.Deployment{Args: make([][]byte, n), Values: make([]*uint256.Int, n), Errors: make([]error, n), Grants: make([][]deploy.Grant, n), Token: sp.plan.Token, TokenHeld: nil}
	at := make([]int, len(sp.prog.Contracts)) // plan index -> prog index
	same := len(sp.prog.Contracts) == n
	for j, c := range sp.prog.Contracts {
		at[j] = -1
		oc, ok := prog.Lookup(c.Name)
		if !ok {
			same = false
			continue
		}
		i := oc.Index
		at[j] = i
		if !sameCtor(c, oc) {
			continue // the generated arguments may not fit: the search finds none either
		}
		d.Args[i], d.Values[i] = at0(sp.plan.Args, j), at0(sp.plan.Values, j)
		d.Grants[i] = at0(sp.plan.Grants, j)
		d.Errors[i] = at0(sp.plan.Errors, j)
	}
	if same && sp.plan.Order != nil {
		d.Addrs = make([]common.Address, n)
		for _, j := range sp.plan.Order {
			d.Order = append(d.Order, at[j])
			d.Addrs[at[j]] = sp.plan.Addrs[j]
		}
	}
	for _, j := range sp.plan.TokenHeld {
		if at[j] >= 0 {
			d.TokenHeld = append(d.TokenHeld, at[j])
		}
	}
	return d
}

// sameCtor reports whether two contracts' constructors take the same
// parameters.
func sameCtor(a, b *program.Contract) bool {
	return a.ABI.Constructor.Sig == b.ABI.Constructor.Sig
}

func at0[T any](xs []T, i int) T {
	var zero T
	if i < len(xs) {
		return xs[i]
	}
	return zero
}

// side is one build, deployed, with its pristine state to reset to.
type side struct {
	prog *program.Program
	ch   *chain.Chain
	dep  *deploy.Deployment
	snap chain.Snapshot
	// snapBlock is the block the sequences start in.
	snapBlock chain.Block
	byName    map[string]*program.Contract
}

func newSide(ctx context.Context, prog *program.Program, sp *sharedPlan) (*side, error) {
	ch, err := chain.New(sp.cfg, nil)
	if err != nil {
		return nil, err
	}
	dep, err := deploy.DeployContext(ctx, ch, prog, sp.onto(prog))
	if err != nil {
		return nil, fmt.Errorf("deploy: %w", err)
	}
	s := &side{prog: prog, ch: ch, dep: dep, byName: map[string]*program.Contract{}}
	for _, c := range prog.Contracts {
		s.byName[c.Name] = c
	}
	s.snap, s.snapBlock = ch.Snapshot(), ch.Block
	return s, nil
}

// addr is where the named contract lives on this side (zero if it did
// not deploy).
func (s *side) addr(name string) common.Address {
	c, ok := s.byName[name]
	if !ok || c.Index >= len(s.dep.Addrs) {
		return common.Address{}
	}
	return s.dep.Addrs[c.Index]
}
