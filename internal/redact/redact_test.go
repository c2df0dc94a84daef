package redact

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

func TestURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://127.0.0.1:8545", "http://127.0.0.1:8545"},
		{"http://127.0.0.1:8545/", "http://127.0.0.1:8545/"},
		{"https://rpc.example/eth/mainnet", "https://rpc.example/eth/mainnet"},
		{"https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef", "https://mainnet.infura.io/v3/***"},
		{"https://eth-mainnet.g.alchemy.com/v2/Ab_cd-EF12gh34IJ56kl", "https://eth-mainnet.g.alchemy.com/v2/***"},
		// A key of letters only, as long as a key.
		{"https://eth-mainnet.g.alchemy.com/v2/AbcdEfghIjklMnopQrstUvwxYzabCdefGh", "https://eth-mainnet.g.alchemy.com/v2/***"},
		// QuickNode: the token is a segment in the middle.
		{"https://x.quiknode.pro/3f2a1b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a/", "https://x.quiknode.pro/***/"},
		// A JWT-like and a base64-like token.
		{"https://n.example/rpc/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc123", "https://n.example/rpc/***"},
		{"https://n.example/k/ab+cd/ef==123456789012", "https://n.example/k/ab+cd/***"},
		{"https://user:pass@node.example/rpc?apikey=xyz", "https://***@node.example/rpc?apikey=***"},
		{"https://user@node.example/", "https://***@node.example/"},
		{"https://node.example/?a=1&b=2&SECRETWITHOUTVALUE", "https://node.example/?a=***&b=***&***"},
		{"https://node.example/?0123456789abcdef0123=x", "https://node.example/?***"},
		{"https://node.example/#sekret", "https://node.example/"},
		{"https://node.example/a%2Fb/c", "https://node.example/a%2Fb/c"},
		{"not a url", Unparseable},
		{"node.example:8545/key", Unparseable},
		{"http:opaque-secret", Unparseable},
		{"http://[::1", Unparseable},
		{"", Unparseable},
	} {
		if got := URL(c.in); got != c.want {
			t.Errorf("URL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if Redacted("http://127.0.0.1:8545") || !Redacted("https://node.example/?k=v") {
		t.Error("Redacted")
	}
}

func TestText(t *testing.T) {
	const secret = "s3cretKeyValue0123456789"
	for _, c := range []struct{ in, want string }{
		{`Post "https://u:` + secret + `@h.example/v2/` + secret + `?k=` + secret + `": EOF`, `Post "https://***@h.example/v2/***?k=***": EOF`},
		{"fork http://127.0.0.1:8545: cannot reach the node", "fork http://127.0.0.1:8545: cannot reach the node"},
		{"redirect to https://other.example/x/" + secret + ".", "redirect to https://other.example/x/***."},
		{"two: ws://a.example/?t=1, https://b.example/" + secret, "two: ws://a.example/?t=***, https://b.example/***"},
		{"no URL here", "no URL here"},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestError(t *testing.T) {
	if Error(nil) != nil {
		t.Fatal("Error(nil) is not nil")
	}
	base := errors.New("base")
	//lint:ignore SA1007 the URL is invalid on purpose: url.Parse's error quotes it, password included
	_, perr := url.Parse("http://u:pw0123456789abcdef@h/%zz")
	err := fmt.Errorf("fork: %w: %w", base, perr)
	got := Error(err)
	if strings.Contains(got.Error(), "pw0123456789abcdef") {
		t.Errorf("Error kept the password: %v", got)
	}
	var ue *url.Error
	if !errors.Is(got, base) || !errors.As(got, &ue) {
		t.Errorf("Error lost the chain: %v", got)
	}
	if again := Error(got); again != got {
		t.Errorf("Error is not idempotent: %v", again)
	}
}
