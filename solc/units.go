package solc

import (
	"context"
	"fmt"
	"slices"
	"sort"
)

// A unitPlan is one compilation unit: roots that one compiler compiles
// together, with one set of settings.
type unitPlan struct {
	comp     Compiler
	settings Settings
	roots    []string
}

// rootPragmas are the version constraints of a root's import closure, and
// the same as "PRAGMA in FILE" for messages.
type rootPragmas struct {
	files []string // the closure
	cons  []Constraint
	texts []string
}

func pragmasOf(units map[string]*Unit, root string) rootPragmas {
	rp := rootPragmas{files: closure(units, root)}
	for _, name := range rp.files {
		for _, text := range units[name].Pragmas {
			c, err := ParseConstraint(text)
			if err != nil {
				continue // solc reports unparsable pragmas itself
			}
			rp.cons = append(rp.cons, c)
			rp.texts = append(rp.texts, fmt.Sprintf("%s in %s", text, name))
		}
	}
	return rp
}

// planUnits chooses the compilation units of roots. A compiler the user
// or project pins (or a Hardhat config's list of compilers) is chosen per
// root, as that tool does; Hardhat's overrides give single files their
// own. Otherwise versions are chosen as Foundry's auto-detection does:
// one version for every root when one satisfies the pragmas of all their
// import closures (the newest such), else one per set of roots whose
// closures share files, else the fewest versions that serve those roots.
// Roots no version serves come back as failed Builds.
func (t *Toolchain) planUnits(ctx context.Context, p *Project, units map[string]*Unit, roots []string) ([]unitPlan, []*Build, error) {
	pr := map[string]rootPragmas{}
	for _, r := range roots {
		pr[r] = pragmasOf(units, r)
	}
	var plans []unitPlan
	var failed []*Build
	var auto []string
	byKey := map[string]int{}
	add := func(comp Compiler, st Settings, root string) {
		key := fmt.Sprintf("%s|%+v", comp, st)
		i, ok := byKey[key]
		if !ok {
			i = len(plans)
			byKey[key] = i
			plans = append(plans, unitPlan{comp: comp, settings: st})
		}
		plans[i].roots = append(plans[i].roots, root)
	}
	for _, r := range roots {
		o, overridden := p.Overrides[r]
		if !overridden && !t.forced(p) && len(p.Compilers) == 0 {
			auto = append(auto, r)
			continue
		}
		var comp Compiler
		var err error
		var st Settings
		if overridden && !t.forced(p) {
			comp, err = t.exact(ctx, o.Version.String(), p)
			st = o.Settings
		} else if comp, err = t.Select(ctx, pr[r].cons, p); err == nil {
			st = p.settingsFor(comp.Version())
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			failed = append(failed, selectionFailure(p, units, r, pr[r].texts, err))
			continue
		}
		add(comp, st, r)
	}
	groups, fails, err := t.autoGroups(ctx, p, units, auto, pr)
	if err != nil {
		return nil, nil, err
	}
	failed = append(failed, fails...)
	for _, g := range groups {
		comp, err := t.materialize(ctx, g.ch)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			for _, r := range g.roots {
				failed = append(failed, selectionFailure(p, units, r, pr[r].texts, err))
			}
			continue
		}
		for _, r := range g.roots {
			add(comp, p.settingsFor(comp.Version()), r)
		}
	}
	return plans, failed, nil
}

// An autoGroup is roots that one chosen version compiles.
type autoGroup struct {
	ch    choice
	roots []string
}

// autoGroups is Foundry-like version auto-detection over roots (see
// planUnits), choosing versions without installing them.
func (t *Toolchain) autoGroups(ctx context.Context, p *Project, units map[string]*Unit, roots []string, pr map[string]rootPragmas) ([]autoGroup, []*Build, error) {
	own := map[string]choice{}
	var ok []string
	var failed []*Build
	for _, r := range roots {
		ch, err := t.choose(ctx, pr[r].cons, p)
		if err != nil {
			failed = append(failed, selectionFailure(p, units, r, pr[r].texts, err))
			continue
		}
		own[r] = ch
		ok = append(ok, r)
	}
	if len(ok) == 0 {
		return nil, failed, ctx.Err()
	}
	if ch, err := t.choose(ctx, unionCons(pr, ok), p); err == nil {
		return []autoGroup{{ch, ok}}, failed, nil
	}
	var out []autoGroup
	for _, comp := range components(ok, pr) {
		if ch, err := t.choose(ctx, unionCons(pr, comp), p); err == nil {
			out = append(out, autoGroup{ch, comp})
			continue
		}
		out = append(out, fewestVersions(comp, own, pr)...)
	}
	return out, failed, ctx.Err()
}

func unionCons(pr map[string]rootPragmas, roots []string) []Constraint {
	var out []Constraint
	for _, r := range roots {
		out = append(out, pr[r].cons...)
	}
	return out
}

// components splits roots into the sets whose import closures share
// files (connected components of the import graph), in roots' order.
func components(roots []string, pr map[string]rootPragmas) [][]string {
	parent := make([]int, len(roots))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := map[string]int{}
	for i, r := range roots {
		for _, f := range pr[r].files {
			if j, seen := owner[f]; seen {
				parent[find(i)] = find(j)
			} else {
				owner[f] = i
			}
		}
	}
	index := map[int]int{}
	var out [][]string
	for i, r := range roots {
		c := find(i)
		k, seen := index[c]
		if !seen {
			k = len(out)
			index[c] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], r)
	}
	return out
}

// fewestVersions covers roots, which no one version serves, with few
// versions: among the versions each root would get on its own, it takes
// the one serving the most roots still without one (the newest on a tie),
// and repeats. Each root can be served by its own, so this ends.
func fewestVersions(roots []string, own map[string]choice, pr map[string]rootPragmas) []autoGroup {
	var cands []choice
	seen := map[string]bool{}
	for _, r := range roots {
		ch := own[r]
		key := fmt.Sprintf("%v|%t", ch.version(), ch.native != nil)
		if !seen[key] {
			seen[key] = true
			cands = append(cands, ch)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[j].version().Less(cands[i].version()) })
	left := roots
	var out []autoGroup
	for len(left) > 0 {
		var best autoGroup
		for _, ch := range cands {
			var served []string
			for _, r := range left {
				if allowsAll(pr[r].cons)(ch.version()) {
					served = append(served, r)
				}
			}
			if len(served) > len(best.roots) {
				best = autoGroup{ch, served}
			}
		}
		out = append(out, best)
		var rest []string
		for _, r := range left {
			if !slices.Contains(best.roots, r) {
				rest = append(rest, r)
			}
		}
		left = rest
	}
	return out
}
