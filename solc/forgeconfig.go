package solc

import (
	"fmt"
	"strings"
)

// InlineFuzzConfig reads the inline `forge-config` comments of a Solidity
// source (`/// forge-config: default.invariant.depth = 10`, on a test
// contract or function) for profile ("" is default): the default
// profile's lines, then the profile's own over them. Foresight runs one
// campaign where forge runs one per test, so a key set twice to
// different values keeps the first and notes the other. path names the
// file in notes.
func InlineFuzzConfig(path string, src []byte, profile string) FuzzConfig {
	if profile == "" {
		profile = "default"
	}
	var base, own FuzzConfig
	seen := map[string]string{}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "//") && !strings.HasPrefix(line, "*") && !strings.HasPrefix(line, "/*") {
			continue
		}
		_, rest, ok := strings.Cut(line, "forge-config:")
		if !ok {
			continue
		}
		rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "*/"))
		key, val, ok := strings.Cut(rest, "=")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		val = strings.Trim(strings.TrimSpace(val), `"'`)
		from := fmt.Sprintf("%s:%d", path, i+1)
		prof, short, ok := strings.Cut(key, ".")
		if !ok {
			continue
		}
		if prof == "fuzz" || prof == "invariant" {
			prof, short = "default", key // no profile named: every profile
		}
		if prof != "default" && prof != profile {
			continue
		}
		dst := &base
		if prof != "default" {
			dst = &own
		}
		id := prof + "." + short
		if prev, ok := seen[id]; ok {
			if prev != val {
				dst.note(from, short, fmt.Sprintf("set to %s before in this run's files; Foresight runs one campaign, so the first applies", prev))
			}
			continue
		}
		seen[id] = val
		dst.set(short, val, from)
	}
	return base.over(own)
}
