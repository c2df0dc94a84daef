package fork

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/foresight-sol/foresight/internal/redact"
)

// maxRedirects bounds the redirects one request follows.
const maxRedirects = 5

// redirectError is a redirect checkRedirect refused; send turns it into
// an *Error of kind ErrRedirect.
type redirectError struct{ to string } // redacted

func (e *redirectError) Error() string {
	return fmt.Sprintf("the node redirected to %s, another origin: not followed (name that URL as the fork URL if you trust it)", e.to)
}

// checkRedirect is the client's redirect policy. A fork URL carries
// credentials, and Go's client forwards them: a Referer naming the
// original URL (key path and query included), and headers set on the
// first request. So a redirect to another origin (scheme, host and port)
// is refused, and one within the origin goes without Referer or
// Authorization.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("stopped after %d redirects", len(via))
	}
	if !sameOrigin(req, via[0]) {
		return &redirectError{to: redact.URL(req.URL.String())}
	}
	req.Header.Del("Referer")
	req.Header.Del("Authorization")
	return nil
}

func sameOrigin(a, b *http.Request) bool {
	return strings.EqualFold(a.URL.Scheme, b.URL.Scheme) && strings.EqualFold(a.URL.Host, b.URL.Host)
}
