package fork

import (
	"encoding/json"
	"testing"
)

// FuzzParseReplies feeds arbitrary bodies to the reply parser: it must
// never panic, and what it accepts must have one result per call.
func FuzzParseReplies(f *testing.F) {
	f.Add([]byte(`[{"jsonrpc":"2.0","id":0,"result":"0x1"},{"jsonrpc":"2.0","id":1,"result":"0x"}]`), 2)
	f.Add([]byte(`{"jsonrpc":"2.0","id":0,"error":{"code":-32005,"message":"rate limited"}}`), 3)
	f.Add([]byte(`{"jsonrpc":"2.0","id":0,"result":{"number":"0x10"}}`), 1)
	f.Add([]byte(`[{"id":1,"result":"0x00"},{"id":1,"result":"0x00"}]`), 2)
	f.Fuzz(func(t *testing.T, body []byte, n int) {
		n = n%8 + 1
		if n < 1 {
			n = -n + 1
		}
		res, rerr, err := parseReplies(body, n)
		if err == nil && rerr == nil {
			if len(res) != n {
				t.Fatalf("%d results for %d calls", len(res), n)
			}
			for _, r := range res {
				if len(r) == 0 {
					t.Fatal("an empty result was accepted")
				}
				// The decoders must not panic on any accepted result.
				_, _ = quantity(r)
				_, _ = data(r)
				_, _ = word(r)
				var h header
				_ = json.Unmarshal(r, &h)
			}
		}
	})
}
