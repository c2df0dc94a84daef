package foresight

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Size limits of the repository's Go code (its style: no non-test Go file
// over 500 lines, no function over 100).
const (
	maxFileLines = 500
	maxFuncLines = 100
)

// TestSizeLimits fails for every non-test Go file of the repository that
// is too long, and every function in one that is.
func TestSizeLimits(t *testing.T) {
	files, violations, err := sizeViolations(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range violations {
		t.Error(v)
	}
	if files < 100 {
		t.Fatalf("found only %d Go files: walking the wrong directory?", files)
	}
}

// sizeViolations walks the Go files under root (not tests, testdata,
// node_modules, third_party or hidden directories) and describes each file
// and function over the limits; it returns how many files it read.
func sizeViolations(root string) (int, []string, error) {
	files := 0
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || rel == "third_party" || strings.HasPrefix(d.Name(), ".") && rel != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := bytes.Count(src, []byte("\n")); n > maxFileLines {
			out = append(out, fmt.Sprintf("%s: %d lines, over %d", rel, n, maxFileLines))
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			from, to := fset.Position(fn.Pos()).Line, fset.Position(fn.End()).Line
			if n := to - from + 1; n > maxFuncLines {
				out = append(out, fmt.Sprintf("%s:%d: %s is %d lines, over %d", rel, from, fn.Name.Name, n, maxFuncLines))
			}
		}
		return nil
	})
	return files, out, err
}

// TestSizeLimitsCatchViolations runs the size check on a tree with one file
// and one function just over the limits, beside others at the limits and
// over-long files where they are exempt, so TestSizeLimits can fail.
func TestSizeLimitsCatchViolations(t *testing.T) {
	dir := t.TempDir()
	// fn returns a function of exactly n lines.
	fn := func(name string, n int) string {
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", n-2) + "}\n"
	}
	// file returns a Go file of exactly n lines holding body.
	file := func(body string, n int) string {
		src := "package p\n" + body
		return src + strings.Repeat("\n", n-strings.Count(src, "\n"))
	}
	for rel, src := range map[string]string{
		"ok/at.go":             file(fn("atLimit", maxFuncLines), maxFileLines),
		"big/over.go":          file("", maxFileLines+1),
		"long/f.go":            file(fn("overLimit", maxFuncLines+1), 200),
		"ok/over_test.go":      file(fn("inTest", 300), 900),
		"ok/testdata/x.go":     file("", 900),
		"third_party/x/y.go":   file("", 900),
		"ok/.hidden/x.go":      file("", 900),
		"ok/node_modules/x.go": file("", 900),
	} {
		if err := mkdirWrite(filepath.Join(dir, rel), src); err != nil {
			t.Fatal(err)
		}
	}
	files, got, err := sizeViolations(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join("big", "over.go") + ": 501 lines, over 500",
		filepath.Join("long", "f.go") + ":2: overLimit is 101 lines, over 100",
	}
	sort.Strings(got)
	if files != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("read %d files (want 3), violations:\n%s\nwant:\n%s", files, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
