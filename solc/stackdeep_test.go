package solc

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// compileDeep compiles dir/Deep.sol with a toolchain for cfg and returns
// its one build and the notes the toolchain gave.
func compileDeep(t *testing.T, cfg Config, dir string) (*Build, []string) {
	t.Helper()
	var notes []string
	cfg.NoNative, cfg.NoForge = true, true
	cfg.Notify = func(msg string) { notes = append(notes, msg) }
	tc := NewToolchain(cfg)
	t.Cleanup(func() { tc.Close() })
	p, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(dir, "Deep.sol")}, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("%d builds, want 1", len(bs))
	}
	return bs[0], notes
}

// TestStackTooDeepRetried: a project that sets no optimizer and fails
// with "Stack too deep" compiles with the optimizer, then via-IR, and
// says so once.
func TestStackTooDeepRetried(t *testing.T) {
	b, notes := compileDeep(t, Config{}, filepath.Join("testdata", "stackdeep", "plain"))
	if b.HasErrors() {
		t.Fatalf("build failed: %+v", b.Diagnostics)
	}
	if b.Retried != "via-IR and the optimizer" || !b.Settings.ViaIR || !b.Settings.Optimizer {
		t.Errorf("retried %q with %v, want via-IR and the optimizer", b.Retried, b.Settings)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "Stack too deep") || !strings.Contains(notes[0], "Deep.sol") || !strings.Contains(notes[0], "via-IR") {
		t.Errorf("notes %q, want one line naming the unit and via-IR", notes)
	}
}

// TestStackTooDeepStated: a project that states its optimizer settings is
// not retried; the error without a source location names the unit.
func TestStackTooDeepStated(t *testing.T) {
	b, notes := compileDeep(t, Config{}, filepath.Join("testdata", "stackdeep", "stated"))
	if !b.HasErrors() || b.Retried != "" || len(notes) != 0 {
		t.Fatalf("errors %v, retried %q, notes %q: want the project's settings kept", b.HasErrors(), b.Retried, notes)
	}
	var msg string
	for _, d := range b.Diagnostics {
		if d.Severity == SeverityError && d.Unit == "" {
			msg = d.Message
		}
	}
	if !strings.Contains(msg, "Stack too deep") || !strings.Contains(msg, "[solc 0.8.37 (solc-js) compiling Deep.sol]") {
		t.Errorf("location-less error %q, want it to name the compiler and the files", msg)
	}
}

// TestSettingsOverride: the user's settings replace the project's (and
// count as stated: nothing is retried).
func TestSettingsOverride(t *testing.T) {
	on := true
	b, notes := compileDeep(t, Config{Override: SettingsOverride{ViaIR: &on, Optimizer: &on, EVMVersion: "paris"}}, filepath.Join("testdata", "stackdeep", "stated"))
	if b.HasErrors() || b.Retried != "" || len(notes) != 0 {
		t.Fatalf("errors %+v, retried %q, notes %q", b.Diagnostics, b.Retried, notes)
	}
	if want := (Settings{Optimizer: true, OptimizerRuns: 200, ViaIR: true, EVMVersion: "paris"}); b.Settings != want || b.Project.Settings != want {
		t.Errorf("settings %+v (project %+v), want %+v", b.Settings, b.Project.Settings, want)
	}
	runs := 10
	if got := (SettingsOverride{OptimizerRuns: &runs}).apply(Settings{}); !got.Optimizer || got.OptimizerRuns != 10 {
		t.Errorf("runs alone: %+v, want the optimizer on with 10 runs", got)
	}
	off := false
	if got := (SettingsOverride{OptimizerRuns: &runs, Optimizer: &off}).apply(Settings{}); got.Optimizer {
		t.Errorf("runs with the optimizer off: %+v, want it off", got)
	}
}

// TestStackTooDeepBesideBrokenFile: a root that cannot compile (an import
// of a package not installed) beside one that needs the optimizer for
// "Stack too deep": Deep.sol still compiles, retried with the optimizer,
// and Broken.sol alone carries the errors (an npm package as installed
// fuzzed nothing).
func TestStackTooDeepBesideBrokenFile(t *testing.T) {
	dir := filepath.Join("testdata", "stackdeep", "broken")
	tc := NewToolchain(Config{NoNative: true, NoForge: true, Notify: func(string) {}})
	t.Cleanup(func() { tc.Close() })
	p, err := LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{filepath.Join(dir, "Broken.sol"), filepath.Join(dir, "Deep.sol")}, Mode: Full})
	if err != nil {
		t.Fatal(err)
	}
	var good, broken []string
	for _, b := range bs {
		if b.HasErrors() {
			broken = append(broken, b.Roots...)
		} else {
			good = append(good, b.Roots...)
			if b.Retried == "" {
				t.Errorf("%v compiled without a retry: %v", b.Roots, b.Settings)
			}
		}
	}
	if strings.Join(good, ",") != "Deep.sol" || strings.Join(broken, ",") != "Broken.sol" {
		t.Errorf("compiled %v, broken %v; want Deep.sol compiled and Broken.sol broken", good, broken)
	}
}
