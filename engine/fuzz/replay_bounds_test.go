package fuzz

import (
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestReplayRejectsSenderOutOfRange: a report's sender or contract index
// outside the replayed system is an error, not a panic or another sender
// (a negative index used to panic; one past the senders was taken modulo).
func TestReplayRejectsSenderOutOfRange(t *testing.T) {
	prog := compile(t, fixtures.Example(t, "TwoObjectives.sol"))
	c, ok := prog.Lookup("TwoObjectives")
	if !ok {
		t.Fatal("no contract TwoObjectives")
	}
	for _, tt := range []struct {
		call RawCall
		want string
	}{
		{RawCall{Contract: c.Index, Sender: -1}, "sender index -1 out of range"},
		{RawCall{Contract: c.Index, Sender: 200}, "sender index 200 out of range"},
		{RawCall{Contract: -1}, "contract index -1 out of range"},
		{RawCall{Contract: len(prog.Contracts)}, "out of range"},
	} {
		_, err := Replay(prog, chain.Config{}, 0, nil, []RawCall{tt.call}, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: err = %v, want %q", tt.call, err, tt.want)
		}
	}
}
