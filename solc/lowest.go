package solc

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
)

// A package installed from npm (or a lib/ checkout) was written and tested
// with the compiler of its day, while pragmas such as ^0.8.9 let the
// newest release compile it, which may refuse it (stricter override
// rules, "Stack too deep" in a newer code generator). When the version
// the pragmas chose fails on code the user cannot edit, retryLowest
// compiles the same roots again with the lowest release every pragma of
// their imports allows, the version the files were most likely written
// for, and keeps that build if it compiles.

// retryLowest replaces each failed build of bs whose errors all lie in
// dependencies (or are "Stack too deep", which the settings retries did
// not cure) with a compile of its roots by the lowest version their
// pragmas allow, when that is another version and compiles them without
// errors. A compiler the user or the project pins is never second-guessed.
func (t *Toolchain) retryLowest(ctx context.Context, p *Project, units map[string]*Unit, u unitPlan, bs []*Build, mode OutputMode) ([]*Build, error) {
	if mode != Full || t.forced(p) || len(p.Compilers) > 0 {
		return bs, nil
	}
	out := make([]*Build, 0, len(bs))
	for _, b := range bs {
		if !lowerMayHelp(b, !p.SettingsStated) || overriddenRoot(p, b.Roots) {
			out = append(out, b)
			continue
		}
		pr := map[string]rootPragmas{}
		for _, r := range b.Roots {
			pr[r] = pragmasOf(units, r)
		}
		ch, ok := t.lowestChoice(ctx, unionCons(pr, b.Roots), p)
		if !ok || ch.version() == u.comp.Version() {
			out = append(out, b)
			continue
		}
		comp, err := t.materialize(ctx, ch)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			out = append(out, b)
			continue
		}
		next, err := t.compileUnit(ctx, p, units, unitPlan{comp: comp, settings: p.settingsFor(comp.Version()), roots: b.Roots}, mode)
		if err != nil {
			return nil, err
		}
		if anyErrors(next) {
			t.tell(fmt.Sprintf("%s: errors; %s, the lowest version the pragmas allow, fails too", b.Label(), comp))
			out = append(out, b)
			continue
		}
		t.tell(fmt.Sprintf("%s: errors in code written for an older compiler; compiled with %s, the lowest version its pragmas allow, instead (--solc-version chooses)", b.Label(), comp))
		out = append(out, next...)
	}
	return out, nil
}

// lowerMayHelp reports whether b failed only where an older compiler may
// succeed: solc ran and every error it reported is in a dependency's code
// or, when deep (the project states no settings, as for compileUnit's
// retries), is "Stack too deep". The user's own errors are the user's to
// fix, and a missing import or a compiler that could not run is not
// cured by another version.
func lowerMayHelp(b *Build, deep bool) bool {
	if b.Output == nil || b.Err != nil {
		return false
	}
	errs := 0
	for _, d := range b.Diagnostics {
		if d.Severity != SeverityError {
			continue
		}
		errs++
		if strings.HasPrefix(d.Code, "foresight") {
			return false
		}
		if !d.InDependency && !underNodeModules(d.Path) && !(deep && strings.Contains(strings.ToLower(d.Message), "stack too deep")) {
			return false
		}
	}
	return errs > 0
}

// underNodeModules reports whether path lies in a node_modules folder: an
// installed package's own files, even when its package is the project
// fuzzed (`foresight fuzz node_modules/PKG/contracts`).
func underNodeModules(path string) bool {
	for _, part := range strings.Split(filepath.ToSlash(path), "/") {
		if part == "node_modules" {
			return true
		}
	}
	return false
}

func overriddenRoot(p *Project, roots []string) bool {
	for _, r := range roots {
		if _, ok := p.Overrides[r]; ok {
			return true
		}
	}
	return false
}

func anyErrors(bs []*Build) bool {
	for _, b := range bs {
		if b.HasErrors() {
			return true
		}
	}
	return false
}

// lowestChoice is choose's counterpart for the lowest version every
// pragma allows: a native binary of it if one is at hand, else the
// solc-js release (installed ones only with Config.NoInstall).
func (t *Toolchain) lowestChoice(ctx context.Context, pragmas []Constraint, p *Project) (choice, bool) {
	allows := allowsAll(pragmas)
	natives := t.nativesFor(ctx, p)
	candidates := embeddedVersions()
	if t.cfg.NoInstall {
		candidates = candidates[:0]
		for _, v := range installedJS(t.cfg.CacheDir) {
			if !v.Less(MinStandardJSON) {
				candidates = append(candidates, v)
			}
		}
	}
	var best choice
	found := false
	consider := func(ch choice) {
		if allows(ch.version()) && (!found || ch.version().Less(best.version())) {
			best, found = ch, true
		}
	}
	for _, n := range natives {
		consider(choice{native: n})
	}
	for _, v := range candidates {
		consider(choice{js: v})
	}
	return best, found
}
