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
// over 500 lines, no function over 100). They are a review signal, not a
// reason to split: a file or function over them that reads best whole is
// listed in sizeExceptions with why, and the test holds it to the list.
const (
	maxFileLines = 500
	maxFuncLines = 100
)

// sizeExceptions lists the accepted exceptions: "path" for a file,
// "path:Func" (Type.Method for a method) for a function, each followed by
// its reason.
const sizeExceptions = "testdata/size-exceptions.txt"

// TestSizeLimits fails for every non-test Go file of the repository that
// is too long, and every function in one that is, unless sizeExceptions
// lists it; and for every listed exception that is no longer over the
// limits or gives no reason.
func TestSizeLimits(t *testing.T) {
	files, violations, err := sizeViolations(".")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(sizeExceptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range checkSizeExceptions(violations, string(text)) {
		t.Error(e)
	}
	if files < 100 {
		t.Fatalf("found only %d Go files: walking the wrong directory?", files)
	}
}

// A sizeViolation is a file or function over the limits: key names it
// as sizeExceptions does (no line number, which moves with every edit).
type sizeViolation struct{ key, msg string }

func (v sizeViolation) String() string { return v.msg }

// checkSizeExceptions returns what fails: violations not listed in
// exceptions (the file's text), listed entries that no longer exceed a
// limit, and entries without a reason.
func checkSizeExceptions(violations []sizeViolation, exceptions string) []string {
	listed := map[string]bool{}
	var out []string
	for i, line := range strings.Split(exceptions, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, _ := strings.Cut(line, " ")
		if strings.TrimSpace(reason) == "" {
			out = append(out, fmt.Sprintf("%s:%d: %s is listed without a reason", sizeExceptions, i+1, key))
		}
		listed[key] = true
	}
	over := map[string]bool{}
	for _, v := range violations {
		over[v.key] = true
		if !listed[v.key] {
			out = append(out, v.msg+": split it by concern, or list it in "+sizeExceptions+" with the reason it reads best whole")
		}
	}
	for key := range listed {
		if !over[key] {
			out = append(out, fmt.Sprintf("%s lists %s, which is within the limits now: remove the line", sizeExceptions, key))
		}
	}
	sort.Strings(out)
	return out
}

// sizeViolations walks the Go files under root (not tests, testdata,
// node_modules, third_party or hidden directories) and describes each file
// and function over the limits; it returns how many files it read.
func sizeViolations(root string) (int, []sizeViolation, error) {
	files := 0
	var out []sizeViolation
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
		key := filepath.ToSlash(rel)
		if n := bytes.Count(src, []byte("\n")); n > maxFileLines {
			out = append(out, sizeViolation{key, fmt.Sprintf("%s: %d lines, over %d", rel, n, maxFileLines)})
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
				out = append(out, sizeViolation{key + ":" + funcKey(fn), fmt.Sprintf("%s:%d: %s is %d lines, over %d", rel, from, fn.Name.Name, n, maxFuncLines)})
			}
		}
		return nil
	})
	return files, out, err
}

// funcKey names fn as sizeExceptions does: Func, or Type.Method.
func funcKey(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if g, ok := t.(*ast.IndexExpr); ok {
		t = g.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
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
	files, vs, err := sizeViolations(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		got = append(got, v.key+" | "+v.msg)
	}
	want := []string{
		"big/over.go | " + filepath.Join("big", "over.go") + ": 501 lines, over 500",
		"long/f.go:overLimit | " + filepath.Join("long", "f.go") + ":2: overLimit is 101 lines, over 100",
	}
	sort.Strings(got)
	if files != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("read %d files (want 3), violations:\n%s\nwant:\n%s", files, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The list of exceptions: a listed violation passes, an unlisted one
	// fails, a listed entry within the limits or without a reason fails.
	sort.Slice(vs, func(i, j int) bool { return vs[i].key < vs[j].key })
	cases := []struct {
		name, list string
		fails      int
	}{
		{"none listed", "", 2},
		{"both listed", "# accepted\nbig/over.go one table, read top to bottom\nlong/f.go:overLimit a state machine's one switch\n", 0},
		{"one listed", "big/over.go one table\n", 1},
		{"stale entry", "big/over.go one table\nlong/f.go:overLimit a switch\nok/at.go was long once\n", 1},
		{"no reason", "big/over.go\nlong/f.go:overLimit a switch\n", 1},
	}
	for _, c := range cases {
		if got := checkSizeExceptions(vs, c.list); len(got) != c.fails {
			t.Errorf("%s: %d failures, want %d:\n%s", c.name, len(got), c.fails, strings.Join(got, "\n"))
		}
	}
}
