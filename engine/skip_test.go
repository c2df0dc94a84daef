package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// skipNote is a fixture's "// skip: REASON" comment and the contract it
// stands above.
var skipNote = regexp.MustCompile(`// skip: ([^\n]+)\ncontract (\w+)`)

// TestSkipReasons fuzzes testdata/deploy/skips.sol, whose targets never
// deploy: each contract is skipped with the reason its comment gives,
// whatever its name says, in the report and in its setup, and no
// transaction goes to an address where nothing was deployed.
func TestSkipReasons(t *testing.T) {
	path := filepath.Join("testdata", "deploy", "skips.sol")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range skipNote.FindAllStringSubmatch(string(src), -1) {
		want = append(want, m[2]+": "+m[1])
	}
	rep, err := Fuzz(context.Background(), compile(t, path), Options{Settings: Settings{Seed: 1, Execs: 4_000}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, sk := range rep.Skipped {
		got = append(got, sk.Contract+": "+sk.Kind.String())
	}
	slices.Sort(got)
	if slices.Sort(want); !slices.Equal(got, want) {
		t.Errorf("skipped %q, want %q", got, want)
	}
	for _, d := range rep.Setup.Contracts {
		if d.Error != "" && d.Skip.String() != "constructor reverted" {
			t.Errorf("setup: %s: %q, want constructor reverted (%s)", d.Name, d.Skip, d.Error)
		}
	}
	if rep.Contracts != 0 || rep.Txs != 0 {
		t.Errorf("%d contracts sent %d transactions, want none: nothing deployed", rep.Contracts, rep.Txs)
	}
	if rep.Execs == 0 || rep.Execs != rep.DeployExecs {
		t.Errorf("%d executions, want the deployment's %d constructor runs alone", rep.Execs, rep.DeployExecs)
	}
}
