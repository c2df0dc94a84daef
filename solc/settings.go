package solc

import (
	"fmt"
	"slices"
	"strings"
)

// SettingsOverride holds the compiler settings the user gives (command-line
// flags, editor settings). Each field set overrides what the project's
// configuration says, for every compiler of the project.
type SettingsOverride struct {
	Optimizer     *bool
	OptimizerRuns *int
	ViaIR         *bool
	EVMVersion    string
}

// Empty reports whether o overrides nothing.
func (o SettingsOverride) Empty() bool {
	return o.Optimizer == nil && o.OptimizerRuns == nil && o.ViaIR == nil && o.EVMVersion == ""
}

// apply returns s with o's fields in place of its own. Runs given without
// an optimizer switch turn the optimizer on: runs mean nothing without it.
func (o SettingsOverride) apply(s Settings) Settings {
	if o.OptimizerRuns != nil {
		s.OptimizerRuns = *o.OptimizerRuns
		s.Optimizer = true
	}
	if o.Optimizer != nil {
		s.Optimizer = *o.Optimizer
	}
	if o.ViaIR != nil {
		s.ViaIR = *o.ViaIR
	}
	if o.EVMVersion != "" {
		s.EVMVersion = o.EVMVersion
	}
	return s
}

// EVMVersions are the EVM versions solc accepts as evmVersion, oldest
// first (each solc release knows a prefix of them).
var EVMVersions = []string{"homestead", "tangerineWhistle", "spuriousDragon", "byzantium", "constantinople", "petersburg", "istanbul", "berlin", "london", "paris", "shanghai", "cancun", "prague", "osaka"}

// CheckEVMVersion returns an error naming the known versions when v is
// none of them.
func CheckEVMVersion(v string) error {
	if slices.Contains(EVMVersions, v) {
		return nil
	}
	return fmt.Errorf("unknown EVM version %q (want one of %s)", v, strings.Join(EVMVersions, ", "))
}

// String describes s for messages: "optimizer on (200 runs), via-IR off,
// EVM version default".
func (s Settings) String() string {
	opt := "optimizer off"
	if s.Optimizer {
		opt = fmt.Sprintf("optimizer on (%d runs)", s.OptimizerRuns)
	}
	ir := "via-IR off"
	if s.ViaIR {
		ir = "via-IR on"
	}
	evm := s.EVMVersion
	if evm == "" {
		evm = "the compiler's default"
	}
	return fmt.Sprintf("%s, %s, EVM version %s", opt, ir, evm)
}

// withOverride returns p with the user's settings applied to the project's
// settings and to each compiler its configuration lists; p itself is not
// changed, since projects are shared between compiles.
func (t *Toolchain) withOverride(p *Project) *Project {
	o := t.cfg.Override
	if o.Empty() || p == nil {
		return p
	}
	q := *p
	q.Settings = o.apply(p.Settings)
	q.Compilers = make([]ProjectCompiler, len(p.Compilers))
	for i, c := range p.Compilers {
		c.Settings = o.apply(c.Settings)
		q.Compilers[i] = c
	}
	if len(p.Overrides) > 0 {
		q.Overrides = make(map[string]ProjectCompiler, len(p.Overrides))
		for name, c := range p.Overrides {
			c.Settings = o.apply(c.Settings)
			q.Overrides[name] = c
		}
	}
	q.SettingsStated = true
	return &q
}
