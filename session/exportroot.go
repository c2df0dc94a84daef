package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/engine/safefile"
	"github.com/foresight-sol/foresight/solc"
)

// This file is where an export from a report goes (`foresight replay
// --export`): the project the command was started in or for, never one
// the report's content chooses, since a report may come from a CI
// artifact or a shared corpus others write (docs/security.md).

// ErrOutsideProject is wrapped by errors about a path an export's
// report names, or a folder the export would write into, that resolves
// (symbolic links included) outside the project it exports into.
var ErrOutsideProject = errors.New("outside the project")

// ExportRoot is the project an export runs in or for, which everything
// it reads from a report and writes must lie in: dir when the user named
// one (--root), else the project of the working directory wd when wd
// lies in one (a folder with foundry.toml, a Hardhat or Truffle config,
// remappings.txt or package.json at or above it), else the project of
// the report's own folder. It is never a package inside node_modules
// (OutOfNodeModules). The test itself goes into the project of the
// report's files (ExportDest), which lies in it: the same, or a package
// of a monorepo the command ran at the top of.
func ExportRoot(dir, wd, reportPath string) (string, error) {
	var root string
	switch {
	case dir != "":
		root = dir
	case wd != "" && solc.IsProjectRoot(solc.FindRoot(wd)):
		root = solc.FindRoot(wd)
	default:
		root = solc.FindRoot(filepath.Dir(reportPath))
	}
	root, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("export root: %w", err)
	}
	return OutOfNodeModules(root), nil
}

// OutOfNodeModules is root, or, when root lies in a node_modules folder
// (a package's own foundry.toml or package.json made it a root), the
// project root of the folder holding the outermost node_modules: the
// user's project, whose test folder is theirs.
func OutOfNodeModules(root string) string {
	parts := strings.Split(filepath.ToSlash(filepath.Clean(root)), "/")
	i := slices.Index(parts, "node_modules")
	if i < 0 {
		return root
	}
	holder := filepath.FromSlash(strings.Join(parts[:i], "/"))
	if holder == "" {
		holder = string(filepath.Separator)
	}
	return solc.FindRoot(holder)
}

// ConfineExport returns an error wrapping ErrOutsideProject, naming the
// path, unless every path, symbolic links resolved (those of its deepest
// existing ancestor when it does not exist yet), lies inside root,
// resolved too. Empty paths are skipped.
func ConfineExport(root string, paths ...string) error {
	r, err := safefile.Resolve(root)
	if err != nil {
		return fmt.Errorf("export root %s: %w", root, err)
	}
	for _, p := range paths {
		if p == "" {
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		real, err := safefile.Resolve(abs)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if _, ok := relInside(r, real); !ok {
			if real != abs {
				return fmt.Errorf("%s leads to %s, %w %s", p, real, ErrOutsideProject, root)
			}
			return fmt.Errorf("%s is %w %s", p, ErrOutsideProject, root)
		}
	}
	return nil
}

// ExportDest is where the test of builds whose project root is src
// goes, for a command whose project is bound (ExportRoot): src's project
// out of node_modules (OutOfNodeModules), which must lie inside bound,
// and src relative to it, slash-separated (prefix: "" when they are one,
// "node_modules/PKG" for a dependency's package compiled as a project of
// its own), through which the test imports the builds' units.
func ExportDest(bound, src string) (dest, prefix string, err error) {
	dest = OutOfNodeModules(src)
	if err := ConfineExport(bound, dest); err != nil {
		return "", "", fmt.Errorf("the compiled project %w", err)
	}
	d, err := safefile.Resolve(dest)
	if err != nil {
		return "", "", fmt.Errorf("project %s: %w", dest, err)
	}
	s, err := safefile.Resolve(src)
	if err != nil {
		return "", "", fmt.Errorf("project %s: %w", src, err)
	}
	rel, ok := relInside(d, s)
	if !ok {
		return "", "", fmt.Errorf("the compiled project %s is %w %s", src, ErrOutsideProject, dest)
	}
	return dest, filepath.ToSlash(rel), nil
}

// ExportTarget is where a finding's test is exported and how (ExportPlace).
type ExportTarget struct {
	// Dest is the project root the test goes under.
	Dest string
	opts export.Options
}

// ExportStyle is how an exported test asserts its finding: a regression
// test (the zero value) fails while the bug is there, a proof passes
// while it is.
type ExportStyle struct{ style foundry.Style }

// ParseExportStyle parses a style's name: "regression" (or "") or
// "proof".
func ParseExportStyle(name string) (ExportStyle, error) {
	s, err := foundry.ParseStyle(name)
	return ExportStyle{s}, err
}

// ExportPlace is the project a test of builds goes under and how it is
// written there, for the CLI's `replay --export` and the editor's
// export alike: ExportDest's project (the builds' own, out of
// node_modules, inside bound), whose test folder must lie in it, and,
// when the builds' project is a dependency's package inside it
// (node_modules/PKG with a package.json of its own), the test imports
// the builds' files through the package's folder and uses that root's
// test library. A test is never written inside node_modules.
func ExportPlace(bound string, builds []*solc.Build) (ExportTarget, error) {
	var src string
	for _, b := range builds {
		if b.Project != nil {
			src = b.Project.Root
			break
		}
	}
	if src == "" {
		return ExportTarget{}, fmt.Errorf("no project to export from")
	}
	dest, prefix, err := ExportDest(bound, src)
	if err != nil {
		return ExportTarget{}, err
	}
	if err := ConfineExport(dest, filepath.Join(dest, foundry.TestDir)); err != nil {
		return ExportTarget{}, fmt.Errorf("the test folder %w", err)
	}
	if prefix == "" {
		return ExportTarget{Dest: dest}, nil
	}
	proj, err := solc.LoadProject(dest)
	if err != nil {
		return ExportTarget{}, err
	}
	return ExportTarget{Dest: dest, opts: export.Options{Prefix: prefix, Project: proj}}, nil
}

// Test renders f, found with setup on builds, as a Foundry test for p in
// style, numbered n in its report (0 is 1): its path under p.Dest,
// slash-separated, and its text, not yet written (WriteExportIn).
func (p ExportTarget) Test(f report.Finding, setup report.Setup, builds []*solc.Build, style ExportStyle, n int) (rel, text string, err error) {
	opts := p.opts
	opts.Style, opts.N = style.style, n
	return export.FoundryTestWith(f, setup, builds, opts)
}

// relInside is p relative to dir when p lies inside dir ("" for dir
// itself), both absolute and resolved.
func relInside(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	if rel == "." {
		return "", true
	}
	return rel, true
}

// WriteExportIn writes data as rel (a slash path, "test/X.t.sol") under
// root: its folder, created if needed, must resolve inside root
// (ConfineExport), and the file is written by WriteExport (never over a
// name: a taken one gets -2, -3, ...). It returns the path written.
func WriteExportIn(root, rel string, data []byte) (string, error) {
	dir := filepath.Join(root, filepath.Dir(filepath.FromSlash(rel)))
	if err := ConfineExport(root, dir); err != nil {
		return "", err
	}
	if err := safefile.MkdirIn(root, dir); err != nil {
		return "", fmt.Errorf("write foundry test: %w", err)
	}
	name, err := WriteExport(dir, filepath.Base(rel), data)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}
