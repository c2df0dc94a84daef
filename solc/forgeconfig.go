package solc

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// BuildsFuzzConfig is the Foundry fuzz configuration of a run on builds:
// the Foundry project's (foundry.toml and the environment,
// Project.Fuzz) with the inline comments of the builds' root files over
// it, files by unit name. later are the texts of root files whose compile
// is still to come (the editor's suites, compiled beside the direct
// campaign), by unit name. Empty outside Foundry projects.
func BuildsFuzzConfig(builds []*Build, later ...SourceText) FuzzConfig {
	var proj *Project
	for _, b := range builds {
		if b.Project != nil && b.Project.Kind == "foundry" {
			proj = b.Project
			break
		}
	}
	if proj == nil {
		return FuzzConfig{} // forge's configuration is a Foundry project's
	}
	var texts []SourceText
	seen := map[string]bool{}
	for _, b := range builds {
		for _, root := range b.Roots {
			if u := b.Units[root]; u != nil && !seen[root] {
				seen[root] = true
				texts = append(texts, SourceText{Path: root, Text: u.Content})
			}
		}
	}
	for _, t := range later {
		if !seen[t.Path] {
			seen[t.Path] = true
			texts = append(texts, t)
		}
	}
	slices.SortFunc(texts, func(a, b SourceText) int { return strings.Compare(a.Path, b.Path) })
	return proj.Fuzz.Over(InlineFuzzConfig(os.Getenv("FOUNDRY_PROFILE"), texts...))
}

// A SourceText is a file's path, for notes, and its text.
type SourceText struct {
	Path string
	Text []byte
}

// InlineFuzzConfig reads the inline `forge-config` comments of Solidity
// sources (`/// forge-config: default.invariant.depth = 10`, on a test
// contract or function) for profile ("" is default): the default
// profile's lines, then the profile's own over them. Foresight runs one
// campaign where forge runs one per test, so a key set twice to
// different values (in one file or two) keeps the first and notes the
// other.
func InlineFuzzConfig(profile string, files ...SourceText) FuzzConfig {
	if profile == "" {
		profile = "default"
	}
	var base, own FuzzConfig
	seen := map[string]string{}
	for _, f := range files {
		inlineLines(f, profile, seen, &base, &own)
	}
	return base.Over(own)
}

// inlineLines reads one file's forge-config lines into base (the default
// profile's) and own (the active profile's); seen holds the values set
// so far, by "profile.section.key".
func inlineLines(f SourceText, profile string, seen map[string]string, base, own *FuzzConfig) {
	for i, line := range strings.Split(string(f.Text), "\n") {
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
		from := fmt.Sprintf("%s:%d", f.Path, i+1)
		prof, short, ok := strings.Cut(key, ".")
		if !ok {
			continue
		}
		if prof == fuzzSection || prof == invariantSection {
			prof, short = "default", key // no profile named: every profile
		}
		if prof != "default" && prof != profile {
			continue
		}
		dst := base
		if prof != "default" {
			dst = own
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
}
