package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/internal/redact"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// configSection is the settings section the server reads.
const configSection = "foresight"

// Settings are the user's options: initializationOptions, then the
// "foresight" section pulled with workspace/configuration or pushed with
// workspace/didChangeConfiguration. settingSpecs documents them (the docs
// and editor configurations are generated from it); the json tags are its
// server keys.
type Settings struct {
	SolcPath    string `json:"solcPath"`
	SolcVersion string `json:"solcVersion"`
	// Optimizer, OptimizerRuns, ViaIR and EVMVersion override the
	// project's compiler settings (BuildSettings).
	Optimizer     string `json:"optimizer"`
	OptimizerRuns uint32 `json:"optimizerRuns"`
	ViaIR         string `json:"viaIR"`
	EVMVersion    string `json:"evmVersion"`
	// FuzzBudgetSeconds is the wall-clock budget of a campaign after a
	// save (default 10; 0 means none when FuzzExecs is set).
	FuzzBudgetSeconds *float64 `json:"fuzzBudgetSeconds"`
	// FuzzExecs is a budget in executed sequences (0 = none).
	FuzzExecs uint64 `json:"fuzzExecs"`
	Workers   int    `json:"workers"`
	// Oracles switches finding kinds on or off ("panics" = every opt-in
	// panic).
	Oracles map[string]bool `json:"oracles"`
	// Targeted focuses campaigns on the functions a save changed (default
	// true).
	Targeted          *bool `json:"targeted"`
	MaxSequenceLength int   `json:"maxSequenceLength"`
	// Seed fixes the campaigns' seed (0 = from the clock); for tests and
	// reproducible sessions.
	Seed uint64 `json:"seed"`
	// ForkURL and ForkBlock fork campaigns from a live chain (fork.go;
	// trusted workspaces only).
	ForkURL   string `json:"forkUrl"`
	ForkBlock uint64 `json:"forkBlock"`
	// Mutants fuzzes the mutants of a save's changed lines once its
	// campaign ended (mutants.go), MutantExecs executions each (0: the
	// default).
	Mutants     bool   `json:"mutants"`
	MutantExecs uint64 `json:"mutantExecs"`
}

func defaultSettings() Settings { return Settings{} }

// parseSettings reads settings from a JSON value that is either the
// section itself or an object holding it under "foresight". A null or
// missing value reports false. The value is decoded into typed fields
// only (never into interface{}, whose numbers cost ~40 bytes each), and
// numeric settings out of bounds are clamped: notes says which.
func parseSettings(raw json.RawMessage) (st Settings, notes []string, ok bool, err error) {
	var outer map[string]json.RawMessage
	if json.Unmarshal(raw, &outer) != nil || outer == nil {
		return Settings{}, nil, false, nil
	}
	if inner, ok := outer[configSection]; ok {
		outer = nil
		if json.Unmarshal(inner, &outer) != nil || outer == nil {
			if string(inner) == "null" {
				return Settings{}, nil, false, nil
			}
			return Settings{}, nil, false, fmt.Errorf("settings: %s is not an object", configSection)
		}
	} else if !hasSettingKey(outer) {
		return Settings{}, nil, false, nil // someone else's settings
	}
	notes = clampSettings(outer)
	if raw, err = json.Marshal(outer); err == nil {
		err = json.Unmarshal(raw, &st)
	}
	if err != nil {
		return Settings{}, nil, false, fmt.Errorf("settings: %w", err)
	}
	return st, notes, true, nil
}

// serverKeys are the keys of the server's settings (settingSpecs).
var serverKeys = serverSettingKeys()

// hasSettingKey reports whether an object holds any of our setting keys.
func hasSettingKey(obj map[string]json.RawMessage) bool {
	for _, k := range serverKeys {
		if _, ok := obj[k]; ok {
			return true
		}
	}
	return false
}

// logged is the settings as the log shows them: forkUrl without its
// credentials.
func (st Settings) logged() Settings {
	if st.ForkURL != "" {
		st.ForkURL = redact.URL(st.ForkURL)
	}
	return st
}

// targeted reports whether campaigns focus on changed functions.
func (st Settings) targeted() bool { return st.Targeted == nil || *st.Targeted }

// options builds campaign options for the settings; budget, when
// positive, is a command's own wall-clock budget, which the settings'
// execution budget overrides (session.Budget has the defaults and rules).
func (st Settings) options(budget time.Duration) engine.Options {
	opts := engine.Options{
		Settings: engine.Settings{
			Seed:      session.ClockSeed(st.Seed),
			Execs:     st.FuzzExecs,
			Workers:   st.Workers,
			MaxSeqLen: st.MaxSequenceLength,
		},
		Oracles: st.Oracles,
	}
	mode, def := session.Save, session.SaveBudget
	var set *time.Duration
	if st.FuzzBudgetSeconds != nil {
		d := time.Duration(*st.FuzzBudgetSeconds * float64(time.Second))
		set = &d
	}
	if budget > 0 {
		mode, def = session.Command, budget
		if st.FuzzExecs == 0 {
			set = nil
		}
	}
	opts.Duration = session.Budget(mode, set, def, st.FuzzExecs)
	return opts
}

