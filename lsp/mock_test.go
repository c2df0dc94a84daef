package lsp

import (
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// TestMockDiagnostic: a finding in a mock or test helper (report.IsMock)
// shows in the editor labelled "(mock)" and as information, below the
// project's own findings; the project's own keep their kind's severity.
func TestMockDiagnostic(t *testing.T) {
	src := session.NewText([]byte("contract Killable { function kill() external { selfdestruct(payable(msg.sender)); } }\n"))
	own := &session.Finding{ID: "1", Path: "/p/src/Bank.sol", Text: src, Found: report.Finding{Kind: "SWC-106", Severity: "error", Message: "Killable.kill destroyed the contract.", Start: 47, End: 80}}
	mock := &session.Finding{ID: "2", Path: "/p/mocks/Killable.sol", Text: src, Found: own.Found}
	mock.Found.Mock = true
	if d := diagnosticOf(own); d.Severity != protocol.DiagnosticSeverityError || d.Message != own.Found.Message {
		t.Errorf("own finding: severity %v, message %q", d.Severity, d.Message)
	}
	if d := diagnosticOf(mock); d.Severity != protocol.DiagnosticSeverityInformation || !strings.HasPrefix(d.Message, "(mock) ") {
		t.Errorf("mock finding: severity %v, message %q; want information, labelled (mock)", d.Severity, d.Message)
	}
}
