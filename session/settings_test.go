package session

import (
	"strings"
	"testing"
	"time"
)

// TestSettingsDefinedOnce: every numeric setting, of the editor or of a
// flag only, has both bounds; no flag is defined twice for one command;
// and the clamp's line is the same for both front ends.
func TestSettingsDefinedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range append(EditorSettings(), FlagSettings()...) {
		if s.Key == "" && s.Flag == "" {
			t.Errorf("a setting with neither a key nor a flag: %+v", s)
		}
		switch s.Type {
		case "integer", "number", "duration":
			if _, ok := s.Limit(); !ok {
				t.Errorf("%s/--%s: a numeric setting without both bounds", s.Key, s.Flag)
			}
		}
		if s.Flag == "" {
			continue
		}
		id := s.Command + " --" + s.Flag
		if seen[id] {
			t.Errorf("%s defined twice", id)
		}
		seen[id] = true
		if s.Usage == "" {
			t.Errorf("%s: no usage line", id)
		}
		if FlagSetting(s.Command, s.Flag).Key != s.Key {
			t.Errorf("%s: FlagSetting finds another record", id)
		}
	}
	for _, flag := range []string{" --workers", " --max-seq-len", " --execs", " --timeout", " --compile-timeout", " --seed", " --fork-block", "diff --budget", "diff --seed"} {
		if !seen[flag] {
			t.Errorf("%s has no definition", flag)
		}
	}
	// diff's budget below its minimum is clamped, as every setting, not
	// refused with words of its own.
	if used, why := FlagSetting("diff", "budget").Clamp(0); used != 1 || why == "" {
		t.Errorf("diff --budget 0 = %v (%q), want 1 with a reason", used, why)
	}
}

func TestClamp(t *testing.T) {
	seq := FlagSetting("", "max-seq-len")
	used, why := seq.Clamp(5000)
	if used != 1024 || why != "over its maximum of 1024" {
		t.Errorf("max-seq-len 5000: %v, %q", used, why)
	}
	if got, want := ClampNote("--max-seq-len", "5000", why, Number(used)), "foresight: --max-seq-len is 5000, over its maximum of 1024: using 1024"; got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	if seq.Key != "maxSequenceLength" {
		t.Errorf("--max-seq-len is the editor's %q, want maxSequenceLength", seq.Key)
	}
	d, note := FlagSetting("", "timeout").ClampDuration(400 * time.Hour)
	if d != 168*time.Hour || !strings.Contains(note, "--timeout is 400h0m0s, over its maximum of 168h0m0s: using 168h0m0s") {
		t.Errorf("timeout 400h: %v, %q", d, note)
	}
	if d, note := FlagSetting("", "timeout").ClampDuration(5 * time.Second); d != 5*time.Second || note != "" {
		t.Errorf("timeout 5s: %v, %q", d, note)
	}
}
