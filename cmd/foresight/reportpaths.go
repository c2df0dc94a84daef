package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// A report names files relative to its project root (slash-separated), so
// that it replays in another checkout: a CI artifact, a colleague's clone.
// A file outside that root stays absolute. Replay resolves the relative
// names against a root it finds (resolveReport).

// reportRoot is the project root that a report of runs over paths names
// its files relative to: the root of the first path, when every path is
// inside it ("" otherwise: the report keeps absolute paths).
func reportRoot(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	root := solc.FindRoot(paths[0])
	for _, p := range paths {
		if relTo(root, p) == "" {
			return ""
		}
	}
	return root
}

// relTo is p relative to root with forward slashes, or "" when p is not
// inside root.
func relTo(root, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil || root == "" {
		return ""
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// relPaths is paths made relative to root where they are inside it, and
// absolute elsewhere.
func relPaths(root string, paths []string) []string {
	out := absAll(paths)
	for i, p := range out {
		if rel := relTo(root, p); rel != "" {
			out[i] = rel
		}
	}
	return out
}

// relFindings is findings with their paths made relative to root (a copy:
// the caller's findings keep their absolute paths).
func relFindings(root string, findings []report.Finding) []report.Finding {
	out := make([]report.Finding, len(findings))
	copy(out, findings)
	for i := range out {
		if rel := relTo(root, out[i].Path); rel != "" && out[i].Path != "" {
			out[i].Path = rel
		}
		if h := out[i].Harness; h != nil {
			c := *h
			if rel := relTo(root, c.File); rel != "" {
				c.File = rel
			}
			out[i].Harness = &c
		}
		// Related locations (a dependency of the root's own
		// node_modules) are named as the finding's own path.
		if len(out[i].Related) > 0 {
			out[i].Related = slices.Clone(out[i].Related)
			for j := range out[i].Related {
				if rel := relTo(root, out[i].Related[j].Path); rel != "" && out[i].Related[j].Path != "" {
					out[i].Related[j].Path = rel
				}
			}
		}
	}
	return out
}

// resolveReport turns a report's relative paths (inputs, findings) into
// absolute ones under the first candidate root that holds every input:
// the --root flag's, else the project root of the working directory, else
// that of the report's own folder, else the root the report was written in. Absolute paths are kept as they are.
func resolveReport(rep *report.File, reportPath, flagRoot string) error {
	var rel []string
	for _, in := range rep.Inputs {
		if filepath.IsAbs(in) {
			continue
		}
		// A relative name stays inside the root it is resolved against.
		if c := filepath.Clean(filepath.FromSlash(in)); c == ".." || strings.HasPrefix(c, ".."+string(filepath.Separator)) {
			return fmt.Errorf("input %q leaves the project root", in)
		}
		rel = append(rel, in)
	}
	if len(rel) == 0 {
		return nil
	}
	// An input may be the root itself ("."): the files the findings name
	// tell one checkout from another folder.
	for _, f := range rep.Findings {
		if f.Path != "" && !filepath.IsAbs(f.Path) && !slices.Contains(rel, f.Path) {
			rel = append(rel, f.Path)
		}
		if h := f.Harness; h != nil && !filepath.IsAbs(h.File) && !slices.Contains(rel, h.File) {
			if c := filepath.Clean(filepath.FromSlash(h.File)); c == ".." || strings.HasPrefix(c, ".."+string(filepath.Separator)) {
				return fmt.Errorf("harness %q leaves the project root", h.File)
			}
			rel = append(rel, h.File)
		}
	}
	var cands []string
	if flagRoot != "" {
		cands = []string{flagRoot}
	} else {
		if wd, err := os.Getwd(); err == nil {
			cands = append(cands, solc.FindRoot(wd))
		}
		cands = append(cands, solc.FindRoot(filepath.Dir(reportPath)))
		// Where the project was when the report was written: the same
		// checkout, replayed from elsewhere.
		if rep.Root != "" && filepath.IsAbs(rep.Root) {
			cands = append(cands, rep.Root)
		}
	}
	for _, c := range cands {
		c, err := filepath.Abs(c)
		if err != nil || !holdsAll(c, rel) {
			continue
		}
		for i, in := range rep.Inputs {
			rep.Inputs[i] = under(c, in)
		}
		for i := range rep.Findings {
			if p := rep.Findings[i].Path; p != "" {
				rep.Findings[i].Path = under(c, p)
			}
			if h := rep.Findings[i].Harness; h != nil {
				h.File = under(c, h.File)
			}
			for j := range rep.Findings[i].Related {
				if p := rep.Findings[i].Related[j].Path; p != "" {
					rep.Findings[i].Related[j].Path = under(c, p)
				}
			}
		}
		return nil
	}
	holds := cands[0] + " does not hold them"
	if len(cands) > 1 {
		holds = "neither " + strings.Join(cands, " nor ") + " holds them"
	}
	return fmt.Errorf("the report's paths (%s) are relative to its project root, and %s: run replay in the project, or give --root DIR",
		strings.Join(rel, ", "), holds)
}

func holdsAll(root string, rel []string) bool {
	for _, r := range rel {
		if _, err := os.Stat(under(root, r)); err != nil {
			return false
		}
	}
	return true
}

// under is p (slash-separated) resolved against root, unless absolute.
func under(root, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, filepath.FromSlash(p))
}
