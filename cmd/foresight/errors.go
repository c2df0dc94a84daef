package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"syscall"
)

// cliError prints err as the one line every failing command ends with:
// "foresight CMD: message", the message free of Go's internal wording
// (renderError). Without a command (none was recognised) it is
// "foresight: message".
func cliError(w io.Writer, cmd string, err error) {
	if cmd == "" { // no command was recognised
		fmt.Fprintf(w, "foresight: %s\n", renderError(err))
		return
	}
	fmt.Fprintf(w, "foresight %s: %s\n", cmd, renderError(err))
}

// cliErrorf is cliError for a message of the command's own.
func cliErrorf(w io.Writer, cmd, format string, args ...any) {
	cliError(w, cmd, fmt.Errorf(format, args...))
}

// renderError is err's message on one line, with the parts Go's packages
// word for programmers reworded for the user: a *fs.PathError's
// "stat FILE: no such file or directory" becomes "FILE: no such file or
// directory", and JSON errors say what was expected where. Each is found
// by its type (errors.As) and its own message replaced in err's.
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
	if errors.Is(err, io.ErrUnexpectedEOF) {
		m = strings.Replace(m, io.ErrUnexpectedEOF.Error(), jsonEnd, 1)
	}
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

// jsonEnd words JSON that ends too soon.
const jsonEnd = "not valid JSON: the file ends before the JSON is complete"

// jsonScanRE is encoding/json's scanner's wording of a syntax error,
// "invalid character 'x' looking for beginning of value": a
// *json.SyntaxError holds what it found and where it was only in its
// message (its Offset aside).
var jsonScanRE = regexp.MustCompile(`^invalid character ('[^']*'|'\\''|[^ ]+) ((?:looking for|after|in) [a-z :-]+[a-z])$`)

// jsonExpected is what the JSON decoder wanted, by where it stopped.
var jsonExpected = map[string]string{
	"looking for beginning of value":             "a JSON value",
	"looking for beginning of object key string": "a quoted object key",
	"after object key":                           "':' after an object key",
	"after object key:value pair":                "',' or '}' after an object member",
	"after array element":                        "',' or ']' after an array element",
	"after top-level value":                      "the end of the file after the JSON value",
	"in string literal":                          "no control characters in a string",
}

// jsonSyntax words a JSON syntax error: where, what was found and what
// was expected.
func jsonSyntax(se *json.SyntaxError) string {
	sub := jsonScanRE.FindStringSubmatch(se.Error())
	switch {
	case sub == nil && se.Error() == "unexpected end of JSON input":
		return jsonEnd
	case sub == nil:
		return fmt.Sprintf("not valid JSON at byte %d", se.Offset)
	}
	if want, ok := jsonExpected[sub[2]]; ok {
		return fmt.Sprintf("not valid JSON at byte %d: found %s, expected %s", se.Offset, sub[1], want)
	}
	return fmt.Sprintf("not valid JSON at byte %d: unexpected %s %s", se.Offset, sub[1], sub[2])
}

// jsonType words a JSON value of the wrong type: the field (its JSON
// path), what was found and what its Go type takes.
func jsonType(te *json.UnmarshalTypeError) string {
	want := "a value of another type"
	if te.Type != nil {
		want = jsonWants(te.Type)
	}
	if te.Field == "" {
		return fmt.Sprintf("not the expected JSON: found %s, expected %s", te.Value, want)
	}
	return fmt.Sprintf("field %q: found %s, expected %s", te.Field, te.Value, want)
}

// jsonWants is the JSON a Go type is decoded from.
func jsonWants(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a value of another type"
}
