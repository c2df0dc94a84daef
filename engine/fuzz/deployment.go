package fuzz

import (
	"fmt"
	"github.com/foresight-sol/foresight/engine/oracle"
	"math/rand/v2"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
)

// This file is the campaign's side of deployment (engine/deploy): the
// plan made once per campaign and counted in its executions, each
// worker's chain deployed from it, and the constructors' findings.

import "github.com/foresight-sol/foresight/engine/deploy"

// reportCtorWraps turns the deployment's constructor wraps into findings.
func (c *campaign) reportCtorWraps(d *deploy.Deployment) {
	if !c.enabled(finding.IntegerWrap) {
		return
	}
	for _, w := range d.Wraps {
		ct := c.prog.Contracts[w.Contract]
		f := &Finding{Kind: finding.IntegerWrap, Contract: w.Contract, PC: w.PC,
			Detail: fmt.Sprintf("the constructor's result wrapped around its type and was then stored, compared, sent or passed to another contract, with the constructor arguments %s (chosen by the deployer, a privileged sender)", oracle.FormatArgs(ct, w.Args))}
		f.Location, f.Located = ct.Locate(w.PC, true)
		c.addOnce(f)
	}
}

// addOnce records f, a finding without a sequence to shrink (a
// constructor's, a twin's), unless one with its key exists.
func (c *campaign) addOnce(f *Finding) {
	key := f.Key()
	c.mu.Lock()
	dup := c.keys[key]
	c.keys[key] = true
	if !dup {
		c.findings = append(c.findings, f)
	}
	c.mu.Unlock()
	if !dup && c.cfg.OnFinding != nil {
		c.cfg.OnFinding(f)
	}
}

// planDeployment returns the campaign's deployment plan, made once (the
// workers are made one after another) and counted in its executions.
//
// The search's bound does not depend on the campaign's budget (it used
// to be a quarter of --execs and of --timeout): a campaign's first N
// executions are then those of any longer campaign with the same seed
// (docs/schedule.md). A budget smaller than the search ends the
// campaign within it; a timed campaign's context ends it at the deadline.
func (c *campaign) planDeployment() (*deploy.Deployment, error) {
	if c.deployPlan != nil {
		return c.deployPlan, nil
	}
	if c.cfg.Deployment != nil {
		c.deployPlan = c.cfg.Deployment
		return c.deployPlan, nil
	}
	budget := uint64(len(c.prog.Contracts)) * deploy.CtorBudget
	if c.cfg.Execs > 0 {
		budget = min(budget, c.cfg.Execs)
	}
	plan, err := deploy.PlanContext(c.ctx, c.cfg.Chain, c.prog, rand.New(rand.NewPCG(c.cfg.Seed, 0xdeb10e)), budget, time.Time{})
	if err != nil {
		return nil, err
	}
	c.deployPlan = plan
	c.execs.Add(plan.Execs)
	c.reportCtorWraps(plan)
	return plan, nil
}

// probesTraced runs the invariant, property and balance probes under the
// tracer's Step, as before chain.SetProbeHook: the baseline of
// BenchmarkInvariantProbe and of TestProbeStepSameCampaign, in the same
// run. Set only by those.
var probesTraced bool

// deploy builds a worker's chain and deploys the program on it: from the
// Foundry set-up, or every contract from chain.Deployer.
func (c *campaign) deploy(tr *trace.Tracer, hooks *tracing.Hooks) (*chain.Chain, *cheatcode.Cheats, *deploy.Deployment, error) {
	if c.plan != nil {
		return c.deploySetUp(tr, hooks)
	}
	ch, err := chain.New(c.cfg.Chain, hooks)
	if err != nil {
		return nil, nil, nil, err
	}
	ch.SetOpHook(tr.Step)
	plan, err := c.planDeployment()
	if err != nil {
		return nil, nil, nil, err
	}
	var rec *creationRecorder
	if c.creation.claim() {
		rec = newCreationRecorder(tr.Step)
		ch.SetOpHook(rec.step)
	}
	dep, err := deploy.DeployContext(c.ctx, ch, c.prog, plan)
	if err != nil {
		return nil, nil, nil, err
	}
	if rec != nil {
		ch.SetOpHook(tr.Step)
		c.creation.set(rec.byContract(len(c.prog.Contracts), func(yield func(common.Address, int)) {
			for ci, a := range dep.Addrs {
				yield(a, ci)
			}
		}))
	}
	if !probesTraced {
		ch.SetProbeHook(tr.ProbeStep)
	}
	for i, a := range dep.Addrs {
		if a != (common.Address{}) {
			tr.Bind(a, i)
		}
	}
	return ch, nil, dep, nil
}
