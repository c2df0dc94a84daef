package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"
	"syscall"
)

// cliError prints err as the one line every failing command ends with:
// "foresight CMD: message", the message free of Go's internal wording
// (renderError).
func cliError(w io.Writer, cmd string, err error) {
	fmt.Fprintf(w, "foresight %s: %s\n", cmd, renderError(err))
}

// cliErrorf is cliError for a message of the command's own.
func cliErrorf(w io.Writer, cmd, format string, args ...any) {
	cliError(w, cmd, fmt.Errorf(format, args...))
}

// renderError is err's message on one line, with the parts Go's packages
// word for programmers reworded for the user: a *fs.PathError's
// "stat FILE: no such file or directory" becomes "FILE: no such file or
// directory", and JSON errors say what was expected where.
func renderError(err error) string {
	m := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		m = strings.Replace(m, pe.Error(), pe.Path+": "+pathReason(pe.Err), 1)
		m = strings.Replace(m, pe.Path+": "+pe.Path+": ", pe.Path+": ", 1)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		m = strings.Replace(m, se.Error(), jsonSyntax(se), 1)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		m = strings.Replace(m, te.Error(), jsonType(te), 1)
	}
	m = strings.Replace(m, "unexpected end of JSON input", "not valid JSON: the file ends before the JSON is complete", 1)
	m = strings.TrimPrefix(m, "json: ")
	return oneLine(errors.New(m))
}

// pathReason words the error of a file operation.
func pathReason(err error) string {
	switch {
	case errors.Is(err, syscall.EISDIR):
		return "is a directory, not a file"
	case errors.Is(err, syscall.ENOTDIR):
		return "not a directory"
	}
	return err.Error()
}

// jsonSyntax words a JSON syntax error: what was found, what was
// expected and at which byte.
func jsonSyntax(se *json.SyntaxError) string {
	m := se.Error()
	found, want, ok := strings.Cut(strings.TrimPrefix(m, "invalid character "), " ")
	if !ok || !strings.HasPrefix(m, "invalid character ") {
		return fmt.Sprintf("not valid JSON at byte %d: %s", se.Offset, m)
	}
	want = strings.TrimPrefix(want, "looking for ")
	want = strings.TrimPrefix(want, "in ")
	if want == "beginning of value" {
		want = "a JSON value"
	}
	return fmt.Sprintf("not valid JSON at byte %d: found %s, expected %s", se.Offset, found, want)
}

// jsonType words a JSON value of the wrong type.
func jsonType(te *json.UnmarshalTypeError) string {
	want := "a value of another type"
	if te.Type != nil {
		switch te.Type.Kind() {
		case reflect.Slice, reflect.Array:
			want = "an array"
		case reflect.Struct, reflect.Map:
			want = "an object"
		case reflect.String:
			want = "a string"
		case reflect.Bool:
			want = "true or false"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			want = "a whole number"
		}
	}
	if te.Field == "" {
		return fmt.Sprintf("not the expected JSON: found %s, expected %s", te.Value, want)
	}
	return fmt.Sprintf("field %q: found %s, expected %s", te.Field, te.Value, want)
}
