// Package redact removes credentials from URLs before anything prints
// them. A fork URL or RPC endpoint often carries a key (in its user info,
// its query, or a path segment such as Alchemy's /v2/KEY); logs, messages,
// errors and reports show only URL's form of it. It imports nothing of
// Foresight, so every layer (solc, engine, lsp, cmd) can use it.
package redact

import (
	"net/url"
	"strings"
)

// Mask replaces each redacted part.
const Mask = "***"

// Unparseable stands for a URL that does not parse: what it holds cannot
// be told apart from a credential.
const Unparseable = "<unparseable URL>"

// URL returns rawURL without what commonly carries credentials: the user
// info, the fragment, query values (and names that look like keys), and
// path segments that look like API keys or tokens (Infura's /v3/KEY,
// Alchemy's /v2/KEY, QuickNode's /TOKEN/). A URL without a scheme or host, or that
// does not parse, is Unparseable.
func URL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Opaque != "" {
		return Unparseable
	}
	var b strings.Builder
	b.WriteString(u.Scheme)
	b.WriteString("://")
	if u.User != nil {
		b.WriteString(Mask + "@")
	}
	b.WriteString(u.Host)
	// Escaped segments, so that an escaped '/' stays inside its segment.
	segs := strings.Split(u.EscapedPath(), "/")
	for i, s := range segs {
		if plain, err := url.PathUnescape(s); err != nil || keyLike(plain) {
			segs[i] = Mask
		}
	}
	b.WriteString(strings.Join(segs, "/"))
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteByte('?')
		b.WriteString(query(u.RawQuery))
	}
	return b.String()
}

// Redacted reports whether URL changes rawURL: the URL carries what looks
// like a credential, so a report cannot name the endpoint.
func Redacted(rawURL string) bool { return URL(rawURL) != rawURL }

// query keeps a query's names, each value masked; a name that looks like
// a key, or a part without '=' (which may be the key itself), is masked
// whole.
func query(raw string) string {
	if raw == "" {
		return ""
	}
	parts := strings.Split(raw, "&")
	for i, p := range parts {
		name, _, ok := strings.Cut(p, "=")
		n, err := url.QueryUnescape(name)
		if !ok || err != nil || keyLike(n) || !plainName(n) {
			parts[i] = Mask
			continue
		}
		parts[i] = n + "=" + Mask
	}
	return strings.Join(parts, "&")
}

// plainName reports a query parameter's name worth showing: short letters,
// digits, '-', '_' and '.'.
func plainName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !wordChar(r) && r != '.' {
			return false
		}
	}
	return true
}

// keyLike reports a path segment or name that looks like an API key or
// token: 16 or more characters of a key's alphabet (letters, digits, '-',
// '_', and base64's '+', '=' and '.', as in a JWT) with a digit, or 32 or
// more without one.
func keyLike(s string) bool {
	if len(s) < 16 {
		return false
	}
	digit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case wordChar(r), r == '+', r == '=', r == '.', r == '~':
		default:
			return false
		}
	}
	return digit || len(s) >= 32
}

func wordChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'
}
