package engine

import (
	"context"
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"

	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestMinimize: the kept inputs cover every instruction all the inputs
// cover, there are fewer of them, and a stale input is reported.
func TestMinimize(t *testing.T) {
	bs := compile(t, "testdata/bench/Maze.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 500, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	inputs := append(rep.Inputs, corpus.Input{Calls: []corpus.InputCall{{Contract: "Maze", Function: "gone()"}}})
	m, err := Minimize(context.Background(), bs, inputs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("kept %d of %d inputs", len(m.Keep), len(rep.Inputs))
	if len(m.Keep) == 0 || len(m.Keep) >= len(rep.Inputs) {
		t.Errorf("kept %d of %d inputs", len(m.Keep), len(rep.Inputs))
	}
	if !reflect.DeepEqual(m.Stale, []int{len(inputs) - 1}) {
		t.Errorf("stale %v, want [%d]", m.Stale, len(inputs)-1)
	}
	prog, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	cover := func(ins []corpus.Input) [][]bool {
		var seeds []txseq.Sequence
		for _, in := range ins {
			if seq, ok := corpus.SequenceOf(prog, in); ok {
				seeds = append(seeds, seq)
			}
		}
		res, err := fuzz.Run(context.Background(), prog, fuzz.Config{Settings: fuzz.Settings{Workers: 1}, Seeds: seeds, SeedsOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		return res.Coverage
	}
	var kept []corpus.Input
	for _, i := range m.Keep {
		kept = append(kept, inputs[i])
	}
	if all, min := cover(inputs), cover(kept); !reflect.DeepEqual(all, min) {
		t.Error("the kept inputs cover less than all of them")
	}
}
