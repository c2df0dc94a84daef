package oracle

import (
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/trace"
)

var compile = testbuild.Program

// testCampaign turns on the kinds it holds, knows no finding, and keeps
// the findings reported to it.
type testCampaign struct {
	on       map[finding.Kind]bool
	reported []*finding.Finding
}

func (c *testCampaign) Enabled(k finding.Kind) bool { return c.on[k] }

func (c *testCampaign) Known(finding.Key) bool { return false }

func (c *testCampaign) Report(f *finding.Finding) { c.reported = append(c.reported, f) }

// testMachine compiles path and deploys its program as a campaign's
// worker does (the plan a campaign's seed 1 makes, on a traced chain),
// with only the kinds on turned on.
func testMachine(t *testing.T, path string, on ...finding.Kind) *Machine {
	t.Helper()
	p := compile(t, path)
	plan, err := deploy.PlanDeployment(chain.Config{}, p, rand.New(rand.NewPCG(1, 0xdeb10e)), uint64(len(p.Contracts))*deploy.CtorBudget)
	if err != nil {
		t.Fatal(err)
	}
	codes := make([]*trace.Code, len(p.Contracts))
	for i, ct := range p.Contracts {
		codes[i] = TraceCode(ct)
	}
	tr := trace.New(codes)
	ch, err := chain.New(chain.Config{}, tr.Hooks())
	if err != nil {
		t.Fatal(err)
	}
	ch.SetOpHook(tr.Step)
	dep, err := deploy.Deploy(ch, p, plan)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range dep.Addrs {
		if a != (common.Address{}) {
			tr.Bind(a, i)
		}
	}
	c := &testCampaign{on: map[finding.Kind]bool{}}
	for _, k := range on {
		c.on[k] = true
	}
	m := &Machine{Chain: ch, Tracer: tr, Prog: p, Dep: dep, Base: ch.Snapshot(), Campaign: c}
	m.Principals = deploy.PrincipalAddrs(ch)
	m.Privileged, m.Entitled = deploy.PrivilegedOf(m.Principals, dep, p)
	tr.SetPrincipals(m.Principals)
	return m
}
