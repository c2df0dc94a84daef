package fork

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// mockNode is a JSON-RPC node for the unit tests: a chain with one
// contract, and a hook that can answer instead (faults).
type mockNode struct {
	srv      *httptest.Server
	requests atomic.Int64
	// intercept, if set, may answer a request itself (returns true).
	intercept func(w http.ResponseWriter, r *http.Request, n int64) bool
}

var (
	mockContract = common.HexToAddress("0x00000000000000000000000000000000000c0de1")
	mockCode     = []byte{0x60, 0x01, 0x60, 0x00, 0x55, 0x00}
)

func newMockNode(t *testing.T) *mockNode {
	m := &mockNode{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := m.requests.Add(1)
		if m.intercept != nil && m.intercept(w, r, n) {
			return
		}
		body, _ := io.ReadAll(r.Body)
		var reqs []request
		if len(body) > 0 && body[0] == '{' {
			var one request
			json.Unmarshal(body, &one)
			reqs = []request{one}
		} else {
			json.Unmarshal(body, &reqs)
		}
		var out []map[string]any
		for _, q := range reqs {
			out = append(out, map[string]any{"jsonrpc": "2.0", "id": q.ID, "result": mockAnswer(q)})
		}
		if len(body) > 0 && body[0] == '{' {
			json.NewEncoder(w).Encode(out[0])
			return
		}
		json.NewEncoder(w).Encode(out)
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func mockAnswer(q request) any {
	addr := func() common.Address {
		s, _ := q.Params[0].(string)
		return common.HexToAddress(s)
	}
	switch q.Method {
	case "eth_chainId":
		return "0x1092"
	case "eth_getBlockByNumber":
		return map[string]any{"number": "0x7", "timestamp": "0x6553f100", "baseFeePerGas": "0x3b9aca00",
			"miner": "0x00000000000000000000000000000000000000cb", "gasLimit": "0x1c9c380",
			"hash": "0x1111111111111111111111111111111111111111111111111111111111111111"}
	case "eth_getBalance":
		if addr() == mockContract {
			return "0xde0b6b3a7640000"
		}
		return "0x0"
	case "eth_getTransactionCount":
		if addr() == mockContract {
			return "0x1"
		}
		return "0x0"
	case "eth_getCode":
		if addr() == mockContract {
			return hexutil.Encode(mockCode)
		}
		return "0x"
	case "eth_getStorageAt":
		if addr() == mockContract {
			return "0x000000000000000000000000000000000000000000000000000000000000002a"
		}
		return "0x0"
	}
	return nil
}
