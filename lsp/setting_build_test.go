package lsp

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBuildSettings: the editor's compiler settings reach the toolchain's
// override as the CLI flags do; bad values are left out with a note.
func TestBuildSettings(t *testing.T) {
	st, _, ok, err := parseSettings(json.RawMessage(`{"foresight": {"optimizer": "on", "optimizerRuns": 1000, "viaIR": "off", "evmVersion": "paris"}}`))
	if err != nil || !ok {
		t.Fatalf("parse: %v %v", ok, err)
	}
	o, notes := st.build().override()
	if len(notes) != 0 || o.Optimizer == nil || !*o.Optimizer || o.OptimizerRuns == nil || *o.OptimizerRuns != 1000 || o.ViaIR == nil || *o.ViaIR || o.EVMVersion != "paris" {
		t.Errorf("override %+v notes %q", o, notes)
	}
	o, notes = BuildSettings{Optimizer: "project", ViaIR: "maybe", EVMVersion: "mars"}.override()
	if !o.Empty() || len(notes) != 2 || !strings.Contains(notes[0], "viaIR") || !strings.Contains(notes[1], "mars") {
		t.Errorf("override %+v notes %q: want nothing overridden and two notes", o, notes)
	}
	if (BuildSettings{}).key() == (BuildSettings{ViaIR: "on"}).key() {
		t.Error("a via-IR change keeps the toolchain")
	}
}
