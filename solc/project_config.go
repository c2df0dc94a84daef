package solc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// loadFoundry reads foundry.toml into p; rs are the root remappings.txt's.
func (p *Project) loadFoundry(rs []Remapping) error {
	cfg, err := readFoundryConfig(filepath.Join(p.Root, "foundry.toml"), os.Getenv("FOUNDRY_PROFILE"))
	if err != nil {
		return fmt.Errorf("read foundry.toml: %w", err)
	}
	p.Libs = []string{"lib"}
	if cfg.Libs != nil {
		p.Libs = cfg.Libs
	}
	p.Src = "src"
	for _, d := range []struct {
		dst *string
		val string
	}{{&p.Src, cfg.Src}, {&p.Test, cfg.Test}, {&p.Script, cfg.Script}} {
		if d.val != "" {
			*d.dst = filepath.ToSlash(filepath.Clean(d.val))
		}
	}
	user := rs
	for _, s := range cfg.Remappings {
		r, err := ParseRemapping(s)
		if err != nil {
			return fmt.Errorf("foundry.toml: %w", err)
		}
		user = append(user, r)
	}
	p.Solc = cfg.Solc
	if _, err := ParseVersion(cfg.Solc); cfg.Solc != "" && err != nil && !filepath.IsAbs(cfg.Solc) {
		// Foundry resolves a compiler path against the project, not
		// against wherever Foresight happens to run.
		p.Solc = filepath.Join(p.Root, cfg.Solc)
	}
	if cfg.Optimizer != nil {
		p.Settings.Optimizer = *cfg.Optimizer
	}
	if cfg.OptimizerRuns != nil {
		p.Settings.OptimizerRuns = *cfg.OptimizerRuns
	}
	if cfg.ViaIR != nil {
		p.Settings.ViaIR = *cfg.ViaIR
	}
	p.Settings.EVMVersion = cfg.EVMVersion
	p.SettingsStated = cfg.Optimizer != nil || cfg.OptimizerRuns != nil || cfg.ViaIR != nil
	p.Limits = cfg.Limits
	p.ConfigNotes = append(p.ConfigNotes, sortedNotes(cfg.Notes)...)
	p.Fuzz = cfg.Fuzz
	p.FsPermissions = defaultFsPermissions
	if cfg.FsPermissions != nil {
		p.FsPermissions = cfg.FsPermissions
	}
	autoDetect := cfg.AutoDetectRemappings == nil || *cfg.AutoDetectRemappings
	p.Remappings = foundryRemappings(p.Root, user, p.Libs, []string{p.Src, p.Test, p.Script}, autoDetect)
	return nil
}

// loadHardhat reads the literal solidity entry of the Hardhat config.
func (p *Project) loadHardhat() {
	for _, name := range []string{"hardhat.config.ts", "hardhat.config.js", "hardhat.config.cjs"} {
		cfg, err := readHardhatConfig(filepath.Join(p.Root, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			p.ConfigNotes = append(p.ConfigNotes, fmt.Sprintf("%s: %v; choosing compilers by pragma with default settings", name, err))
			return
		}
		if cfg == nil {
			return
		}
		p.Compilers, p.Overrides, p.SettingsStated = cfg.Compilers, cfg.Overrides, cfg.Stated
		if len(cfg.Compilers) > 0 {
			p.Settings = cfg.Compilers[len(cfg.Compilers)-1].Settings
		}
		return
	}
}

// settingsFor returns the settings for compiler version v: those the
// Hardhat config gives v, else the project's.
func (p *Project) settingsFor(v Version) Settings {
	for _, c := range p.Compilers {
		if c.Version == v {
			return c.Settings
		}
	}
	return p.Settings
}

// configuredCompiler returns the highest compiler of p's configuration
// that allows accepts, as Hardhat chooses among solidity.compilers.
func (p *Project) configuredCompiler(allows func(Version) bool) (Version, bool) {
	var best Version
	ok := false
	if p == nil {
		return best, false
	}
	for _, c := range p.Compilers {
		if allows(c.Version) && (!ok || best.Less(c.Version)) {
			best, ok = c.Version, true
		}
	}
	return best, ok
}
