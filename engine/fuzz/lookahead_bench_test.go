package fuzz

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/lookahead"
)

// BenchmarkAnalyze measures the lookahead analysis alone: the paths of 300
// executions of the Exchange benchmark (nested loops over an order book),
// analysed by a fresh analyzer each round so no suffix check is cached.
// The paths come from an AFLFast campaign without the analysis, so they do
// not depend on the analysis being measured:
//
//	go test -run XXX -bench Analyze -count 6 ./engine/fuzz | benchstat -
func BenchmarkAnalyze(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "lookahead", "Exchange.sol"))
	targets := linePCs(prog, [][2]int{{91, 91}}) // //@target
	var paths [][]uint64
	ci := -1
	testHookPath = func(c int, path []uint64) {
		if len(paths) < 300 {
			paths, ci = append(paths, append([]uint64(nil), path...)), c
		}
	}
	_, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: 3000, NoLookahead: true, Focus: []string{"matchOrders"}}, Targets: targets, Schedule: AFLFast{}})
	testHookPath = nil
	if err != nil || len(paths) == 0 {
		b.Fatal(err, len(paths))
	}
	code := prog.Contracts[ci].Artifact.Runtime.Bytes
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := lookahead.New(code, targets[ci])
		for _, p := range paths {
			a.Analyze(p)
		}
	}
}
