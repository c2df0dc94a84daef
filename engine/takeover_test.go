package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// TestTakeoverOverSeeds runs the privilege-takeover fixtures at seeds 2-4
// (TestVulnerabilityFixtures runs seed 1): each positive reports its
// labelled line at every seed and each finding replays, each negative
// reports nothing.
func TestTakeoverOverSeeds(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "vulns", "takeover_*.sol"))
	if err != nil || len(files) < 5 {
		t.Fatalf("takeover fixtures: %v, %v", files, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			bs := compile(t, path)
			want := expected(t, path)
			for seed := uint64(2); seed <= 4; seed++ {
				rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: seed, Execs: vulnExecs}})
				if err != nil {
					t.Fatal(err)
				}
				if got := found(rep); !reflect.DeepEqual(got, want) {
					t.Errorf("seed %d: findings %v, want %v", seed, got, want)
					for _, f := range rep.Findings {
						t.Logf("%s: %s", f.Kind, f.Message)
					}
				}
				for _, f := range rep.Findings {
					tr, err := Replay(bs, rep.Setup, f)
					if err != nil {
						t.Fatal(err)
					}
					if !tr.Reproduced {
						t.Errorf("seed %d: replay of %s did not reproduce it:\n%s", seed, f.Message, FormatTrace(tr, bs))
					}
				}
			}
		})
	}
}
