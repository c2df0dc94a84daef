package txseq

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

func sampleSeq(t *testing.T) Sequence {
	t.Helper()
	u, err := abi.NewType("uint256", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	us, err := abi.NewType("uint256[]", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := abi.NewType("string", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	var seq Sequence
	for i := range 4 {
		seq = append(seq, Tx{Method: i, Args: []calldata.Value{
			{Type: &u, Word: *uint256.NewInt(uint64(i))},
			{Type: &us, Elems: []calldata.Value{{Type: &u}, {Type: &u, Word: *uint256.NewInt(7)}}},
			{Type: &s, Bytes: []byte("hello")},
		}, Raw: []byte{1}})
	}
	seq = append(seq, Tx{Method: -1})
	return seq
}

// TestCloneDeep checks that a clone equals its sequence and shares no
// argument storage with it.
func TestCloneDeep(t *testing.T) {
	seq := sampleSeq(t)
	c := seq.Clone()
	for i := range seq {
		if !calldata.EqualArgs(c[i].Args, seq[i].Args) || c[i].Method != seq[i].Method {
			t.Fatalf("tx %d differs", i)
		}
	}
	c[0].Args[1].Elems[1].Word.SetUint64(9)
	c[1].Args[2].Bytes[0] = 'j'
	if seq[0].Args[1].Elems[1].Word.Uint64() != 7 || seq[1].Args[2].Bytes[0] != 'h' {
		t.Error("clone shares storage")
	}
	if c[4].Args != nil {
		t.Error("no arguments became non-nil")
	}
}

// TestCloneAllocations checks that cloning a sequence takes a fixed
// number of allocations, whatever its arguments: the fuzzer clones one
// for every mutant.
func TestCloneAllocations(t *testing.T) {
	seq := sampleSeq(t)
	if n := testing.AllocsPerRun(100, func() { seq.Clone() }); n > 4 {
		t.Errorf("Clone: %v allocations, want at most 4", n)
	}
}

// TestShare checks that a shared copy has its own transactions (a field
// changed in it is not changed in the sequence), the same arguments,
// empty argument lists as nil (as Clone), no spare capacity (an append
// reallocates), and takes one allocation.
func TestShare(t *testing.T) {
	seq := sampleSeq(t)
	seq[4].Args = []calldata.Value{}
	s := seq.Share()
	if len(s) != len(seq) || cap(s) != len(seq) {
		t.Fatalf("len %d cap %d, want %d", len(s), cap(s), len(seq))
	}
	for i := range seq {
		if len(seq[i].Args) > 0 && &s[i].Args[0] != &seq[i].Args[0] {
			t.Errorf("tx %d: arguments copied, want shared", i)
		}
	}
	if s[4].Args != nil {
		t.Error("empty arguments not nil")
	}
	s[0].Sender, s[0].Value = 5, *uint256.NewInt(1)
	if seq[0].Sender != 0 || !seq[0].Value.IsZero() {
		t.Error("a field set in the copy changed the sequence")
	}
	if n := testing.AllocsPerRun(100, func() { seq.Share() }); n != 1 {
		t.Errorf("Share: %v allocations, want 1", n)
	}
}
