package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
)

func input(contract, fn string) corpus.Input {
	return corpus.Input{Calls: []corpus.InputCall{{Contract: contract, Function: fn}}}
}

// TestCorpusLoadSave: a project's corpus is not created by a load, a
// save creates it with its .gitignore and writes the inputs, the next
// load reads the contracts asked for, a stale seed is deleted, and a
// contract over its bound is pruned to it; without a root (--corpus),
// the directory is created at once.
func TestCorpusLoadSave(t *testing.T) {
	root := t.TempDir()
	path := ProjectCorpus(root)
	c, l, err := LoadCorpus(path, root, nil)
	if err != nil || len(l.Seeds) != 0 || c.Dir() != nil {
		t.Fatalf("load of no corpus: %+v, %v, dir %v", l, err, c.Dir())
	}
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Fatalf("a load created %s: %v", path, err)
	}
	rep := &engine.Report{Inputs: []corpus.Input{input("A", "f()"), input("A", "g()"), input("A", "h()"), input("B", "f()")}}
	if saved, err := c.Save(rep, 10); err != nil || saved.Stale != 0 || len(saved.Pruned) != 0 {
		t.Fatalf("save: %+v, %v", saved, err)
	}
	if data, err := os.ReadFile(filepath.Join(root, StateDir, ".gitignore")); err != nil || string(data) != "*\n" {
		t.Errorf(".gitignore: %q, %v", data, err)
	}
	c, l, err = LoadCorpus(path, root, []string{"A"})
	if err != nil || len(l.Seeds) != 3 {
		t.Fatalf("load of A: %d seeds, %v; want 3", len(l.Seeds), err)
	}
	stale := 0
	for i, in := range l.Seeds {
		if in.Calls[0].Function == "h()" {
			stale = i
		}
	}
	saved, err := c.Save(&engine.Report{Inputs: []corpus.Input{input("A", "k()")}, StaleSeeds: []int{stale}}, 2)
	if err != nil || saved.Stale != 1 || saved.Pruned["A"] != 1 {
		t.Fatalf("save with a stale seed over the bound: %+v, %v; want 1 stale, 1 of A pruned", saved, err)
	}
	_, l, _ = LoadCorpus(path, root, []string{"A"})
	for _, in := range l.Seeds {
		if in.Calls[0].Function == "h()" {
			t.Errorf("the stale seed is still loaded")
		}
	}
	if len(l.Seeds) != 2 {
		t.Errorf("A has %d inputs, want its bound of 2", len(l.Seeds))
	}
	shared := filepath.Join(t.TempDir(), "shared")
	if c, _, err := LoadCorpus(shared, "", nil); err != nil || c.Dir() == nil {
		t.Errorf("--corpus %s not created: %v", shared, err)
	}
}
