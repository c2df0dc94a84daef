package engine

import (
	"slices"
	"testing"
)

// TestShard: shards of one campaign draw distinct seeds and focus on
// disjoint shares of the functions that together are all of them; with
// fewer functions than MinShardFunctions per shard nothing is split.
func TestShard(t *testing.T) {
	bs := compile(t, "testdata/bench/Maze.sol")
	const n = 3
	var all []string
	seeds := map[uint64]bool{}
	for i := range n {
		opts := Options{Settings: Settings{Seed: 7}}
		focus, err := Shard(bs, &opts, i, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(focus) == 0 {
			t.Fatalf("shard %d focuses on nothing", i)
		}
		seeds[opts.Seed] = true
		all = append(all, focus...)
	}
	if len(seeds) != n {
		t.Errorf("seeds of %d shards: %v", n, seeds)
	}
	sorted := slices.Clone(all)
	slices.Sort(sorted)
	if len(slices.Compact(sorted)) != len(all) || !slices.Contains(all, "Maze.step") || !slices.Contains(all, "Maze.solve") {
		t.Errorf("shards' focus overlaps or misses functions: %v", all)
	}
	opts := Options{Settings: Settings{Seed: 7}}
	if focus, err := Shard(bs, &opts, 0, len(all)); err != nil || focus != nil || opts.Seed != 7 {
		t.Errorf("one function per shard: focus %v, seed %d, %v; want no split, seed kept", focus, opts.Seed, err)
	}
	if _, err := Shard(bs, &opts, 3, 3); err == nil {
		t.Error("shard 3/3 accepted")
	}
}
