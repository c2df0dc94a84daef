package fuzz

import (
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestCallsOut checks which examples get attacker senders: those whose
// code can call or pay (QuizGame sends, BonusWallet self-destructs), not
// those whose only such byte lies in solc's metadata (PathsBaz).
func TestCallsOut(t *testing.T) {
	for file, want := range map[string]bool{"SequenceFoo.sol": false, "PathsBaz.sol": false, "QuizGame.sol": true, "BonusWallet.sol": true} {
		p := compile(t, fixtures.Example(t, file))
		if got := callsOut(p.Contracts[0].Artifact.Runtime.Bytes); got != want {
			t.Errorf("%s: callsOut %v, want %v", file, got, want)
		}
	}
	if !callsOut([]byte{0x60, 0xf1, 0xf1}) || callsOut([]byte{0x60, 0xf1, 0x00}) {
		t.Error("push data must be skipped, instructions not")
	}
}
