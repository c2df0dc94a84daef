package fuzz

import (
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
)

// This file is the campaign from a Foundry set-up (Config.SetUp): the test
// contract's setUp() deploys the system, as forge does before an invariant
// test, and the campaign fuzzes what forge's invariant runner would (the
// StdInvariant targets, restricted to their selectors) and checks the test
// contract's invariant functions.

// setUpPlan is what a set-up campaign fuzzes, learnt by running setUp()
// once before the workers (each worker runs it again on its own chain; it
// is deterministic, so the addresses agree).
type setUpPlan struct {
	test       int                      // the test contract's index
	selectors  map[int]map[[4]byte]bool // per target contract, its callable selectors
	invariants []program.Method         // the test contract's invariant functions
	addrs      map[int]common.Address   // per contract, the instance transactions go to
	// saved is the set-up the chains resume from (Config.SetUps had
	// it); nil: each chain runs setUp().
	saved *cheatcode.Setup
	// onlySenders: targetSender named the senders, and forge sends from
	// them alone, never from the fuzzer's attacker contracts.
	onlySenders bool
	// plain: per target contract, no selector was chosen for it, so its
	// receive or payable fallback is called (with value) too.
	plain map[int]bool
}

// planSetUp runs the set-up once, or resumes the one Config.SetUps kept
// for the same bytecode, and keeps its targets and invariants; a set-up
// it ran goes into Config.SetUps for the next campaign.
func (c *campaign) planSetUp() error {
	var saved *cheatcode.Setup
	var creation [][]bool
	key, keyed := setUpKey(c.prog, &c.cfg)
	keyed = keyed && c.cfg.SetUps != nil
	if keyed {
		saved, creation = c.cfg.SetUps.lookup(key)
	}
	var rec *creationRecorder
	if saved == nil {
		rec = newCreationRecorder(nil)
	}
	_, _, s, err := c.runSetUp(nil, nil, rec, saved)
	if err != nil {
		return err
	}
	if rec != nil {
		creation = rec.byContract(len(c.prog.Contracts), func(yield func(common.Address, int)) {
			for _, d := range append([]cheatcode.Deployed{s.Test}, s.Deployed...) {
				if d.Contract != nil {
					yield(d.Address, d.Contract.Index)
				}
			}
		})
	}
	c.creation.set(creation)
	if keyed && saved == nil {
		c.cfg.SetUps.keep(key, s, creation)
	}
	plan := &setUpPlan{
		test:       s.Test.Contract.Index,
		selectors:  map[int]map[[4]byte]bool{},
		invariants: s.Invariants,
		addrs:      map[int]common.Address{},
		saved:      saved,
	}
	plan.onlySenders, plan.plain = len(s.TargetSenders) > 0, map[int]bool{}
	for _, t := range s.Targets() {
		ci := t.Contract.Index
		if _, ok := plan.addrs[ci]; !ok {
			// Several instances of one contract: the first is fuzzed
			// (transactions name a contract, not an instance).
			plan.addrs[ci] = t.Address
			plan.selectors[ci] = map[[4]byte]bool{}
		}
		for _, sel := range t.Selectors {
			plan.selectors[ci][sel] = true
		}
		plan.plain[ci] = plan.plain[ci] || !t.Chosen
	}
	plan.addrs[plan.test] = s.Test.Address
	c.plan = plan
	return nil
}

// runSetUp builds a chain with the cheatcodes' hooks in front of hooks, and
// tr's step then the cheatcodes' as its per-opcode hook (tr nil: rec's,
// if any, then the cheatcodes'), and runs the test contract's
// setUp() on it, or, with saved, starts it from what saved's setUp() built.
func (c *campaign) runSetUp(hooks *tracing.Hooks, tr *trace.Tracer, rec *creationRecorder, saved *cheatcode.Setup) (*chain.Chain, *cheatcode.Cheats, *cheatcode.Setup, error) {
	tc, ok := c.prog.Lookup(c.cfg.SetUp)
	if !ok {
		return nil, nil, nil, fmt.Errorf("%w: no compiled contract %q", cheatcode.ErrSetUp, c.cfg.SetUp)
	}
	cheats := cheatcode.New()
	cheats.Swaps = c.cfg.Swaps
	ch, err := chain.New(c.cfg.Chain, cheats.Hooks(hooks))
	if err != nil {
		return nil, nil, nil, err
	}
	if rec != nil && tr == nil {
		ch.SetOpHook(rec.step) // Attach puts the cheatcodes' after it
	}
	cheats.Attach(ch)
	if tr != nil {
		ch.SetOpHook(tr.StepThen(cheats.Then()))
		if !probesTraced {
			ch.SetProbeHook(tr.ProbeStepThen(cheats.Then()))
		}
	}
	if saved != nil {
		s, err := c.cfg.SetUps.resume(ch, cheats, c.prog, saved)
		if err != nil {
			return nil, nil, nil, &SetUpError{Contract: tc.Name, Err: err}
		}
		return ch, cheats, s, nil
	}
	// setUp() may loop for a billion gas (cheatcode.SetUpGas), seconds of
	// work: the campaign's end aborts it as the wall-clock guard would.
	// The EVM is the one setUp() starts on (a fork it selects runs on
	// another, which only the guard ends).
	if c.ctx != nil {
		stop := context.AfterFunc(c.ctx, ch.EVM().Cancel)
		defer stop()
	}
	s, err := cheatcode.SetUp(ch, cheats, c.prog, tc.Name)
	if c.ctx != nil && c.ctx.Err() != nil {
		return nil, nil, nil, &SetUpError{Contract: tc.Name, Err: fmt.Errorf("setUp() ended: %w", c.ctx.Err())}
	}
	if err != nil {
		return nil, nil, nil, &SetUpError{Contract: tc.Name, Err: err}
	}
	return ch, cheats, s, nil
}

