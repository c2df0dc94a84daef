package foundry_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

var update = flag.Bool("update", false, "rewrite the golden exported tests in testdata/golden")

// TestExportGolden exports every finding of a few check-forge-export
// fixtures' fixed-seed campaigns in both styles and compares each test
// with its golden file (testdata/golden/<fixture>_<n>_<kind>.<style>.t.sol;
// go test -update rewrites them): the regression form (issue 48) calls
// through the contract's interface, writes amounts in units and ends in
// one verdict; the proof form asserts as it goes.
func TestExportGolden(t *testing.T) {
	for _, fixture := range []string{"ether", "forge-std", "ds-test", "refund"} {
		t.Run(fixture, func(t *testing.T) {
			t.Parallel()
			root, files, opts := harmProject(t, filepath.Join(forgeExport, fixture))
			bs := testbuild.CompileIn(t, root, files...)
			rep, err := engine.Fuzz(context.Background(), bs, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Findings) == 0 {
				t.Fatal("no finding")
			}
			for i, f := range rep.Findings {
				for _, style := range []struct {
					name string
					s    foundry.Style
				}{{"regression", foundry.Regression}, {"proof", foundry.Proof}} {
					_, src, err := export.FoundryTestWith(f, rep.Setup, bs, export.Options{Style: style.s, N: i + 1})
					if err != nil {
						t.Fatal(err)
					}
					golden := filepath.Join("testdata", "golden", fmt.Sprintf("%s_%d_%s.%s.t.sol", fixture, i+1, f.Kind, style.name))
					if *update {
						writeFile(t, golden, []byte(src))
						continue
					}
					want, err := os.ReadFile(golden)
					if err != nil {
						t.Fatalf("%v (go test -update writes it)", err)
					}
					if string(want) != src {
						t.Errorf("%s differs (go test -update rewrites it):\n%s", golden, diffLines(string(want), src))
					}
				}
			}
		})
	}
}

// diffLines lists the lines of got that differ from want's, by position.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n- %s\n+ %s\n", i+1, a, c)
		}
	}
	return b.String()
}
