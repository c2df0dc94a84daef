package lsp

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// BuildSettings are compiler settings the editor gives instead of the
// project's configuration, as the command line's --optimize,
// --optimizer-runs, --via-ir and --evm-version do. Empty values (and 0
// runs) leave the project's.
type BuildSettings struct {
	Optimizer     string `json:"optimizer"` // "project", "on" or "off"
	OptimizerRuns uint32 `json:"optimizerRuns"`
	ViaIR         string `json:"viaIR"` // "project", "on" or "off"
	EVMVersion    string `json:"evmVersion"`
}

// build returns the compiler settings of s.
func (s Settings) build() BuildSettings {
	return BuildSettings{Optimizer: s.Optimizer, OptimizerRuns: s.OptimizerRuns, ViaIR: s.ViaIR, EVMVersion: s.EVMVersion}
}

// override turns b into the toolchain's settings override; a value it
// cannot use is left out, with a note saying so.
func (b BuildSettings) override() (solc.SettingsOverride, []string) {
	var o solc.SettingsOverride
	var notes []string
	onOff := func(key, v string) *bool {
		switch strings.ToLower(v) {
		case "", "project":
			return nil
		case "on", "true":
			t := true
			return &t
		case "off", "false":
			f := false
			return &f
		}
		notes = append(notes, fmt.Sprintf("foresight: setting %s is %q, want \"project\", \"on\" or \"off\": using the project's", key, v))
		return nil
	}
	o.Optimizer = onOff("optimizer", b.Optimizer)
	o.ViaIR = onOff("viaIR", b.ViaIR)
	if b.OptimizerRuns > 0 {
		runs := int(b.OptimizerRuns)
		o.OptimizerRuns = &runs
	}
	if b.EVMVersion != "" {
		if err := solc.CheckEVMVersion(b.EVMVersion); err != nil {
			notes = append(notes, fmt.Sprintf("foresight: setting evmVersion: %v: using the project's", err))
		} else {
			o.EVMVersion = b.EVMVersion
		}
	}
	return o, notes
}

// key identifies b's override, for reusing a toolchain.
func (b BuildSettings) key() string {
	o, _ := b.override()
	return fmt.Sprintf("%v/%v/%v/%s", deref(o.Optimizer), deref(o.OptimizerRuns), deref(o.ViaIR), o.EVMVersion)
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
