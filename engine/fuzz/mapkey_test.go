package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestMappingKeys checks the mapping-key mutants on testdata's KeyMarket:
// createMarket({irm: Y, lltv: 9}) after the owner's enableIrm(X) and
// enableLltv(7) reads zero entries; its mutants take X from the prefix
// (then 7, on the entry that passed the first guard), and supply({Y, 9})
// gets createMarket's sequence inserted and its struct, the market id's
// preimage, replaced by the created market's.
func TestMappingKeys(t *testing.T) {
	p := compile(t, filepath.Join("testdata", "mapkey_market.sol"))
	c, w := mapKeyWorker(t, p)
	m := map[string]int{}
	for i, x := range p.Contracts[0].Methods {
		m[x.RawName] = i
	}
	owner := len(w.m.Principals) - 1 // the deployer
	addrT, uintT := abi.Type{T: abi.AddressTy, Size: 20}, abi.Type{T: abi.UintTy, Size: 256}
	tupleT := abi.Type{T: abi.TupleTy, TupleElems: []*abi.Type{&addrT, &uintT}}
	word := func(ty *abi.Type, x uint64) calldata.Value { return calldata.Value{Type: ty, Word: *uint256.NewInt(x)} }
	params := func(irm, lltv uint64) calldata.Value {
		return calldata.Value{Type: &tupleT, Elems: []calldata.Value{word(&addrT, irm), word(&uintT, lltv)}}
	}
	const x, y = 0xa11ce, 0xb0b
	setup := txseq.Sequence{
		{Method: m["enableIrm"], Sender: owner, Args: []calldata.Value{word(&addrT, x)}},
		{Method: m["enableLltv"], Sender: owner, Args: []calldata.Value{word(&uintT, 7)}},
	}
	committed := func(seq txseq.Sequence) bool {
		w.exec(seq, w.fresh())
		return w.lastCommitted()
	}
	create := append(setup.Clone(), txseq.Tx{Method: m["createMarket"], Args: []calldata.Value{params(y, 9)}})
	if committed(create) {
		t.Fatal("createMarket({Y, 9}) committed before its mutants")
	}
	w.mappingKeys(w.entryOf(create))
	// The mutant with X passed the first guard; it is in the corpus.
	var half txseq.Sequence
	for _, s := range c.corpus.Sequences() {
		if a := s[len(s)-1].Args[0].Elems; len(s) == 3 && a[0].Word.Uint64() == x && a[1].Word.Uint64() == 9 {
			half = s
		}
	}
	if half == nil {
		t.Fatalf("no mutant with the enabled IRM in the corpus: %d entries", c.corpus.Len())
	}
	w.mappingKeys(w.entryOf(half))
	full := half.Clone()
	full[2].Args[0].Elems[1].Word.SetUint64(7)
	if !committed(full) {
		t.Fatal("createMarket({X, 7}) reverted")
	}
	found := false
	for _, s := range c.corpus.Sequences() {
		if a := s[len(s)-1].Args[0].Elems; len(s) == 3 && a[0].Word.Uint64() == x && a[1].Word.Uint64() == 7 {
			found = true
		}
	}
	if !found {
		t.Fatal("no mutant with both enabled keys in the corpus")
	}
	// createMarket({X, 7}) is a writer of created[id]; supply({Y, 9}) on
	// a fresh state gets it inserted.
	w.mappingKeys(w.entryOf(full))
	supply := txseq.Sequence{{Method: m["supply"], Args: []calldata.Value{params(y, 9), word(&uintT, 5)}}}
	w.mappingKeys(w.entryOf(supply))
	ok := false
	for _, s := range c.corpus.Sequences() {
		if l := s[len(s)-1]; l.Method == m["supply"] && l.Args[0].Elems[0].Word.Uint64() == x && committed(s) {
			ok = true
		}
	}
	if !ok {
		t.Fatal("no supply on the created market in the corpus")
	}
}

// mapKeyWorker returns a campaign on p with seed 1 and its first worker,
// set up, for driving mapping-key rounds by hand.
func mapKeyWorker(t *testing.T, p *program.Program) (*campaign, *worker) {
	t.Helper()
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: DefaultMaxSeqLen}, Chain: chain.Config{}, Oracles: map[finding.Kind]bool{}}, prog: p, probe: probeFor(1), corpus: NewCorpus(0), keys: map[Key]bool{}}
	return c, startWorker(t, c)
}

// entryOf runs seq on a fresh state and returns it as an entry with the
// storage reads a mapping-key round looks at.
func (w *worker) entryOf(seq txseq.Sequence) *Entry {
	o := w.exec(seq, w.fresh())
	return &Entry{Seq: seq, loads: append(w.s.loads[:0:0], o.loads...)}
}
