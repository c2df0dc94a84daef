package engine

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
)

// TestReplayReproducesTokenTheft: a token-theft finding replays as
// reported. A replay sends each call's recorded calldata (Tx.Raw), and
// the oracle took any raw call of the victim's (its mint) for a possible
// approval, so the replay said the sequence no longer failed.
func TestReplayReproducesTokenTheft(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "vulns", "token_pos_nft.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 20_000}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range rep.Findings {
		if finding.Kind(f.Kind) != finding.TokenTheft {
			continue
		}
		n++
		tr, err := Replay(bs, rep.Setup, f)
		if err != nil {
			t.Fatal(err)
		}
		if !tr.Reproduced {
			t.Errorf("the token-theft finding at line %d did not reproduce:\n%s", f.Line, FormatTrace(tr, bs))
		}
	}
	if n == 0 {
		t.Fatal("no token-theft finding to replay")
	}
}
