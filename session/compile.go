package session

import (
	"context"

	"github.com/foresight-sol/foresight/solc"
)

// Compiled is what a request's compile gave (Request.Paths): every
// build in the compile's order, those that compiled, those that did not
// (their diagnostics say why), the
// test and script files a folder walk left out, and the invariant
// suites compiled to run beside the direct campaign (a suite that did
// not compile is kept with its builds' errors).
type Compiled struct {
	Builds       []*solc.Build
	Good, Broken []*solc.Build
	Skipped      []string
	Suites       []Suite
}

// Failed reports whether some files did not compile.
func (c Compiled) Failed() bool { return len(c.Broken) > 0 }

// A CompileError is the compiler's failure to run (not a file's errors,
// which are Compiled.Broken): no campaign ran.
type CompileError struct{ Err error }

func (e *CompileError) Error() string { return e.Err.Error() }
func (e *CompileError) Unwrap() error { return e.Err }

// compileNamed compiles what a command names (CompileNamed: grouped by
// project, with the suites unless the flags chose what to fuzz), then
// each suite alone.
func compileNamed(ctx context.Context, req Request) (Compiled, error) {
	sel, err := CompileNamed(ctx, req.Toolchain, req.Paths, req.WithSuites)
	if err != nil {
		return Compiled{}, &CompileError{Err: err}
	}
	out := Compiled{Builds: sel.Builds, Skipped: sel.Skipped}
	if out.Suites, err = CompileSuiteFiles(ctx, req.Toolchain, sel.Suites); err != nil {
		return Compiled{}, &CompileError{Err: err}
	}
	for _, b := range sel.Builds {
		if b.HasErrors() {
			out.Broken = append(out.Broken, b)
		} else {
			out.Good = append(out.Good, b)
		}
	}
	return out, nil
}

// compiledRequest is req once its paths compiled: the good builds
// fuzzed directly, the suites ready beside them.
func compiledRequest(req Request, c Compiled) Request {
	req.Builds = c.Good
	req.Suites, req.Later = len(c.Suites), Ready(c.Suites)
	for _, su := range c.Suites {
		req.SuiteBuilds = append(req.SuiteBuilds, su.Builds...)
	}
	return req
}
