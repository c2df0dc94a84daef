package main

import (
	"encoding/hex"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// sourceIndex finds a compiled file's text and function definitions by
// its absolute path, for the SARIF writer (fingerprints, the calls'
// locations) and the LCOV writer (function records). It reads what the
// compiler was given, not the disk, so it agrees with the source maps.
type sourceIndex struct {
	files map[string]*sourceFile
}

// sourceFile is one compiled file: its text, a line mapper over it and
// the functions its AST defines, in source order.
type sourceFile struct {
	path    string
	content []byte
	lines   *position.Mapper
	funcs   []solc.Function
}

// newSourceIndex indexes every unit of the builds that compiled (the
// first build holding a file wins: its text is the same in all).
func newSourceIndex(builds []*solc.Build) *sourceIndex {
	x := &sourceIndex{files: map[string]*sourceFile{}}
	for _, b := range builds {
		if b == nil || b.Output == nil {
			continue
		}
		for name, u := range b.Units {
			if u == nil || x.files[u.Path] != nil {
				continue
			}
			x.files[u.Path] = &sourceFile{path: u.Path, content: u.Content, lines: position.NewMapper(u.Content), funcs: b.Functions(name)}
		}
	}
	return x
}

// file returns the compiled file at path, nil if none.
func (x *sourceIndex) file(path string) *sourceFile {
	if x == nil {
		return nil
	}
	return x.files[path]
}

// enclosing returns the innermost function or modifier whose definition
// holds byte offset off, and false if none does.
func (f *sourceFile) enclosing(off int) (solc.Function, bool) {
	var best solc.Function
	found := false
	for _, fn := range f.funcs {
		if fn.Start <= off && off < fn.End && (!found || fn.End-fn.Start < best.End-best.Start) {
			best, found = fn, true
		}
	}
	return best, found
}

// lineText returns the text of the whole lines bytes [start, end) lie
// on, with every run of white space made one space, so that indentation
// and line endings do not change it.
func (f *sourceFile) lineText(start, end int) string {
	if start < 0 || start > len(f.content) {
		return ""
	}
	end = min(max(end, start), len(f.content))
	first, _, err1 := f.lines.LineCol(start)
	last, _, err2 := f.lines.LineCol(max(end-1, start))
	if err1 != nil || err2 != nil {
		return ""
	}
	from, _ := f.lines.LineRange(first)
	_, to := f.lines.LineRange(last)
	return strings.Join(strings.Fields(string(f.content[from:to])), " ")
}

// definition returns where contract's function with signature sig is
// defined: in contract itself if it defines one, else in any contract of
// the file (an inherited function) with the same selector, or the same
// name when the compiler gave no selectors.
func (x *sourceIndex) definition(contract, sig string) (*sourceFile, solc.Function, bool) {
	name, sel := sig, ""
	if i := strings.IndexByte(sig, '('); i >= 0 {
		name = sig[:i]
		sel = hex.EncodeToString(crypto.Keccak256([]byte(sig))[:4])
	}
	match := func(fn solc.Function) bool {
		if fn.Kind != "function" || fn.Name != name {
			return false
		}
		return fn.Selector == "" || sel == "" || fn.Selector == sel
	}
	var inherited *sourceFile
	var inhFn solc.Function
	for _, f := range x.files {
		for _, fn := range f.funcs {
			if !match(fn) {
				continue
			}
			if fn.Contract == contract {
				return f, fn, true
			}
			if inherited == nil || f.path < inherited.path {
				inherited, inhFn = f, fn
			}
		}
	}
	return inherited, inhFn, inherited != nil
}
