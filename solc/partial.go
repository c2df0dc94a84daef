package solc

import (
	"context"
	"errors"
)

// compileGroup compiles a group of roots that share a compiler. When a
// full compile fails with errors that solc places in source files, the
// roots whose import closure holds none of those files are compiled again
// on their own, so one broken file does not keep the rest from bytecode
// (and from being fuzzed); a compiler that crashes on the group is asked
// again for each half of the roots (bisectCrash), for the same reason. The result is then two Builds: the broken
// roots with the first compile's output and errors, and the rest. Each
// diagnostic is reported by one of them only.
func (t *Toolchain) compileGroup(ctx context.Context, p *Project, units map[string]*Unit, comp Compiler, st Settings, roots []string, mode OutputMode) ([]*Build, error) {
	b, err := t.runGroup(ctx, p, units, comp, st, roots, mode)
	if err != nil {
		return nil, err
	}
	if len(roots) > 1 && errors.Is(b.Err, ErrCompilerCrashed) {
		return t.bisectCrash(ctx, p, units, comp, st, roots, mode)
	}
	if mode != Full || b.Output == nil || len(roots) < 2 || !b.HasErrors() {
		return []*Build{b}, nil
	}
	broken := map[string]bool{}
	for _, d := range b.Diagnostics {
		if d.Severity != SeverityError {
			continue
		}
		if d.Unit == "" {
			return []*Build{b}, nil // an error of the whole input
		}
		broken[d.Unit] = true
	}
	var good, bad []string
	for _, r := range roots {
		ok := true
		for _, name := range closure(units, r) {
			if broken[name] {
				ok = false
				break
			}
		}
		if ok {
			good = append(good, r)
		} else {
			bad = append(bad, r)
		}
	}
	if len(good) == 0 || len(bad) == 0 {
		return []*Build{b}, nil
	}
	gb, err := t.runGroup(ctx, p, units, comp, st, good, mode)
	if err != nil {
		return nil, err
	}
	if gb.HasErrors() && !onlyStackTooDeep(gb) {
		// The errors came from files together (a name defined twice, say):
		// the split does not help, so report the whole group as it was.
		// Stack too deep in the rest is kept apart: compileUnit compiles
		// the group again with the optimizer, and that compile splits off
		// the broken roots the same way (a package with one file missing
		// an import and a pool that needs the optimizer fuzzed nothing).
		return []*Build{b}, nil
	}
	b.Roots = bad
	b.Units = map[string]*Unit{}
	for _, r := range bad {
		for _, name := range closure(units, r) {
			b.Units[name] = units[name]
		}
	}
	kept := b.Diagnostics[:0]
	for _, d := range b.Diagnostics {
		if d.Unit == "" || gb.Units[d.Unit] == nil {
			kept = append(kept, d)
		}
	}
	b.Diagnostics = kept
	return []*Build{b, gb}, nil
}

// bisectCrash compiles the two halves of roots on their own, after the
// compiler crashed on all of them: the crash is in the import closure of
// some roots, and the others must still compile. Halving finds one bad
// root among n in about 2·log2(n) compiles; a root that crashes alone is
// a Build with the compiler's error on it.
func (t *Toolchain) bisectCrash(ctx context.Context, p *Project, units map[string]*Unit, comp Compiler, st Settings, roots []string, mode OutputMode) ([]*Build, error) {
	half := len(roots) / 2
	left, err := t.compileGroup(ctx, p, units, comp, st, roots[:half:half], mode)
	if err != nil {
		return nil, err
	}
	right, err := t.compileGroup(ctx, p, units, comp, st, roots[half:], mode)
	if err != nil {
		return nil, err
	}
	return append(left, right...), nil
}
