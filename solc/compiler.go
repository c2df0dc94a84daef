package solc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// A Compiler runs one solc version on standard-JSON input. There are two
// implementations: a native binary run per request, and a solc-js package
// served by a long-lived node worker.
type Compiler interface {
	Version() Version
	// String names the compiler for messages: "solc 0.8.37 (solc-js)".
	String() string
	// CompileJSON runs the compiler on a standard-JSON input and returns its
	// standard-JSON output.
	CompileJSON(ctx context.Context, input []byte) ([]byte, error)
}

// ErrCompilerFailed is wrapped by every error that comes from running a
// compiler (as opposed to errors in the sources, which are diagnostics).
var ErrCompilerFailed = errors.New("compiler failed")

// ErrCompilerCrashed is wrapped by a *CompilerError whose compiler crashed
// on its input (threw, or was killed by a signal it raised itself) rather
// than failing for every input: the same compiler may compile other files.
var ErrCompilerCrashed = errors.New("the compiler crashed on this input")

// CompilerError says which compiler failed and how.
type CompilerError struct {
	Compiler string // as Compiler.String
	What     string // "crashed: exit status 2", ...; "" when Err says it all
	Err      error  // underlying cause (a *LimitError when TimedOut), or nil
	Crashed  bool   // the input crashed it; errors.Is(e, ErrCompilerCrashed)
	TimedOut bool   // it was given up; errors.Is(e, ErrCompileTimeout)
}

func (e *CompilerError) Error() string {
	return e.Compiler + " " + e.how()
}

// how says how the compiler failed, without naming it: "made no progress
// for 2m0s", "crashed: exit status 2: ...".
func (e *CompilerError) how() string {
	switch {
	case e.What == "":
		return fmt.Sprint(e.Err)
	case e.Err != nil:
		return fmt.Sprintf("%s: %v", e.What, e.Err)
	}
	return e.What
}

// Unwrap lets callers test for ErrCompilerFailed and for the cause.
func (e *CompilerError) Unwrap() []error {
	errs := []error{ErrCompilerFailed}
	if e.Crashed {
		errs = append(errs, ErrCompilerCrashed)
	}
	if e.TimedOut {
		errs = append(errs, ErrCompileTimeout)
	}
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	return errs
}

// Compile marshals in, runs c and decodes the output. Output that is not
// standard JSON becomes a *CompilerError.
func Compile(ctx context.Context, c Compiler, in *Input) (*Output, error) {
	data, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("encode standard json: %w", err)
	}
	raw, err := c.CompileJSON(ctx, data)
	if err != nil {
		return nil, err
	}
	return decodeOutput(c.String(), raw)
}

func decodeOutput(name string, raw []byte) (*Output, error) {
	// solc-js may print a line about SMT solvers before the JSON.
	if i := bytes.IndexByte(raw, '{'); i > 0 {
		raw = raw[i:]
	}
	var out Output
	if err := json.Unmarshal(raw, &out); err != nil {
		snippet := raw
		if len(snippet) > 200 {
			snippet = snippet[:200]
		}
		return nil, &CompilerError{Compiler: name, What: fmt.Sprintf("returned output that is not standard JSON (%q)", snippet), Err: err}
	}
	return &out, nil
}