// toolchain is the server's compiler toolchain and whether the server
// owns (and so closes) it.
type toolchain struct {
	tc    *solc.Toolchain
	owned bool
	key   string // solcPath, solcVersion and trust it was made for
}

func (t *toolchain) close() {
	if t != nil && t.owned {
		t.tc.Close()
	}
}

// toolchainLocked returns the toolchain for the current settings and
// trust, making one if they changed: one per server, so the solc-js
// worker stays warm. In an untrusted workspace a solcPath naming the
// workspace's own executable is ignored, with a message once. The caller
// holds s.mu.
func (s *server) toolchainLocked() *solc.Toolchain {
	solcPath := s.settings.SolcPath
	if why := s.untrustedSolcPathLocked(solcPath); why != "" {
		solcPath = ""
		s.goSafe("notify", func() {
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: the workspace is not trusted: ignoring "+why+" and using your own compilers")
		})
	}
	override, notes := s.settings.build().override()
	key := fmt.Sprintf("%s\x00%s\x00%t\x00%s", solcPath, s.settings.SolcVersion, s.trusted, s.settings.build().key())
	if s.tc != nil && s.tc.key == key {
		return s.tc.tc
	}
	old := s.tc
	s.warnClamped(notes)
	if solcPath == "" && s.settings.SolcVersion == "" && override.Empty() && s.opts.Toolchain != nil {
		s.tc = &toolchain{tc: s.opts.Toolchain, key: key}
	} else {
		cfg := s.opts.Compiler
		if solcPath != "" {
			cfg.SolcPath = solcPath
		}
		if s.settings.SolcVersion != "" {
			cfg.SolcVersion = s.settings.SolcVersion
		}
		cfg.Untrusted = !s.trusted
		cfg.Override = override
		cfg.Log = s.log.Named("solc")
		cfg.Notify = func(msg string) { s.showMessage(protocol.MessageTypeInfo, "foresight: "+msg) }
		s.tc = &toolchain{tc: solc.NewToolchain(cfg), owned: true, key: key}
	}
	if old != nil {
		s.goSafe("close toolchain", old.close)
	}
	return s.tc.tc
}

// applySettings installs new settings; a compiler change recompiles every
// project with open documents.
func (s *server) applySettings(st Settings) {
	s.mu.Lock()
	recompile := st.SolcPath != s.settings.SolcPath || st.SolcVersion != s.settings.SolcVersion || st.build().key() != s.settings.build().key()
	s.settings = st
	var ps []*project
	if recompile {
		ps = s.projectsWithOpenDocsLocked()
	}
	s.mu.Unlock()
	s.log.Info("settings", zap.Any("settings", st.logged()))
	for _, p := range ps {
		s.schedule(p, trigger{reason: "settings"})
	}
}

// warnClamped shows, once each, why settings were clamped.
func (s *server) warnClamped(notes []string) {
	for _, n := range notes {
		s.log.Warn("setting clamped", zap.String("why", n))
		s.goSafe("notify", func() { s.notifyOnce(protocol.MessageTypeWarning, n) })
	}
}

// pullSettings asks the client for the "foresight" section. It makes a
// request to the client, so it must not run inside a handler. The answer
// is decoded as raw JSON, not protocol's []interface{}.
func (s *server) pullSettings() {
	s.mu.Lock()
	ok := s.caps.Workspace != nil && s.caps.Workspace.Configuration
	s.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	var res []json.RawMessage
	err := protocol.Call(ctx, s.conn, protocol.MethodWorkspaceConfiguration, &protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: configSection}}}, &res)
	if err != nil || len(res) == 0 {
		s.log.Debug("workspace/configuration", zap.Error(err))
		return
	}
	st, notes, ok, err := parseSettings(res[0])
	if err != nil {
		s.showMessage(protocol.MessageTypeWarning, "foresight: "+err.Error())
		return
	}
	s.warnClamped(notes)
	if ok {
		s.applySettings(st)
	}
}

// didChangeConfigurationParams is protocol.DidChangeConfigurationParams
// with the settings kept as raw JSON for parseSettings.
type didChangeConfigurationParams struct {
	Settings json.RawMessage `json:"settings"`
}

func (s *server) didChangeConfiguration(_ context.Context, params *didChangeConfigurationParams) error {
	st, notes, ok, err := parseSettings(params.Settings)
	if err != nil {
		return err
	}
	s.warnClamped(notes)
	if ok {
		s.applySettings(st)
		return nil
	}
	s.goSafe("workspace/configuration", s.pullSettings)
	return nil
}
