package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/foresight-sol/foresight/session"
)

// The flags that are run settings are registered from their one
// definition (session.Setting: usage, default, bounds), the records the
// editor's settings come from too, and clamped with the same policy and
// the same words (session.ClampNote).

// setting is the definition of command's flag name ("" for check, fuzz
// and the commands sharing their flags).
func setting(command, name string) session.Setting { return session.FlagSetting(command, name) }

// intSetting registers an int flag with its setting's default and usage.
func intSetting(fs *flag.FlagSet, p *int, command, name string, def int) {
	fs.IntVar(p, name, def, setting(command, name).Usage)
}

// uint64Setting registers a uint64 flag with its setting's usage.
func uint64Setting(fs *flag.FlagSet, p *uint64, command, name string, def uint64) {
	fs.Uint64Var(p, name, def, setting(command, name).Usage)
}

// durationSetting registers a duration flag with its setting's usage.
func durationSetting(fs *flag.FlagSet, p *time.Duration, command, name string, def time.Duration) {
	durationVar(fs, p, name, def, setting(command, name).Usage)
}

// stringSetting registers a string flag with its setting's usage.
func stringSetting(fs *flag.FlagSet, p *string, command, name string) {
	fs.StringVar(p, name, "", setting(command, name).Usage)
}

// funcSetting registers a flag parsed by set with its setting's usage.
func funcSetting(fs *flag.FlagSet, command, name string, set func(string) error) {
	fs.Func(name, setting(command, name).Usage, set)
}

// clampInt returns an int flag's value within its setting's bounds,
// saying on stderr when it is not the value given.
func clampInt(stderr io.Writer, command, name string, v int) int {
	used, why := setting(command, name).Clamp(float64(v))
	if why == "" {
		return v
	}
	fmt.Fprintln(stderr, session.ClampNote("--"+name, strconv.Itoa(v), why, session.Number(used)))
	return int(used)
}

// clampUint64 is clampInt for a uint64 flag.
func clampUint64(stderr io.Writer, command, name string, v uint64) uint64 {
	used, why := setting(command, name).Clamp(float64(v))
	if why == "" {
		return v
	}
	fmt.Fprintln(stderr, session.ClampNote("--"+name, strconv.FormatUint(v, 10), why, session.Number(used)))
	return uint64(used)
}

// clampDuration is clampInt for a duration flag.
func clampDuration(stderr io.Writer, command, name string, v time.Duration) time.Duration {
	used, note := setting(command, name).ClampDuration(v)
	if note != "" {
		fmt.Fprintln(stderr, note)
	}
	return used
}
