package main

import (
	"strings"
	"testing"
)

// TestParseLCOV checks which lines count as run: positive DA counts only.
func TestParseLCOV(t *testing.T) {
	got, err := parseLCOV(strings.NewReader("TN:\nSF:maze1.sol\nDA:10,1\nDA:11,0\nDA:x,1\nDA:12,7\nLH:2\nend_of_record\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got[10] || !got[12] {
		t.Errorf("covered %v, want lines 10 and 12", got)
	}
}

// FuzzParseLCOV: any input parses without panicking, and every line it
// reports came from a DA record.
func FuzzParseLCOV(f *testing.F) {
	f.Add("DA:1,1\nDA:2,0\n")
	f.Add("DA:,\nDA:-3,2\n")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseLCOV(strings.NewReader(s))
		if err == nil && len(got) > strings.Count(s, "DA:") {
			t.Errorf("%d lines from %d DA records", len(got), strings.Count(s, "DA:"))
		}
	})
}
