package redact

import (
	"errors"
	"regexp"
	"strings"
)

// urlInText finds URLs inside free text: a scheme, "://", and everything
// up to white space, a quote or an angle bracket (how Go's url.Error,
// JSON and most messages delimit them).
var urlInText = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>]+`)

// Text returns s with every URL in it replaced by URL's form. Punctuation
// that ends a URL ("fork http://host:8545: cannot reach") is the
// sentence's, not the URL's.
func Text(s string) string {
	return urlInText.ReplaceAllStringFunc(s, func(m string) string {
		u := strings.TrimRight(m, ".,;:)]}")
		return URL(u) + m[len(u):]
	})
}

// Error returns err with its message redacted by Text, keeping its chain
// for errors.Is and errors.As (nil stays nil). Use it on any error that
// may name an endpoint: Go's *url.Error spells out the URL it failed on,
// credentials and all.
func Error(err error) error {
	if err == nil {
		return nil
	}
	var r *redacted
	if errors.As(err, &r) && r.msg == err.Error() {
		return err
	}
	return &redacted{msg: Text(err.Error()), err: err}
}

// redacted is an error whose message has been through Text.
type redacted struct {
	msg string
	err error
}

func (e *redacted) Error() string { return e.msg }
func (e *redacted) Unwrap() error { return e.err }
