package fork

import (
	"errors"
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/internal/redact"
)

// The kinds of failure a fork reports; errors wrap one of them, so that
// callers can branch with errors.Is.
var (
	ErrUnreachable = errors.New("RPC endpoint unreachable")
	ErrReply       = errors.New("RPC error reply")
	ErrRateLimited = errors.New("RPC rate limit")
	ErrNoArchive   = errors.New("no state at the fork block")
	ErrTimeout     = errors.New("RPC request timed out")
	ErrBadReply    = errors.New("malformed RPC reply")
	ErrNoBlock     = errors.New("no such block")
	ErrRedirect    = errors.New("RPC endpoint redirected to another origin")
)

// An Error is one failed exchange with the node: the kind, the endpoint
// (redacted) and the method, with what the node or the network said.
type Error struct {
	Kind   error
	URL    string // redacted
	Method string
	Detail string
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "fork %s: ", e.URL)
	switch e.Kind {
	case ErrUnreachable:
		fmt.Fprintf(&b, "cannot reach the node: %s (is it running? check --fork-url)", e.Detail)
	case ErrRateLimited:
		fmt.Fprintf(&b, "the node kept rate-limiting requests (%s); try later, another endpoint, or fewer --workers", e.Detail)
	case ErrNoArchive:
		fmt.Fprintf(&b, "the node has no state at the fork block (%s): use a recent --fork-block or an archive node", e.Detail)
	case ErrTimeout:
		fmt.Fprintf(&b, "%s got no answer within %s", e.Method, e.Detail)
	case ErrRedirect:
		b.WriteString(e.Detail)
	case ErrNoBlock:
		fmt.Fprintf(&b, "%s", e.Detail)
	case ErrBadReply:
		fmt.Fprintf(&b, "%s: malformed reply: %s", e.Method, e.Detail)
	default:
		fmt.Fprintf(&b, "%s failed: %s", e.Method, e.Detail)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Kind }

// archiveHints are what nodes answer for state they pruned (geth, Erigon,
// Nethermind, Alchemy, Infura and anvil's fork mode each phrase it their
// way).
var archiveHints = []string{
	"missing trie node", "header not found", "state not available", "state is not available",
	"historical state", "pruned", "not an archive", "unknown block", "state histories",
	"blockoutofrangeerror", // anvil --prune-history
}

// classify turns a JSON-RPC error object into an error kind.
func classify(code int, msg string) error {
	m := strings.ToLower(msg)
	for _, h := range archiveHints {
		if strings.Contains(m, h) {
			return ErrNoArchive
		}
	}
	if code == -32005 || strings.Contains(m, "rate limit") || strings.Contains(m, "too many requests") {
		return ErrRateLimited
	}
	return ErrReply
}

// oneLine makes what a server said fit one line of a message, with the
// raw URL (credentials and all) replaced by its redacted form.
func oneLine(s, rawURL string) string {
	if rawURL != "" {
		s = strings.ReplaceAll(s, rawURL, redact.URL(rawURL))
	}
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
