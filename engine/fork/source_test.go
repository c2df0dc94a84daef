package fork

import (
	"context"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
)

var _ state.Reader = (*Source)(nil)

func TestSourceReadsLazilyAndCachesOnDisk(t *testing.T) {
	m := newMockNode(t)
	dir := t.TempDir()
	s, err := Open(context.Background(), Config{URL: m.srv.URL, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Header()
	if h.ChainID != 4242 || h.Number != 7 || h.Time != 0x6553f100 || h.BaseFee.Uint64() != 1e9 || h.GasLimit != 30_000_000 {
		t.Fatalf("header %+v", h)
	}
	if got := m.requests.Load(); got != 1 {
		t.Errorf("open: %d requests, want 1 (header and chain id batched)", got)
	}
	read := func(s *Source) {
		t.Helper()
		acc, err := s.Account(mockContract)
		if err != nil || acc == nil || acc.Nonce != 1 || acc.Balance.Uint64() != 1e18 {
			t.Fatalf("account %+v, %v", acc, err)
		}
		if code := s.Code(mockContract, common.BytesToHash(acc.CodeHash)); string(code) != string(mockCode) {
			t.Fatalf("code %x", code)
		}
		if v, err := s.Storage(mockContract, common.Hash{}); err != nil || v.Big().Int64() != 42 {
			t.Fatalf("storage %v, %v", v, err)
		}
		// An account without code: no storage request.
		other := common.HexToAddress("0x1234")
		if acc, err := s.Account(other); acc != nil || err != nil {
			t.Fatalf("empty account %+v, %v", acc, err)
		}
		if v, err := s.Storage(other, common.Hash{1}); v != (common.Hash{}) || err != nil {
			t.Fatalf("storage of an empty account %v, %v", v, err)
		}
	}
	read(s)
	read(s) // again: from memory
	if got, want := m.requests.Load(), int64(1+1+1+1); got != want {
		t.Errorf("%d requests, want %d (header, two accounts, one slot)", got, want)
	}
	if st := s.Stats(); st.Fetched != 3 || st.Calls != 2+3+3+1 {
		t.Errorf("stats %+v", st)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	before := m.requests.Load()
	s2, err := Open(context.Background(), Config{URL: m.srv.URL, CacheDir: dir, Block: 7})
	if err != nil {
		t.Fatal(err)
	}
	read(s2)
	if got := m.requests.Load() - before; got != 0 {
		t.Errorf("second run at the same block: %d requests, want 0", got)
	}
	if h2 := s2.Header(); h2.Hash != h.Hash || h2.Time != h.Time || h2.BaseFee.Cmp(h.BaseFee) != 0 || h2.Coinbase != h.Coinbase {
		t.Errorf("cached header %+v, want %+v", s2.Header(), h)
	}
	if st := s2.Stats(); st.Cached != 3 || st.Requests != 0 {
		t.Errorf("second run stats %+v", st)
	}
}

func TestSourceBlockPastHead(t *testing.T) {
	m := newMockNode(t)
	m.intercept = nil
	s, err := Open(context.Background(), Config{URL: m.srv.URL, Block: 9})
	if err == nil {
		t.Fatalf("block 9 of a node whose mock answers block 7: opened %+v", s.Header())
	}
}
