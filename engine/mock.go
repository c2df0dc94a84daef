package engine

import (
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
)

// isMock reports whether finding f is in a test helper or mock
// (report.IsMock), reported apart and not counted. A harness's own
// invariant or property never is, nor a finding in a contract of the
// set-up's own file: a Foundry test that deploys a contract it defines
// beside itself wrote it to be fuzzed.
func isMock(p *program.Program, f *fuzz.Finding, setUp string) bool {
	c := p.Contracts[f.Contract]
	if f.Check != "" || !report.IsMock(c.Artifact.Unit, c.Name) {
		return false
	}
	if s, ok := p.Lookup(setUp); ok && setUp != "" && s.Artifact.Unit == c.Artifact.Unit {
		return false
	}
	return true
}
