package redact

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzURL checks URL on any input: what it returns parses again to itself
// (it is idempotent), has no user info but the mask, no query value and
// no fragment, and no path segment that still looks like a key.
func FuzzURL(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1:8545",
		"https://user:pass@node.example/rpc?apikey=xyz&x",
		"https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef",
		"https://h/a%2Fb/%41%42?%3D=%26#f",
		"http://[::1]:80/v2/AbcdEfghIjklMnopQrstUvwxYzabCdefGh?=",
		"ws://h/?a=1&&b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := URL(in)
		if out == Unparseable {
			return
		}
		if again := URL(out); again != out {
			t.Fatalf("URL(%q) = %q, but URL of that = %q", in, out, again)
		}
		u, err := url.Parse(out)
		if err != nil {
			t.Fatalf("URL(%q) = %q does not parse: %v", in, out, err)
		}
		if _, pw := u.User.Password(); u.User != nil && (u.User.Username() != Mask || pw) {
			t.Fatalf("URL(%q) = %q keeps user info", in, out)
		}
		if u.Fragment != "" {
			t.Fatalf("URL(%q) = %q keeps the fragment", in, out)
		}
		for _, p := range strings.Split(u.RawQuery, "&") {
			if p != "" && p != Mask && !strings.HasSuffix(p, "="+Mask) {
				t.Fatalf("URL(%q) = %q keeps a query value: %q", in, out, p)
			}
		}
		for _, s := range strings.Split(u.Path, "/") {
			if keyLike(s) {
				t.Fatalf("URL(%q) = %q keeps a key-like segment %q", in, out, s)
			}
		}
	})
}
