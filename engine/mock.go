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
// beside itself wrote it to be fuzzed. Nor is a finding placed in code
// outside the mocks that a mock only inherits: a test contract that
// deploys an abstract core contract (Zodiac's TestModifier is Modifier)
// reaches the core's missing check, which is the project's to fix.
func isMock(p *program.Program, f *fuzz.Finding, setUp string) bool {
	c := p.Contracts[f.Contract]
	if f.Check != "" || !report.IsMock(c.Artifact.Unit, c.Name) {
		return false
	}
	if f.Located && f.Location.Unit != "" && !report.IsMock(f.Location.Unit, "") {
		return false
	}
	if s, ok := p.Lookup(setUp); ok && setUp != "" && s.Artifact.Unit == c.Artifact.Unit {
		return false
	}
	return true
}
