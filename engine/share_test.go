package engine

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestImportsAndOnInput: a campaign reports every input it admits, and
// runs inputs handed to it while it runs: a second campaign fed the first
// one's inputs through Imports covers every line the first covered, with
// a budget far too small to find them itself.
func TestImportsAndOnInput(t *testing.T) {
	bs := compile(t, fixtures.Example(t, "PathsBaz.sol"))
	var mu sync.Mutex
	var found []corpus.Input
	first, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 3000}, OnInput: func(in corpus.Input) {
		mu.Lock()
		found = append(found, in)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(found, first.Inputs) {
		t.Fatalf("OnInput reported %d inputs, the corpus has %d", len(found), len(first.Inputs))
	}
	imports := make(chan corpus.Input, len(found))
	for _, in := range found {
		imports <- in
	}
	budget := uint64(len(found) + 8)
	second, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 4, Execs: budget, NoPrediction: true}, Imports: imports})
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) != 0 {
		t.Errorf("%d imports left unread", len(imports))
	}
	failing := map[int]bool{}
	for _, f := range first.Findings {
		failing[f.Line] = true
	}
	for file, fc := range first.Coverage {
		for line := range fc.Covered {
			if !failing[line] && !second.Coverage[file].Covered[line] {
				t.Errorf("%s:%d covered by the first campaign, not by the imported inputs", file, line)
			}
		}
	}
}
