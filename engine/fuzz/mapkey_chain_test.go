package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestMappingKeysChain checks that one selection of a createMarket that
// fails its first guard solves the guards after it too (testdata's
// ChainMarket): the owner enabled an IRM that is no contract (X), the Rate
// contract (R) and the LLTV 7; createMarket({L, Y, 9}) needs R and 7, two
// keys read one after the other, so the mutant that passed the first guard
// gets its own mutants at once, not when the schedule picks it. The market
// it creates is then a writer, and supply({L, Y, 9}), whose round found
// none before, is due: it gets the sequence inserted and commits.
func TestMappingKeysChain(t *testing.T) {
	p := compile(t, filepath.Join("testdata", "mapkey_chain.sol"))
	c, w := mapKeyWorker(t, p)
	ci, ri := -1, -1
	for i, ct := range p.Contracts {
		switch ct.Name {
		case "ChainMarket":
			ci = i
		case "Rate":
			ri = i
		}
	}
	if ci < 0 || ri < 0 {
		t.Fatal("fixture contracts missing")
	}
	m := map[string]int{}
	for i, x := range p.Contracts[ci].Methods {
		m[x.RawName] = i
	}
	owner := len(w.m.Principals) - 1 // the deployer
	addrT, uintT := abi.Type{T: abi.AddressTy, Size: 20}, abi.Type{T: abi.UintTy, Size: 256}
	tupleT := abi.Type{T: abi.TupleTy, TupleElems: []*abi.Type{&addrT, &addrT, &uintT}}
	word := func(ty *abi.Type, x uint256.Int) calldata.Value { return calldata.Value{Type: ty, Word: x} }
	u := func(x uint64) uint256.Int { return *uint256.NewInt(x) }
	var r uint256.Int
	r.SetBytes20(w.m.Dep.Addrs[ri][:])
	params := func(irm, lltv uint256.Int) calldata.Value {
		return calldata.Value{Type: &tupleT, Elems: []calldata.Value{word(&addrT, u(0x10a)), word(&addrT, irm), word(&uintT, lltv)}}
	}
	tx := func(method string, sender int, args ...calldata.Value) txseq.Tx {
		return txseq.Tx{Contract: ci, Method: m[method], Sender: sender, Args: args}
	}
	create := txseq.Sequence{
		tx("enableIrm", owner, word(&addrT, u(0xa11ce))),
		tx("enableIrm", owner, word(&addrT, r)),
		tx("enableLltv", owner, word(&uintT, u(7))),
		tx("createMarket", 0, params(u(0xb0b), u(9))),
	}
	// supply({L, Y, 9}) first, before any market: its round has no
	// writer to try, and it waits for one.
	supply := txseq.Sequence{tx("supply", 1, params(u(0xb0b), u(9)), word(&uintT, u(5)))}
	w.mappingKeys(w.entryOf(supply))
	ce := w.entryOf(create)
	if w.lastCommitted() {
		t.Fatal("createMarket({L, Y, 9}) committed before its mutants")
	}
	w.mappingKeys(ce)
	created := false
	for _, s := range c.corpus.Sequences() {
		l := s[len(s)-1]
		if l.Contract == ci && l.Method == m["createMarket"] && l.Args[0].Elems[1].Word.Eq(&r) && l.Args[0].Elems[2].Word.Uint64() == 7 {
			created = true
		}
	}
	if !created {
		t.Fatalf("no createMarket({L, R, 7}) in the corpus after one selection: %d entries", c.corpus.Len())
	}
	// The market's writer made supply due: its round runs before the
	// worker's next selection, without the schedule picking it.
	w.mappingKeysDue()
	ok := false
	for _, s := range c.corpus.Sequences() {
		if l := s[len(s)-1]; l.Contract == ci && l.Method == m["supply"] {
			w.exec(s, w.fresh())
			ok = ok || w.lastCommitted()
		}
	}
	if !ok {
		t.Fatal("no supply on the created market in the corpus")
	}
}
