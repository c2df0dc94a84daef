package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
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
// directory", and JSON errors say what was expected where.
func renderError(err error) string {
	m := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		m = strings.Replace(m, pe.Error(), pe.Path+": "+pathReason(pe.Err), 1)
		m = strings.Replace(m, pe.Path+": "+pe.Path+": ", pe.Path+": ", 1)
	}
	m = jsonSyntaxRE.ReplaceAllStringFunc(m, jsonSyntax)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		m = strings.Replace(m, "not valid JSON:", fmt.Sprintf("not valid JSON at byte %d:", se.Offset), 1)
	}
	m = jsonTypeRE.ReplaceAllStringFunc(m, jsonType)
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

var (
	jsonSyntaxRE = regexp.MustCompile(`invalid character ('[^']*'|'\\''|[^ ]+) ((?:looking for|after|in) [a-z :-]+[a-z])`)
	jsonTypeRE   = regexp.MustCompile(`json: cannot unmarshal ([a-z]+) into Go (?:struct field [A-Za-z0-9_]*\.([A-Za-z0-9_.]+)|value) of type ([^ ;,)]+)`)
)

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

// jsonSyntax words a JSON syntax error: what was found and what was
// expected.
func jsonSyntax(m string) string {
	sub := jsonSyntaxRE.FindStringSubmatch(m)
	want, ok := jsonExpected[sub[2]]
	if !ok {
		return fmt.Sprintf("not valid JSON: unexpected %s %s", sub[1], sub[2])
	}
	return fmt.Sprintf("not valid JSON: found %s, expected %s", sub[1], want)
}

// jsonType words a JSON value of the wrong type.
func jsonType(m string) string {
	sub := jsonTypeRE.FindStringSubmatch(m)
	found, field, typ := sub[1], sub[2], strings.TrimLeft(sub[3], "*")
	want := "a value of another type"
	switch {
	case strings.HasPrefix(typ, "[]"):
		want = "an array"
	case strings.HasPrefix(typ, "map["), strings.Contains(typ, "."):
		want = "an object"
	case typ == "string":
		want = "a string"
	case typ == "bool":
		want = "true or false"
	case strings.HasPrefix(typ, "int"), strings.HasPrefix(typ, "uint"):
		want = "a whole number"
	}
	if field == "" {
		return fmt.Sprintf("not the expected JSON: found %s, expected %s", found, want)
	}
	return fmt.Sprintf("field %q: found %s, expected %s", field, found, want)
}
