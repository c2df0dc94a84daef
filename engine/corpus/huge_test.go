package corpus

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestHugeCorpusBounded: a corpus of 100,001 inputs of one contract
// loads MaxLoadedInputs of them, the newest, opening a bounded number of
// files; a prune deletes at most MaxPruned of the oldest, never one of
// the newest MaxLoadedInputs nor one the campaign kept. The editor's
// first run on such a corpus took 100 s and deleted 95,905 inputs.
func TestHugeCorpusBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,001 files")
	}
	const n = 100_001
	dir := t.TempDir()
	d, _, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, n) // oldest first
	base := time.Now().Add(-n * time.Second)
	for i := range n {
		data, name, err := EncodeInput(testInput("C", "f(uint256)", i))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, inputsDir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		mod := base.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
		names[i] = name
	}
	l, err := d.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("loaded %d of %d inputs, opening %d files; %d left unread", len(l.Inputs), n, l.Read, l.OverLimit)
	if len(l.Inputs) != MaxLoadedInputs || l.Read > maxLoadReads || l.OverLimit != n-MaxLoadedInputs {
		t.Errorf("loaded %d, opened %d, left %d; want %d, at most %d, %d", len(l.Inputs), l.Read, l.OverLimit, MaxLoadedInputs, maxLoadReads, n-MaxLoadedInputs)
	}
	newest := names[n-MaxLoadedInputs:]
	for _, name := range l.Names {
		if !slices.Contains(newest, name) {
			t.Fatalf("loaded %s, not one of the newest %d", name, MaxLoadedInputs)
		}
	}
	kept := names[0] // the oldest, which the last campaign kept
	pruned, err := d.Prune("C", map[string]bool{kept: true}, MaxLoadedInputs)
	if err != nil {
		t.Fatal(err)
	}
	left, err := d.list()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a prune deleted %d of %d inputs", pruned, n)
	if pruned != MaxPruned || len(left) != n-MaxPruned {
		t.Errorf("pruned %d, %d left; want %d pruned, %d left", pruned, len(left), MaxPruned, n-MaxPruned)
	}
	for _, name := range append([]string{kept}, newest...) {
		if _, err := os.Lstat(filepath.Join(dir, inputsDir, name)); err != nil {
			t.Fatalf("the prune deleted %s, one of the newest or kept: %v", name, err)
		}
	}
}
