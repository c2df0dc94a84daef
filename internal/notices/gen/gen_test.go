package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mitText = `Copyright (c) 2020 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software ... subject to the following conditions:

THE SOFTWARE IS PROVIDED “AS IS”, WITHOUT WARRANTY OF ANY KIND.`

const bsd3Text = `Copyright (c) 2019, Someone
Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:
* Neither the name of the copyright holder nor the names of its
  contributors may be used to endorse or promote products`

func TestClassify(t *testing.T) {
	for text, want := range map[string]string{
		mitText:  "MIT",
		bsd3Text: "BSD-3-Clause",
		"GNU LESSER GENERAL PUBLIC LICENSE\n   Version 3, 29 June 2007":   "LGPL-3.0",
		"GNU GENERAL PUBLIC\nLICENSE Version 3":                           "GPL-3.0",
		"Apache License\nVersion 2.0, January 2004\nTERMS AND CONDITIONS": "Apache-2.0",
		"All rights reserved. Ask us.":                                    "",
	} {
		if got := Classify(text); got != want {
			t.Errorf("Classify(%.40q) = %q, want %q", text, got, want)
		}
	}
}

// module writes a fake module directory with these files.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestReadLicences(t *testing.T) {
	dir := module(t, map[string]string{"LICENSE.txt": "\r\n" + mitText + "  \r\n", "NOTICE": "Copyright Foo", "checklicense.sh": "#!/bin/sh", "main.go": "package x"})
	files, err := ReadLicences(Module{Path: "example.com/a", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Name != "LICENSE.txt" || files[0].Kind != "MIT" || files[1].Kind != "notice" {
		t.Fatalf("files: %+v", files)
	}
	if files[0].Text != normalise(mitText) {
		t.Errorf("text not normalised: %q", files[0].Text)
	}
	if got := LicenceOf("example.com/a", files); got != "MIT" {
		t.Errorf("LicenceOf = %q, want MIT", got)
	}
	// A module without a licence file, or with one no class knows, stops
	// the generator rather than shipping an unnamed licence.
	for _, files := range []map[string]string{{"main.go": "package x"}, {"COPYING": "All rights reserved."}} {
		if _, err := ReadLicences(Module{Path: "example.com/b", Dir: module(t, files)}); err == nil {
			t.Errorf("%v: no error", files)
		}
	}
}

func TestHeaderOnlyLicence(t *testing.T) {
	dir := module(t, map[string]string{"bloomfilter.go": "// Package x.\n//\n// Copyright © 2014 Barry Allard\n//\n// MIT license\n\npackage x\n"})
	files, err := ReadLicences(Module{Path: "github.com/holiman/bloomfilter/v2", Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Kind != "MIT" || !strings.Contains(files[0].Text, "Copyright © 2014 Barry Allard") || strings.Contains(files[0].Text, "package") {
		t.Errorf("files: %+v", files)
	}
}

// TestRenderGroupsTexts: identical texts print once, listing every module
// they are for; each module is listed with its licence and targets.
func TestRenderGroupsTexts(t *testing.T) {
	mit := LicenceFile{Name: "LICENSE", Kind: "MIT", Text: normalise(mitText)}
	all := []string{"linux-amd64", "linux-arm64", "darwin-amd64", "darwin-arm64", "windows-amd64"}
	out := Render([]Entry{
		{Module: Module{Path: "example.com/a", Version: "v1.0.0", Targets: all}, Files: []LicenceFile{mit}},
		{Module: Module{Path: "example.com/b", Version: "v2.0.0", Targets: []string{"windows-amd64"}}, Files: []LicenceFile{mit}},
		{Module: Module{Path: "github.com/ethereum/go-ethereum", Version: "v1.17.10", Replace: "./third_party/go-ethereum", Targets: all},
			Files: []LicenceFile{{Name: "COPYING.LESSER", Kind: "LGPL-3.0", Text: "lgpl"}}},
	})
	if n := strings.Count(out, "Permission is hereby granted"); n != 1 {
		t.Errorf("the MIT text is printed %d times, want once:\n%s", n, out)
	}
	for _, want := range []string{
		"example.com/a v1.0.0\n    MIT, texts [1], linked for all targets",
		"example.com/b v2.0.0\n    MIT, texts [1], linked for windows-amd64",
		"    example.com/a v1.0.0 (LICENSE)\n    example.com/b v2.0.0 (LICENSE)",
		"LGPL-3.0-or-later, texts [2]",
		"the copy of it in third_party/go-ethereum",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("notices lack %q:\n%s", want, out)
		}
	}
}
