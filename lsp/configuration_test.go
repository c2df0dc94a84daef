package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/session"
)

func TestParseSettings(t *testing.T) {
	parse := func(v any) (Settings, bool, error) {
		t.Helper()
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		st, _, ok, err := parseSettings(raw)
		return st, ok, err
	}
	st, ok, err := parse(map[string]any{"foresight": map[string]any{"fuzzExecs": 5, "seed": 3, "oracles": map[string]any{"panics": true}, "targeted": false}})
	if err != nil || !ok || st.FuzzExecs != 5 || st.Seed != 3 || !st.Oracles["panics"] || st.targeted() {
		t.Errorf("section: %+v %v %v", st, ok, err)
	}
	st, ok, _ = parse(map[string]any{"solcVersion": "0.8.19"})
	if !ok || st.SolcVersion != "0.8.19" {
		t.Errorf("bare section: %+v %v", st, ok)
	}
	for _, v := range []any{nil, map[string]any{"editor": map[string]any{"tabSize": 4}}, map[string]any{"foresight": nil}} {
		if _, ok, err := parse(v); ok || err != nil {
			t.Errorf("parseSettings(%v) = %v, %v; want not ok", v, ok, err)
		}
	}
	for _, bad := range []any{"many", true, map[string]any{}} {
		if _, _, err := parse(map[string]any{"foresight": map[string]any{"fuzzExecs": bad}}); err == nil {
			t.Errorf("no error for fuzzExecs %v", bad)
		}
	}
	if _, _, err := parse(map[string]any{"foresight": 7}); err == nil {
		t.Error("no error for a section that is not an object")
	}
}

func TestBudget(t *testing.T) {
	zero, ten := 0.0, 10.0
	for _, tt := range []struct {
		st       Settings
		override time.Duration
		execs    uint64
		duration time.Duration
	}{
		{Settings{}, 0, 0, session.SaveBudget},
		{Settings{FuzzBudgetSeconds: &ten}, 0, 0, 10 * time.Second},
		{Settings{FuzzExecs: 100, FuzzBudgetSeconds: &zero}, 0, 100, 0},
		{Settings{FuzzBudgetSeconds: &zero}, 0, 0, session.SaveBudget}, // never unbounded
		{Settings{}, time.Minute, 0, time.Minute},
		{Settings{FuzzExecs: 100, FuzzBudgetSeconds: &zero}, time.Minute, 100, 0},
	} {
		o := tt.st.options(tt.override)
		if o.Execs != tt.execs || o.Duration != tt.duration || o.Seed == 0 {
			t.Errorf("%+v, %v: execs %d duration %v seed %d; want %d, %v, non-zero", tt.st, tt.override, o.Execs, o.Duration, o.Seed, tt.execs, tt.duration)
		}
	}
}

// TestWorkersSettingClamped: workers over the number of CPUs, from
// initializationOptions or didChangeConfiguration, is clamped to it, with
// a warning naming the setting, the value given and the value used.
func TestWorkersSettingClamped(t *testing.T) {
	cpus := runtime.NumCPU()
	f := newFake(t, fakeOptions{settings: map[string]any{"workers": 5000}})
	workers := func() int {
		f.srv.mu.Lock()
		defer f.srv.mu.Unlock()
		return f.srv.settings.Workers
	}
	if got := workers(); got != cpus {
		t.Errorf("workers = %d after initialize with 5000, want %d (the CPUs)", got, cpus)
	}
	warned := func(given string) func() bool {
		return func() bool {
			var msgs []string
			for _, m := range f.shown {
				msgs = append(msgs, m.Message)
			}
			for _, m := range f.logged {
				msgs = append(msgs, m.Message)
			}
			return slices.ContainsFunc(msgs, func(m string) bool {
				return strings.Contains(m, "workers") && strings.Contains(m, given) && strings.Contains(m, fmt.Sprintf("using %d", cpus))
			})
		}
	}
	f.Await("a warning about workers: 5000", warned("5000"))
	f.configure(map[string]any{"workers": 9999})
	f.Await("a warning about workers: 9999", warned("9999"))
	if got := workers(); got != cpus {
		t.Errorf("workers = %d after didChangeConfiguration with 9999, want %d", got, cpus)
	}
	f.shutdown()
}

