package solc

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingPackages reads each project of testdata/missingpkg (every
// .sol file a root) and checks the one diagnostic that names the npm
// packages its missing imports need against the folder's want.txt: the
// line "at UNIT IMPORT" (where it is placed) and the message, with ROOT
// for the project's folder; a want.txt with neither wants none.
func TestMissingPackages(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "missingpkg", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			wantAt, wantMsg := readMissingWant(t, filepath.Join(dir, "want.txt"))
			p, err := LoadProject(dir)
			if err != nil {
				t.Fatal(err)
			}
			units, _, err := p.Sources(solFiles(t, dir), nil)
			if err != nil {
				t.Fatal(err)
			}
			d, ok := missingPackagesDiagnostic(units, p)
			if !ok {
				if wantMsg != "" {
					t.Fatalf("no diagnostic, want %q", wantMsg)
				}
				return
			}
			got := strings.ReplaceAll(d.Message, p.Root, "ROOT")
			if got != wantMsg {
				t.Errorf("message\n got %s\nwant %s", got, wantMsg)
			}
			u := units[d.Unit]
			if u == nil || d.Start < 0 || d.End > len(u.Content) {
				t.Fatalf("placed at %s [%d,%d)", d.Unit, d.Start, d.End)
			}
			if at := d.Unit + " " + string(u.Content[d.Start:d.End]); at != wantAt {
				t.Errorf("placed at %s, want %s", at, wantAt)
			}
			if d.Severity != SeverityError || d.Path != u.Path {
				t.Errorf("diagnostic %+v", d)
			}
		})
	}
}

// readMissingWant reads a want.txt of TestMissingPackages: comments, then
// "at UNIT IMPORT" and the message, or nothing.
func readMissingWant(t *testing.T, path string) (at, msg string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	switch {
	case len(lines) == 0:
		return "", ""
	case len(lines) != 2 || !strings.HasPrefix(lines[0], "at "):
		t.Fatalf("%s: want \"at UNIT IMPORT\" and a message, got %q", path, lines)
	}
	return strings.TrimPrefix(lines[0], "at "), lines[1]
}

// solFiles lists the .sol files under dir.
func solFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sol") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestMissingPackagesInBuild: a compile of the project (its
// OpenZeppelin only a devDependency, not installed) says once which
// packages to install and how, beside each import's own error, and solc's
// "not found" errors stay replaced.
func TestMissingPackagesInBuild(t *testing.T) {
	root := filepath.Join("testdata", "missingpkg", "devdep")
	p, err := LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := testToolchain(t).Compile(context.Background(), p, Request{Files: solFiles(t, root), Mode: Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	summaries, imports := 0, 0
	for _, b := range bs {
		for _, d := range b.Diagnostics {
			switch {
			case strings.HasPrefix(d.Message, "npm packages not installed"):
				summaries++
				if !strings.Contains(d.Message, "npm install --save-dev @openzeppelin/contracts@^4.8.0 hardhat@^2.12.0") {
					t.Errorf("summary %q", d.Message)
				}
			case strings.Contains(d.Message, "not found; looked in"):
				imports++
			case strings.Contains(d.Message, "not found"):
				t.Errorf("solc's own error shown: %s", d.Message)
			}
		}
	}
	if summaries != 1 || imports != 4 {
		t.Errorf("%d summaries and %d import errors, want 1 and 4", summaries, imports)
	}
}

// TestInstallRoot: the install line of a package fuzzed inside
// node_modules is run in the project holding node_modules, not in the
// package (an npm install there fetched the package's own tools and
// failed on a git dependency).
func TestInstallRoot(t *testing.T) {
	for _, tt := range []struct{ root, want string }{
		{"work/app", "work/app"},
		{"work/app/node_modules/@sushiswap/core", "work/app"},
		{"work/app/node_modules/pkg", "work/app"},
		{"work/app/node_modules/a/node_modules/b", "work/app"},
		{"work/node_modules_fork/pkg", "work/node_modules_fork/pkg"},
	} {
		if got := installRoot(filepath.FromSlash(tt.root)); got != filepath.FromSlash(tt.want) {
			t.Errorf("installRoot(%s) = %s, want %s", tt.root, got, tt.want)
		}
	}
}