// A SetUpError is the failure of a Foundry test contract's set-up (its
// deployment or setUp()), named: Err says what failed, without the name.
type SetUpError struct {
	Contract string
	Err      error
}

func (e *SetUpError) Error() string { return e.Contract + ": " + e.Err.Error() }
func (e *SetUpError) Unwrap() error { return e.Err }

// deploySetUp is newWorker's deployment for a set-up campaign: setUp() on
// a chain whose tracer is behind the cheatcodes, every contract it created
// bound to the tracer, and the attackers installed.
func (c *campaign) deploySetUp(tr *trace.Tracer, hooks *tracing.Hooks) (*chain.Chain, *cheatcode.Cheats, *deploy.Deployment, error) {
	ch, cheats, s, err := c.runSetUp(hooks, tr, nil, c.plan.saved)
	if err != nil {
		return nil, nil, nil, err
	}
	if senders := s.Senders(ch.Senders()); len(senders) > 0 && (len(s.TargetSenders) > 0 || len(s.ExcludeSenders) > 0) {
		// As forge's invariant runner: transactions come from the
		// senders setUp() named (targetSender), less those it excluded.
		ch.SetSenders(senders)
	}
	n := len(c.prog.Contracts)
	dep := &deploy.Deployment{Addrs: make([]common.Address, n), Args: make([][]byte, n), Errors: make([]error, n)}
	for _, d := range append([]cheatcode.Deployed{s.Test}, s.Deployed...) {
		if d.Contract != nil {
			tr.Bind(d.Address, d.Contract.Index)
		}
	}
	for ci, a := range c.plan.addrs {
		dep.Addrs[ci] = a
	}
	for ci := range dep.Addrs {
		if dep.Addrs[ci] == (common.Address{}) {
			dep.Errors[ci] = ErrNotInSetUp
		}
	}
	deploy.InstallAttackers(ch)
	dep.Senders = append([]common.Address(nil), ch.Senders()...)
	return ch, cheats, dep, nil
}

// ErrNotInSetUp marks the contracts a set-up campaign does not send to
// in its Deployment.
var ErrNotInSetUp = errors.New("not a target of the set-up")

// fuzzes reports whether the campaign sends transactions to contract ci.
func (c *campaign) fuzzes(ci int) bool {
	if c.plan != nil {
		_, ok := c.plan.selectors[ci]
		return ok
	}
	return c.prog.Contracts[ci].Target && (c.undeployed == nil || !c.undeployed[ci])
}

// markUndeployed plans the deployment and marks the targets (of those
// allowed, if any are named) it could not deploy, so that no execution is
// spent calling them, even when none deployed: a campaign would only
// call empty addresses, and "no findings" would vouch for code that never
// ran (setup then returns ErrNothingDeployed).
func (c *campaign) markUndeployed(allowed map[string]bool) error {
	plan, err := c.planDeployment()
	if err != nil {
		return err
	}
	failed := make([]bool, len(c.prog.Contracts))
	for i, ct := range c.prog.Contracts {
		if !ct.Target || (len(allowed) > 0 && !allowed[ct.Name]) {
			continue
		}
		failed[i] = i < len(plan.Errors) && plan.Errors[i] != nil
	}
	c.undeployed = failed
	return nil
}

// ErrNothingDeployed is returned by Run, with the Result of the
// deployment alone, when targets failed to deploy and none deployed: the
// caller reports each as skipped, with its deployment's error.
var ErrNothingDeployed = errors.New("no contract to fuzz could be deployed")

// callable reports whether method m of contract ci is called.
func (c *campaign) callable(ci int, m *program.Method) bool {
	return c.plan == nil || c.plan.selectors[ci][m.Selector]
}

// checksOf returns the property and invariant functions checked on
// contract ci: a set-up campaign checks only the test contract's
// invariants (a contract's own checks hold only where it was deployed as
// a harness).
func (c *campaign) checksOf(ci int) []program.Method {
	if c.plan == nil {
		return c.prog.Contracts[ci].Checks
	}
	if ci == c.plan.test {
		return c.plan.invariants
	}
	return nil
}

// fuzzedCounts counts the contracts and functions the campaign calls.
func (c *campaign) fuzzedCounts() (contracts, functions int) {
	seen := map[int]bool{}
	for _, t := range c.calls {
		if !seen[t.Contract] {
			seen[t.Contract] = true
			contracts++
		}
		if t.Method >= 0 {
			functions++
		}
	}
	return contracts, functions
}
