package engine

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// forgeHarness is one hand-written Foundry harness of
// testdata/harnesses (harnesses.tsv): its folder, test file, and whether
// its invariant can fail under forge's semantics.
type forgeHarness struct {
	name, test string
	bug        bool
}

func forgeHarnesses(t *testing.T) []forgeHarness {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "harnesses", "harnesses.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []forgeHarness
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("harnesses.tsv: %q is not name, test, bug", line)
		}
		out = append(out, forgeHarness{cols[0], cols[1], cols[2] == "yes"})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// harnessBudget is each harness's campaign: a fixed seed, one worker and
// an execution budget, so the result is the same on a busy machine.
var harnessBudget = Settings{Seed: 1, Execs: 20_000, Workers: 1}

// TestForgeHarnesses runs each hand-written harness as forge would (its
// setUp(), its StdInvariant choices, its invariants) and checks that the
// invariant fails exactly where a bug is reachable under forge's
// semantics: a harness whose choices leave the bug out must not fail (a
// contract, selector, artifact or sender forge would not use was used),
// and one whose bug needs them right must (targetSenders() alone, a
// receive() or payable fallback called with value, the test contract as
// its own target, an invariant broken by the transaction a built-in
// oracle also reports).
func TestForgeHarnesses(t *testing.T) {
	for _, h := range forgeHarnesses(t) {
		t.Run(h.name, func(t *testing.T) {
			_, bs := testbuild.FoundryProject(t, filepath.Join("..", "testdata", "harnesses", h.name), h.test)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: harnessBudget})
			if err != nil {
				t.Fatal(err)
			}
			var kinds []string
			solved := false
			for _, f := range rep.Findings {
				kinds = append(kinds, f.Kind+"@"+f.Check)
				solved = solved || f.Kind == "invariant"
			}
			if solved != h.bug {
				t.Errorf("invariant failed: %v, want %v (set-up %s, %d contracts, %d functions, findings %v)",
					solved, h.bug, rep.SetUp, rep.Contracts, rep.Functions, kinds)
			}
		})
	}
}
