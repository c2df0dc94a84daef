package engine

import (
	"fmt"
	"slices"

	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/solc"
)

// MinShardFunctions is how many fuzzed functions per shard it takes for
// shards to split them (below that, every shard fuzzes every function).
const MinShardFunctions = 2

// Shard adapts opts to shard i of n campaigns sharing one corpus: each
// draws from its own seed stream and, when the functions (or the targets)
// are at least MinShardFunctions per shard, focuses on every n-th of them.
// Focus is soft: the other functions still run, to set up state, so
// inputs stay valid for every shard. It returns the focus it chose.
func Shard(builds []*solc.Build, opts *Options, i, n int) ([]string, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("shard %d/%d: want 0 <= I < N", i, n)
	}
	opts.Seed = shardSeed(opts.Seed, i)
	if len(opts.Targets) >= MinShardFunctions*n {
		var mine []Target
		for j, t := range opts.Targets {
			if j%n == i {
				mine = append(mine, t)
			}
		}
		opts.Targets = mine
		return nil, nil
	}
	prog, err := replay.Program(builds)
	if err != nil {
		return nil, err
	}
	var fns []string
	for _, c := range prog.Targets() {
		if len(opts.Contracts) > 0 && !slices.Contains(opts.Contracts, c.Name) {
			continue
		}
		for _, m := range c.Methods {
			fns = append(fns, c.Name+"."+m.RawName)
		}
	}
	slices.Sort(fns)
	fns = slices.Compact(fns)
	if len(fns) < MinShardFunctions*n {
		return nil, nil
	}
	for j, f := range fns {
		if j%n == i {
			opts.Focus = append(opts.Focus, f)
		}
	}
	return opts.Focus, nil
}

// shardSeed gives each shard its own seed stream from one campaign seed
// (SplitMix64's finaliser over seed and index), so N shards started with
// the same --seed do not repeat each other and shard 0 keeps the seed.
func shardSeed(seed uint64, i int) uint64 {
	if i == 0 {
		return seed
	}
	z := seed + uint64(i)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
