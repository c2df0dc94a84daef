package solc

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"go.uber.org/zap"
)

// A Request asks for a compilation of some files of a project.
type Request struct {
	Files   []string // entry files; their imports are followed
	Overlay Overlay  // unsaved buffers by absolute path
	Mode    OutputMode
}

// A Build is one compiler run over a group of files that share a compiler
// version. A project whose files need different versions compiles as
// several Builds.
type Build struct {
	Compiler    Compiler // nil if none could be selected
	Project     *Project
	Units       map[string]*Unit // every source in the input, by unit name
	Roots       []string         // unit names of the requested files
	Output      *Output          // nil if the compiler could not run
	Diagnostics []Diagnostic     // include one for Err, so publish these, not Err again
	Err         error            // why there is no Output: no compiler, compiler crashed, ...
}

// HasErrors reports whether the build failed: no output, or a diagnostic of
// error severity.
func (b *Build) HasErrors() bool {
	if b.Output == nil {
		return true
	}
	for _, d := range b.Diagnostics {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// UnitByID returns the unit name with the given source id, as used in
// source maps.
func (b *Build) UnitByID(id int) (string, bool) {
	if b.Output == nil {
		return "", false
	}
	for name, s := range b.Output.Sources {
		if s.ID == id {
			return name, true
		}
	}
	return "", false
}

// Compile resolves the requested files and their imports (with the
// remappings `forge remappings` prints for a Foundry project, when forge
// may run: see Config), picks a compiler for each group of files (by
// their pragmas), and runs it; a full compile that fails is redone without
// the broken files (compileGroup). Problems in the sources come back as
// Diagnostics; the error is non-nil only when the request itself is
// unusable (a file that cannot be read).
func (t *Toolchain) Compile(ctx context.Context, p *Project, req Request) ([]*Build, error) {
	p = t.withForge(ctx, p)
	if p.ConfigNote != "" {
		t.say(p.ConfigNote, zap.String("root", p.Root))
	}
	units, roots, err := p.Sources(req.Files, req.Overlay)
	if err != nil {
		return nil, err
	}
	type group struct {
		comp  Compiler
		roots []string
	}
	groups := map[string]*group{}
	var order []string
	var builds []*Build
	for _, root := range roots {
		var cons []Constraint
		var texts []string
		for _, name := range closure(units, root) {
			for _, text := range units[name].Pragmas {
				c, err := ParseConstraint(text)
				if err != nil {
					continue // solc reports unparsable pragmas itself
				}
				cons = append(cons, c)
				texts = append(texts, fmt.Sprintf("%s in %s", text, name))
			}
		}
		comp, err := t.Select(ctx, cons, p)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			builds = append(builds, selectionFailure(p, units, root, texts, err))
			continue
		}
		key := comp.String()
		g := groups[key]
		if g == nil {
			g = &group{comp: comp}
			groups[key] = g
			order = append(order, key)
		}
		g.roots = append(g.roots, root)
	}
	for _, key := range order {
		g := groups[key]
		bs, err := t.compileGroup(ctx, p, units, g.comp, g.roots, req.Mode)
		if err != nil {
			return nil, err
		}
		builds = append(builds, bs...)
	}
	return builds, nil
}

// runGroup compiles roots and their imports with comp as one Build. The
// error is ctx's, when it ended the compile.
func (t *Toolchain) runGroup(ctx context.Context, p *Project, units map[string]*Unit, comp Compiler, roots []string, mode OutputMode) (*Build, error) {
	b := &Build{Compiler: comp, Project: p, Units: map[string]*Unit{}, Roots: roots}
	for _, root := range roots {
		for _, name := range closure(units, root) {
			b.Units[name] = units[name]
		}
	}
	refusedDiags, refused := outsideImports(b.Units, p.Root)
	out, err := Compile(ctx, comp, p.input(b.Units, refused, mode, p.settingsFor(comp.Version())))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b.Err = err
		b.Diagnostics = []Diagnostic{compilerFailure(units[roots[0]], err)}
	} else {
		b.Output = out
		for _, d := range diagnostics(out.Errors, units) {
			if !refused[d.Unit] { // the stub's own warnings
				b.Diagnostics = append(b.Diagnostics, d)
			}
		}
	}
	b.Diagnostics = append(b.Diagnostics, refusedDiags...)
	markDependencies(p, b.Diagnostics)
	return b, nil
}

func selectionFailure(p *Project, units map[string]*Unit, root string, pragmas []string, err error) *Build {
	u := units[root]
	d := Diagnostic{Path: u.Path, Unit: root, Start: -1, End: -1, Severity: SeverityError, Code: "foresight-solc", Message: err.Error()}
	var nc *NoCompilerError
	if errors.As(err, &nc) {
		d.Message = fmt.Sprintf("no available solc version satisfies every pragma in the import closure of %s (%s); available: %s",
			root, strings.Join(pragmas, "; "), strings.SplitN(nc.Error(), "available: ", 2)[1])
	}
	if len(u.PragmaSpans) > 0 {
		d.Start, d.End = u.PragmaSpans[0][0], u.PragmaSpans[0][1]
	}
	return &Build{Project: p, Units: map[string]*Unit{root: u}, Roots: []string{root}, Diagnostics: []Diagnostic{d}, Err: err}
}

// compilerFailure is the one diagnostic for a compiler that produced no
// output: at the root's first pragma (which chose the compiler) if it has
// one. Build.Err carries the same error; callers should publish one of them.
func compilerFailure(u *Unit, err error) Diagnostic {
	d := Diagnostic{Path: u.Path, Unit: u.Name, Start: -1, End: -1, Severity: SeverityError, Code: "foresight-solc", Message: err.Error()}
	if len(u.PragmaSpans) > 0 {
		d.Start, d.End = u.PragmaSpans[0][0], u.PragmaSpans[0][1]
	}
	return d
}

func sortedNames(units map[string]*Unit) []string {
	names := make([]string, 0, len(units))
	for name := range units {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// input builds the standard-JSON input for the given units. Refused
// imports get a stub, so that no compiler tries to read them itself.
func (p *Project) input(units map[string]*Unit, refused map[string]bool, mode OutputMode, st Settings) *Input {
	in := &Input{Language: "Solidity", Sources: map[string]InputSource{}}
	for _, name := range sortedNames(units) {
		in.Sources[name] = InputSource{Content: string(units[name].Content)}
	}
	for name := range refused {
		if _, ok := in.Sources[name]; !ok {
			in.Sources[name] = InputSource{Content: outsideStub}
		}
	}
	for _, r := range p.Remappings {
		in.Settings.Remappings = append(in.Settings.Remappings, r.String())
	}
	if mode == Full {
		in.Settings.Optimizer = &OptimizerSettings{Enabled: st.Optimizer, Runs: st.OptimizerRuns}
		in.Settings.ViaIR = st.ViaIR
	}
	in.Settings.EVMVersion = st.EVMVersion
	in.Settings.OutputSelection = outputSelection(mode)
	return in
}
