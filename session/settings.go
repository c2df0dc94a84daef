package session

import (
	"fmt"
	"slices"
	"time"
)

// A Setting is one run setting, the one definition both front ends take
// it from: its key in the editor's "foresight" section and its flag on
// the command line (either may be empty), its type, default, bounds and
// documentation. The editor's configuration schema, its list of server
// keys and the settings tables in the docs are generated from
// [Settings] (`go test ./lsp -run TestSettingArtifacts -update`); the
// command line registers its flags from the same records
// (cmd/foresight/settingflags.go), and both clamp a value outside the
// bounds with [Setting.Clamp] and say so with [ClampNote].
type Setting struct {
	Key  string // in the editor's "foresight" section; "" for a flag only
	Flag string // on the command line, without "--"; "" for the editor only
	// Command is the one subcommand whose flag this is ("mutants"); ""
	// for the flags of check and fuzz (and of the commands sharing them).
	Command string
	Type    string // JSON schema type, or "duration" for a flag only
	// Default is the editor's default and, for a flag of the same type,
	// the flag's.
	Default any
	// Minimum and Maximum bound a numeric setting (seconds for a
	// duration): the value outside them is clamped, and the VS Code
	// schema declares them. Every numeric setting has both, since neither
	// a workspace's settings file nor a flag is to be trusted with the
	// machine (`--workers 100000` took all of its memory).
	Minimum, Maximum *float64
	// CPUBound: at most one per CPU of this machine as well.
	CPUBound bool
	Items    string   // element type of an array
	Values   string   // value type of an object
	Enum     []string // allowed strings
	Scope    string   // VS Code scope, when not the default
	Doc      string   // Markdown for the VS Code settings editor
	Short    string   // one line for the docs tables (Markdown)
	Usage    string   // the flag's usage line (flag.FlagSet), with its `name`
	// Editor is empty for a setting the server reads, else the one editor
	// extension that reads it ("vscode").
	Editor string
}

func bound(n float64) *float64 { return &n }

// maxSafeInteger is the largest integer a JSON number keeps exactly in
// JavaScript (Number.MAX_SAFE_INTEGER), so in VS Code's settings.
const maxSafeInteger = 1<<53 - 1

// Limit is the setting's bounds as a Limit; a setting without both
// bounds is unbounded (only strings, booleans and objects are).
func (s Setting) Limit() (Limit, bool) {
	if s.Minimum == nil || s.Maximum == nil {
		return Limit{}, false
	}
	return Limit{Min: *s.Minimum, Max: *s.Maximum, CPUBound: s.CPUBound, Integer: s.Type == "integer"}, true
}

// Clamp returns the value used for v and, when it is not v, why: the one
// clamp policy of both front ends.
func (s Setting) Clamp(v float64) (float64, string) {
	l, ok := s.Limit()
	if !ok {
		return v, ""
	}
	return l.Clamp(v)
}

// ClampNote is the one line both front ends print for a clamped value:
// name is "setting workers" in the editor and "--workers" on the command
// line.
func ClampNote(name, given, why, used string) string {
	return fmt.Sprintf("foresight: %s is %s, %s: using %s", name, given, why, used)
}

// ClampDuration clamps a duration flag's value (bounds in seconds) and
// returns the line to print when it changed ("" otherwise), with the
// bounds as durations.
func (s Setting) ClampDuration(v time.Duration) (time.Duration, string) {
	l, ok := s.Limit()
	if !ok {
		return v, ""
	}
	lo, hi := time.Duration(l.Min*float64(time.Second)), time.Duration(l.Max*float64(time.Second))
	used, why := v, ""
	switch {
	case v < lo:
		used, why = lo, "under its minimum of "+lo.String()
	case v > hi:
		used, why = hi, "over its maximum of "+hi.String()
	default:
		return v, ""
	}
	return used, ClampNote("--"+s.Flag, v.String(), why, used.String())
}

// EditorSettings are the settings an editor shows, in its order.
func EditorSettings() []Setting { return slices.Clone(editorSettings) }

// FlagSetting is the definition of command's flag name (without "--";
// command "" for check, fuzz and the commands sharing their flags): an
// editor setting's, or one of the flags the editor has no setting for.
// It panics on an unknown name, a mistake in the code.
func FlagSetting(command, name string) Setting {
	for _, list := range [][]Setting{editorSettings, flagSettings} {
		if i := slices.IndexFunc(list, func(s Setting) bool { return s.Command == command && s.Flag == name }); i >= 0 {
			return list[i]
		}
	}
	panic("session: no setting for flag --" + name)
}

// FlagSettings are the flags the editor has no setting for.
func FlagSettings() []Setting { return slices.Clone(flagSettings) }

// seconds is d in seconds, for a duration's bounds.
func seconds(d time.Duration) *float64 { return bound(d.Seconds()) }
