package lsp

import (
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// dependentFiles returns the project files a run compiles and fuzzes
// beside its files when the file that triggered it cannot be fuzzed
// alone (session.Dependents, the rule `foresight check FILE` follows
// too). Commands and "Fuzz this file" fuzz what they name, and other
// triggers name no file.
func dependentFiles(proj *solc.Project, t trigger, files []string, overlay solc.Overlay) []string {
	if t.file == "" || t.reason == "command" || t.wholeFile {
		return nil
	}
	return session.Dependents(proj, t.file, overlay, files)
}

// throughDependents records in c the concrete contracts of deps that
// builds compiled: the contracts of other files the saved file is fuzzed
// in, which progress and the end message name.
func throughDependents(builds []*solc.Build, deps []string, c campaign) campaign {
	c.via = nil
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || !slices.Contains(deps, u.Path) {
				continue
			}
			for _, d := range solc.ScanContracts(u.Content) {
				if _, ok := b.Output.Contracts[unit][d.Name]; ok && d.Kind == "contract" {
					c.via = append(c.via, d.Name)
				}
			}
		}
	}
	slices.Sort(c.via)
	c.via = slices.Compact(c.via)
	return c
}

// focusThrough returns the campaign's focus for the engine: with
// dependents, a changed function ("Base.f") is also named by itself
// ("f"), since it is called on the contracts that inherit it or on the
// proxy, whose names differ.
func focusThrough(c campaign) []string {
	if len(c.via) == 0 {
		return c.focus
	}
	focus := slices.Clone(c.focus)
	for _, fn := range c.focus {
		if _, name, ok := strings.Cut(fn, "."); ok && !slices.Contains(focus, name) {
			focus = append(focus, name)
		}
	}
	return focus
}
