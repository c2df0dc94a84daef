package lsp

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-sol/foresight/session"
)

// clampSettings brings the numeric settings of a "foresight" section
// into their bounds (settingSpecs' Minimum and Maximum, and one worker
// per CPU: session.Setting.Clamp, the command line's policy too),
// rewriting section in place. A workspace's settings file is
// not trusted with the machine: `workers: 5000` took the server past
// 4 GB in seconds. It returns one message per value changed, naming the
// setting, the value given and the value used. A value that is not a
// number is left to the typed decoding, which reports it.
func clampSettings(section map[string]json.RawMessage) []string {
	var notes []string
	for _, key := range slices.Sorted(maps.Keys(section)) {
		// encoding/json matches keys regardless of case: "WORKERS" sets
		// workers too, so every spelling is clamped.
		i := slices.IndexFunc(settingSpecs, func(sp settingSpec) bool { return strings.EqualFold(sp.Key, key) })
		if i < 0 {
			continue
		}
		sp, raw := settingSpecs[i], section[key]
		if sp.Editor != "" || sp.Minimum == nil || sp.Maximum == nil {
			continue
		}
		given, err := strconv.ParseFloat(string(raw), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) { // 1e400 is +Inf: clamped
			continue // null, a string, ...: the typed decoding decides
		}
		used, why := sp.Clamp(given)
		if why == "" {
			continue
		}
		text := number(used)
		section[key] = json.RawMessage(text)
		notes = append(notes, session.ClampNote("setting "+key, string(raw), why, text))
	}
	return notes
}

// number formats a setting's value as JSON writes it (1000000000, not
// 1e+09).
func number(v float64) string { return session.Number(v) }
