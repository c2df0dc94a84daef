package deploy

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestRolesReadACopy checks that the role search leaves the deployed state
// as small as the deployment made it: go-ethereum caches each slot read
// in the state that reads it, unjournaled, and a campaign copies the
// deployed state at every snapshot and at each reset for a sequence of
// several transactions. On maze1 (many 20-byte constants, each a
// candidate read at 864 mapping roots) the search read 17,603 slots, and
// each copy of the state allocated about 2 MB.
func TestRolesReadACopy(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "maze", "maze1.sol"))
	ch, _ := planAndDeploy(t, prog, 1)
	st := ch.State()
	const copies = 8
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range copies {
		st.Copy()
	}
	runtime.ReadMemStats(&after)
	perCopy := (after.TotalAlloc - before.TotalAlloc) / copies
	t.Logf("a copy of the deployed state allocates %d bytes", perCopy)
	if perCopy > 128<<10 {
		t.Fatalf("a copy of the deployed state allocates %d bytes, want at most 128 KiB: the role search cached its reads in it", perCopy)
	}
}
