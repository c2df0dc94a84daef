package solc

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"go.uber.org/zap"
)

// A Request asks for a compilation of some files of a project.
type Request struct {
	Files   []string // entry files; their imports are followed
	Overlay Overlay  // unsaved buffers by absolute path
	Mode    OutputMode
	// Background runs solc-js on a second worker (Toolchain.background),
	// so a long compile started beside a campaign (the editor's invariant
	// suites) never holds up the next save's compiles on the first.
	Background bool
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
	Settings    Settings         // those the compiler ran with
	Elapsed     time.Duration    // the compiler's run (or the cache's answer)
	Cached      bool             // the output came from the compile cache
	// Retried says how the settings differ from the project's after a
	// "Stack too deep" failure ("" when they do not): see compileUnit.
	Retried string
	// Outlines holds the units whose AST the compiler was not asked for
	// (astOmitted), with what is read from their text instead;
	// Functions and Contracts answer from it.
	Outlines map[string]*TextOutline
}

// Label names the build's compilation unit for messages that have no
// source location: "solc 0.8.20 (solc-js) compiling contracts/A.sol and 3
// more files".
func (b *Build) Label() string {
	comp := "no compiler"
	if b.Compiler != nil {
		comp = b.Compiler.String()
	}
	s := comp + " compiling " + strings.Join(b.Roots[:min(len(b.Roots), 3)], ", ")
	if n := len(b.Units) - min(len(b.Roots), 3); n > 0 {
		s += fmt.Sprintf(" and %d more file(s)", n)
	}
	return s
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
	p = t.withOverride(t.withForge(ctx, p))
	for _, n := range p.ConfigNotes {
		t.say(n, zap.String("root", p.Root))
	}
	units, roots, err := p.Sources(req.Files, req.Overlay)
	if err != nil {
		return nil, err
	}
	plans, builds, err := t.planUnits(ctx, p, units, roots)
	if err != nil {
		return nil, err
	}
	for _, u := range plans {
		if req.Background {
			u.comp = t.background(u.comp)
		}
		t.cfg.Log.Debug("compilation unit", zap.Stringer("compiler", u.comp), zap.Strings("roots", u.roots), zap.Stringer("settings", u.settings))
		bs, err := t.compileUnit(ctx, p, units, u, req.Mode)
		if err == nil {
			bs, err = t.retryLowest(ctx, p, units, u, bs, req.Mode)
		}
		if err != nil {
			return nil, err
		}
		builds = append(builds, bs...)
	}
	return builds, nil
}

// runGroup compiles roots and their imports with comp as one Build. The
// error is ctx's, when it ended the compile.
func (t *Toolchain) runGroup(ctx context.Context, p *Project, units map[string]*Unit, comp Compiler, st Settings, roots []string, mode OutputMode) (*Build, error) {
	b := &Build{Compiler: comp, Project: p, Units: map[string]*Unit{}, Roots: roots, Settings: st}
	for _, root := range roots {
		for _, name := range closure(units, root) {
			b.Units[name] = units[name]
		}
	}
	refusedDiags, refused := outsideImports(b.Units, p.Root)
	missingDiags, missingNames := missingImports(b.Units, p)
	if d, ok := missingPackagesDiagnostic(b.Units, p); ok {
		missingDiags = append([]Diagnostic{d}, missingDiags...)
	}
	b.Outlines = astOmitted(p, comp, b.Units, roots, mode)
	start := time.Now()
	out, hit, err := t.cache.compile(ctx, comp, p.input(b.Units, refused, mode, st, b.Outlines))
	b.Elapsed, b.Cached = time.Since(start), hit
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		b.Err = err
		d := compilerFailure(units[roots[0]], err)
		var ce *CompilerError
		var le *LimitError
		if errors.As(err, &ce) && errors.As(err, &le) {
			// Name the whole unit: the diagnostic sits on one root (the
			// first by name, maybe an interface) but the unit was given up.
			d.Message = fmt.Sprintf("%s %s; %s", b.Label(), ce.how(), limitHint(le))
		}
		b.Diagnostics = []Diagnostic{d}
	} else {
		b.Output = out
		for _, d := range diagnostics(out.Errors, units) {
			if refused[d.Unit] || solcNotFound(d.Message, missingNames) { // the stub's own warnings; a missing import said better
				continue
			}
			if d.Unit == "" {
				// No source location (solc's internal "Compiler error"s):
				// say which unit, so the message is never anonymous.
				d.Message = fmt.Sprintf("%s [%s]", d.Message, b.Label())
			}
			b.Diagnostics = append(b.Diagnostics, d)
		}
	}
	b.Diagnostics = append(b.Diagnostics, refusedDiags...)
	b.Diagnostics = append(b.Diagnostics, missingDiags...)
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
// imports get a stub, so that no compiler tries to read them itself. The
// units of omit get no AST.
func (p *Project) input(units map[string]*Unit, refused map[string]bool, mode OutputMode, st Settings, omit map[string]*TextOutline) *Input {
	in := &Input{Language: "Solidity", Sources: map[string]InputSource{}}
	for _, name := range sortedNames(units) {
		in.Sources[name] = InputSource{Content: compilerText(units[name].Content)}
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
	if len(omit) > 0 {
		// A file's entry adds to "*"'s (solc takes the union), so the ASTs
		// wanted are named one by one and "*" asks for none.
		sel := in.Settings.OutputSelection["*"]
		delete(sel, "")
		for name := range in.Sources {
			if omit[name] == nil {
				in.Settings.OutputSelection[name] = map[string][]string{"": {"ast"}}
			}
		}
	}
	return in
}
