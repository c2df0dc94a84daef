package lsp

import (
	"encoding/json"
	"runtime"
	"testing"
)

// FuzzParseSettings: whatever the settings JSON, parseSettings does not
// panic, and settings it accepts have every numeric value in its bounds.
func FuzzParseSettings(f *testing.F) {
	f.Add(`{"foresight":{"workers":5000,"seed":1e400,"fuzzBudgetSeconds":-1}}`)
	f.Add(`{"workers":2.5,"maxSequenceLength":"64"}`)
	f.Add(`{"foresight":null}`)
	f.Add(`{"fuzzExecs":18446744073709551616}`)
	f.Fuzz(func(t *testing.T, in string) {
		st, _, ok, err := parseSettings(json.RawMessage(in))
		if !ok || err != nil {
			return
		}
		for _, sp := range settingSpecs {
			if sp.Editor != "" || sp.Minimum == nil {
				continue
			}
			hi := *sp.Maximum
			if sp.CPUBound {
				hi = min(hi, float64(runtime.NumCPU()))
			}
			v := settingValue(t, st, sp.Key)
			// 0 is an unset setting: the server's default applies.
			if v != 0 && (v < *sp.Minimum || v > hi) {
				t.Errorf("%s = %v from %s, outside %v..%v", sp.Key, v, in, *sp.Minimum, hi)
			}
		}
	})
}
