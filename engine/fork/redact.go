package fork

import (
	"net/url"
	"strings"
)

// Redact returns rawURL without what commonly carries credentials: the
// user info, query values, and path segments that look like API keys
// (Infura's /v3/KEY, Alchemy's /v2/KEY, QuickNode's /TOKEN/). Reports,
// logs and errors show only this form.
func Redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return "<unparseable URL>"
	}
	out := url.URL{Scheme: u.Scheme, Host: u.Host}
	if u.User != nil {
		out.User = url.User("***")
	}
	segs := strings.Split(u.Path, "/")
	for i, s := range segs {
		if keyLike(s) {
			segs[i] = "***"
		}
	}
	out.Path = strings.Join(segs, "/")
	if u.RawQuery != "" {
		q := u.Query()
		for k := range q {
			q[k] = []string{"***"}
		}
		out.RawQuery = q.Encode()
	}
	// url.URL escapes the stars; people read this.
	return strings.ReplaceAll(out.String(), "%2A%2A%2A", "***")
}

// Redacted reports whether Redact changes rawURL: the URL carries what
// looks like a credential, so a report cannot name the endpoint.
func Redacted(rawURL string) bool { return Redact(rawURL) != rawURL }

// keyLike reports a path segment that looks like an API key or token: 16
// or more letters, digits, '-' or '_', with at least one digit.
func keyLike(s string) bool {
	if len(s) < 16 {
		return false
	}
	digit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '-', r == '_':
		default:
			return false
		}
	}
	return digit
}
