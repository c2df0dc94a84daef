package engine

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc"
)

// Minimized is the outcome of Minimize: indices into its inputs.
type Minimized struct {
	Keep  []int // the inputs that together cover what all of them cover
	Stale []int // inputs that no longer fit the program
	// Covered counts the instructions the kept inputs cover beyond what a
	// campaign's first single-call inputs cover on their own.
	Covered int
}

// Minimize picks a small set of inputs with the instruction coverage of
// all of them, as afl-cmin does: each input runs alone on a fresh
// deployment, and for every instruction in turn that no kept input covers
// yet, the smallest input covering it is kept. Coverage is what a
// campaign's seeding covers, so the single-call inputs every campaign
// starts with are not needed in the corpus.
func Minimize(ctx context.Context, builds []*solc.Build, inputs []corpus.Input) (*Minimized, error) {
	prog, err := replay.Program(builds)
	if err != nil {
		return nil, err
	}
	cover := func(seeds []txseq.Sequence) ([][]bool, error) {
		res, err := fuzz.Run(ctx, prog, fuzz.Config{Settings: fuzz.Settings{Workers: 1, NoPrediction: true}, Seeds: seeds, SeedsOnly: true})
		if err != nil {
			return nil, err
		}
		return res.Coverage, nil
	}
	base, err := cover(nil)
	if err != nil {
		return nil, err
	}
	m := &Minimized{}
	seqs := make([]txseq.Sequence, len(inputs))
	for i, in := range inputs {
		seq, ok := corpus.SequenceOf(prog, in)
		if !ok {
			if corpus.KnownContracts(prog, in) {
				m.Stale = append(m.Stale, i)
			}
			continue
		}
		seqs[i] = seq
	}
	// Each input runs on its own deployment: one campaign per input, as
	// many at once as there are processors.
	covs := make([][][]bool, len(inputs))
	errs := make([]error, len(inputs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				covs[i], errs[i] = cover([]txseq.Sequence{seqs[i]})
			}
		}()
	}
	for i := range inputs {
		if seqs[i] != nil && ctx.Err() == nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
	if err := errors.Join(append(errs, ctx.Err())...); err != nil {
		return nil, err
	}
	features := map[uint64][]int{} // instruction -> inputs covering it
	for i, cov := range covs {
		for ci := range cov {
			for pc, hit := range cov[ci] {
				if hit && !base[ci][pc] {
					f := uint64(ci)<<32 | uint64(pc)
					features[f] = append(features[f], i)
				}
			}
		}
	}
	size := func(i int) int {
		data, _, _ := corpus.EncodeInput(inputs[i])
		return len(inputs[i].Calls)<<24 + len(data)
	}
	keys := make([]uint64, 0, len(features))
	for f := range features {
		keys = append(keys, f)
	}
	slices.Sort(keys)
	covered := map[uint64]bool{}
	kept := map[int]bool{}
	for _, f := range keys {
		if covered[f] {
			continue
		}
		best := slices.MinFunc(features[f], func(a, b int) int { return size(a) - size(b) })
		kept[best] = true
		for g, ins := range features {
			if slices.Contains(ins, best) {
				covered[g] = true
			}
		}
	}
	for i := range inputs {
		if kept[i] {
			m.Keep = append(m.Keep, i)
		}
	}
	m.Covered = len(covered)
	return m, nil
}
