package foundry_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// confirmedAfter is the SWC-128 finding's wording of the calls its
// oracle made before the last ran out of a block's gas.
var confirmedAfter = regexp.MustCompile(`confirmed: after ([0-9]+) calls it ran out of gas`)

// TestExportGasDoSRepeats exports the gasdos fixture's SWC-128 finding:
// the exported test repeats the growing call as often as the replay's
// oracle measured (finding.Facts.Repeats, at most four times over), the
// count the finding's message gives. forge alone runs that test
// (TestExportProvesHarm's forgeOnly); its text is checked here.
func TestExportGasDoSRepeats(t *testing.T) {
	root, files, opts := harmProject(t, filepath.Join(forgeExport, "gasdos"))
	bs := testbuild.CompileIn(t, root, files...)
	rep, err := engine.Fuzz(context.Background(), bs, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Kind != "SWC-128" {
		t.Fatalf("findings %+v, want one SWC-128", rep.Findings)
	}
	f := rep.Findings[0]
	m := confirmedAfter.FindStringSubmatch(f.Detail)
	if m == nil {
		t.Fatalf("the finding gives no count: %s", f.Detail)
	}
	n, _ := strconv.ParseUint(m[1], 10, 64)
	_, src, err := export.FoundryTest(f, rep.Setup, bs)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("if (more > %d) more = %d;", 4*n, 4*n); n == 0 || !strings.Contains(src, want) {
		t.Errorf("the test does not repeat the call up to %q:\n%s", want, src)
	}
}
