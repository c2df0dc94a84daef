package fuzz

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestStarvedScouted: a corpus of many entries through old code, an
// entry that opened coverage early, and a newer opened entry at every
// pick, as a maze's worst seeds had. Without scouting the early entry is
// never picked (the newest take the favoured picks, the round-robin is
// slower than the campaign); with it, it is scouted once, after waiting
// starveWait picks, with scoutEnergy, and never again. An entry whose
// untaken branch another input took since is not scouted.
func TestStarvedScouted(t *testing.T) {
	for _, tt := range []struct {
		name  string
		open  bool
		scout bool
	}{
		{"next to an untaken branch", true, true},
		{"its branch taken since", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCorpus(0)
			seq := txseq.Sequence{{Contract: 0}}
			for i := 0; i < 2000; i++ {
				c.record(&observation{seq: seq, pathID: uint64(1000 + i)})
			}
			early, _ := c.Add(seq, 1, 0, true, nil, nil, 0, nil)
			open := func(e *Entry) bool { return e != early || tt.open }
			scouted, at := 0, 0
			for pick := 1; pick <= 4*starveWait; pick++ {
				if pick%2 == 1 {
					c.Add(seq, uint64(10_000+pick), 0, true, nil, nil, 0, nil)
				}
				e, energy, scout := c.Next(AFLFast{}, open)
				if e == early && !scout {
					t.Fatalf("pick %d: the early entry picked whole", pick)
				}
				if scout {
					if e != early || energy != scoutEnergy {
						t.Fatalf("pick %d: scouted entry %d with %d, want the early one with %d", pick, e.ID, energy, scoutEnergy)
					}
					scouted++
					at = pick
				}
			}
			switch {
			case !tt.scout && scouted > 0:
				t.Errorf("scouted %d times, want never", scouted)
			case tt.scout && scouted != 1:
				t.Errorf("scouted %d times, want once", scouted)
			case tt.scout && at < starveWait:
				t.Errorf("scouted at pick %d, before it waited %d", at, starveWait)
			}
		})
	}
}