// TestSettingsClampedToSchema: every numeric setting has a minimum and a
// maximum, the VS Code extension's schema declares the same, and the
// server clamps a value outside them (with a message naming the setting,
// the value given and the value used).
func TestSettingsClampedToSchema(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "editors", "vscode", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Contributes struct {
			Configuration struct {
				Properties map[string]struct {
					Minimum, Maximum *float64
				} `json:"properties"`
			} `json:"configuration"`
		} `json:"contributes"`
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	numeric := 0
	for _, sp := range settingSpecs {
		if sp.Type != "integer" && sp.Type != "number" {
			continue
		}
		numeric++
		if sp.Minimum == nil || sp.Maximum == nil || *sp.Minimum > *sp.Maximum {
			t.Errorf("%s: bounds %v..%v", sp.Key, sp.Minimum, sp.Maximum)
			continue
		}
		p := pkg.Contributes.Configuration.Properties["foresight."+sp.Key]
		if p.Minimum == nil || p.Maximum == nil || *p.Minimum != *sp.Minimum || *p.Maximum != *sp.Maximum {
			t.Errorf("package.json foresight.%s: minimum %v maximum %v, want %v and %v", sp.Key, p.Minimum, p.Maximum, *sp.Minimum, *sp.Maximum)
		}
		if sp.Editor != "" {
			continue
		}
		lo, hi := *sp.Minimum, *sp.Maximum
		if sp.CPUBound {
			hi = min(hi, float64(runtime.NumCPU()))
		}
		for _, c := range []struct {
			given string
			want  float64
		}{
			{strconv.FormatFloat(*sp.Maximum+1, 'f', -1, 64), hi},
			{"1e30", hi},
			{strconv.FormatFloat(lo-1, 'f', -1, 64), lo},
			{"-1e30", lo},
		} {
			st, notes, ok, err := parseSettings(json.RawMessage(fmt.Sprintf(`{"foresight":{%q:%s}}`, sp.Key, c.given)))
			if err != nil || !ok {
				t.Errorf("%s: %s: %v, %v", sp.Key, c.given, ok, err)
				continue
			}
			if got := settingValue(t, st, sp.Key); got != c.want {
				t.Errorf("%s: %s gives %v, want %v", sp.Key, c.given, got, c.want)
			}
			used := "using " + strconv.FormatFloat(c.want, 'f', -1, 64)
			if len(notes) != 1 || !strings.Contains(notes[0], sp.Key) || !strings.Contains(notes[0], c.given) || !strings.Contains(notes[0], used) {
				t.Errorf("%s: %s: messages %q, want one naming the setting, the value and %q", sp.Key, c.given, notes, used)
			}
		}
		// encoding/json takes "WORKERS" for workers: clamped as well.
		upper := strings.ToUpper(sp.Key)
		if st, _, _, err := parseSettings(json.RawMessage(fmt.Sprintf(`{"foresight":{%q:1e30}}`, upper))); err != nil || settingValue(t, st, sp.Key) != hi {
			t.Errorf("%s: 1e30 gives %v, %v; want %v", upper, settingValue(t, st, sp.Key), err, hi)
		}
		// A value in range is kept, without a message.
		st, notes, _, err := parseSettings(json.RawMessage(fmt.Sprintf(`{"foresight":{%q:%v}}`, sp.Key, lo)))
		if err != nil || len(notes) != 0 || settingValue(t, st, sp.Key) != lo {
			t.Errorf("%s: %v gives %v, %q, %v", sp.Key, lo, settingValue(t, st, sp.Key), notes, err)
		}
	}
	if numeric == 0 {
		t.Fatal("no numeric settings")
	}
}

// settingValue is the numeric field of st whose json tag is key.
func settingValue(t *testing.T, st Settings, key string) float64 {
	t.Helper()
	v := reflect.ValueOf(st)
	for i := range v.NumField() {
		if strings.Split(v.Type().Field(i).Tag.Get("json"), ",")[0] != key {
			continue
		}
		f := reflect.Indirect(v.Field(i))
		switch {
		case !f.IsValid():
			return 0
		case f.CanInt():
			return float64(f.Int())
		case f.CanUint():
			return float64(f.Uint())
		case f.CanFloat():
			return f.Float()
		}
	}
	t.Fatalf("no numeric field %s", key)
	return 0
}
