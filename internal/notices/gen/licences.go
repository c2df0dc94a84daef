package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// LicenceFile is one file of a module that states its terms.
type LicenceFile struct {
	Name string // file name in the module, e.g. LICENSE or COPYING.LESSER
	Kind string // SPDX licence id, or "notice" / "patent grant"
	Text string // normalised (see normalise)
}

// licenceName matches the files whose text travels with the binary:
// licences, NOTICE files (Apache-2.0 section 4(d)) and patent grants.
var licenceName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)([.-][a-z0-9]+)?$`)

// headerOnly are modules that ship no licence file but state it in their
// source; the leading comment of that file is their licence text.
var headerOnly = map[string]struct{ file, kind string }{
	// "Copyright © 2014, 2015, 2018 Barry Allard // MIT license".
	"github.com/holiman/bloomfilter/v2": {"bloomfilter.go", "MIT"},
}

// licenceOverride names a module's licence where its files alone would
// mislead: go-ethereum's COPYING (GPL-3.0) covers its commands, which
// Foresight does not link; the library code it links is LGPL-3.0 or later,
// which builds on the GPL's text (so both texts are included).
var licenceOverride = map[string]string{
	"github.com/ethereum/go-ethereum": "LGPL-3.0-or-later",
}

// classes recognise licence texts by phrases their standard texts carry,
// first match wins; a text matching none stops the generator, so a new
// dependency's licence is read by a person before it is named.
var classes = []struct {
	kind string
	all  []string
}{
	{"LGPL-3.0", []string{"GNU LESSER GENERAL PUBLIC LICENSE", "Version 3"}},
	{"GPL-3.0", []string{"GNU GENERAL PUBLIC LICENSE", "Version 3"}},
	{"Apache-2.0", []string{"Apache License", "Version 2.0", "TERMS AND CONDITIONS"}},
	{"MIT", []string{"Permission is hereby granted, free of charge", "THE SOFTWARE IS PROVIDED \"AS IS\""}},
	{"ISC", []string{"Permission to use, copy, modify, and", "distribute this software for any", "THE SOFTWARE IS PROVIDED \"AS IS\""}},
	{"BSD-3-Clause", []string{"Redistribution and use in source and binary forms", "Neither the name"}},
	{"BSD-3-Clause", []string{"Redistribution and use in source and binary forms", "names of its contributors may be used"}},
	{"BSD-2-Clause", []string{"Redistribution and use in source and binary forms", "this list of conditions and the following disclaimer"}},
}

// Classify returns the SPDX id of a licence text, or "" when no class
// matches. Whitespace and typographic quotes are folded first, as licence
// files wrap and quote differently.
func Classify(text string) string {
	flat := strings.Join(strings.Fields(text), " ")
	flat = strings.NewReplacer("“", `"`, "”", `"`).Replace(flat)
	for _, c := range classes {
		ok := true
		for _, p := range c.all {
			if !strings.Contains(flat, p) {
				ok = false
				break
			}
		}
		if ok {
			return c.kind
		}
	}
	return ""
}

// normalise makes texts that differ only in line endings, trailing spaces
// or surrounding blank lines equal, so identical licences are printed once.
func normalise(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t\r")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// ReadLicences returns the licence files of module m.
func ReadLicences(m Module) ([]LicenceFile, error) {
	if h, ok := headerOnly[m.Path]; ok {
		text, err := leadingComment(filepath.Join(m.Dir, h.file))
		if err != nil {
			return nil, fmt.Errorf("licence of %s: %w", m.Path, err)
		}
		return []LicenceFile{{Name: h.file + ", its leading comment: the module has no licence file", Kind: h.kind, Text: text}}, nil
	}
	ents, err := os.ReadDir(m.Dir)
	if err != nil {
		return nil, fmt.Errorf("licence of %s: %w", m.Path, err)
	}
	var files []LicenceFile
	for _, e := range ents {
		if e.IsDir() || !licenceName.MatchString(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(m.Dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("licence of %s: %w", m.Path, err)
		}
		f := LicenceFile{Name: e.Name(), Text: normalise(string(b))}
		switch up := strings.ToUpper(e.Name()); {
		case strings.HasPrefix(up, "NOTICE"):
			f.Kind = "notice"
		case strings.HasPrefix(up, "PATENTS"):
			f.Kind = "patent grant"
		default:
			if f.Kind = Classify(f.Text); f.Kind == "" {
				return nil, fmt.Errorf("licence of %s: %s is no licence the generator knows: read it and add a class or an override in internal/notices/gen", m.Path, e.Name())
			}
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("licence of %s: no licence file in %s: read its terms and add it to headerOnly in internal/notices/gen", m.Path, m.Dir)
	}
	return files, nil
}

// LicenceOf is the licence line of a module with these files: the
// override, or the distinct licence kinds of its files.
func LicenceOf(path string, files []LicenceFile) string {
	if o, ok := licenceOverride[path]; ok {
		return o
	}
	seen := map[string]bool{}
	var kinds []string
	for _, f := range files {
		if f.Kind == "notice" || f.Kind == "patent grant" || seen[f.Kind] {
			continue
		}
		seen[f.Kind] = true
		kinds = append(kinds, f.Kind)
	}
	sort.Strings(kinds)
	return strings.Join(kinds, " AND ")
}

// leadingComment returns the // comment block that opens a Go file,
// without the slashes.
func leadingComment(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "//") {
			break
		}
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
	}
	if len(lines) == 0 {
		return "", fmt.Errorf("%s opens with no comment", path)
	}
	return normalise(strings.Join(lines, "\n")), nil
}
