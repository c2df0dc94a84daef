package oracle

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestPayeeVariant checks the payee search's variant of a payout to a
// payee the caller named: the last transaction sent by a stranger (no
// earlier sender, named by none) naming itself where it named the payee,
// the earlier transactions as they were; no variant when the payee is
// neither named nor the sender, when the sender already is a stranger, or
// beyond payeeTries per function.
func TestPayeeVariant(t *testing.T) {
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", "token_pos_stream_nft.sol"), finding.TokenTheft)
	methods := map[string]int{}
	for i, meth := range m.Prog.Contracts[0].Methods {
		methods[meth.RawName] = i
	}
	r := rand.New(rand.NewPCG(1, 2))
	word := func(p int) uint256.Int {
		var u uint256.Int
		u.SetBytes20(m.Principals[p][:])
		return u
	}
	tx := func(name string, sender int) txseq.Tx {
		meth := &m.Prog.Contracts[0].Methods[methods[name]]
		return txseq.Tx{Method: methods[name], Sender: sender, Args: calldata.GenerateArgs(r, meth.Inputs, nil)}
	}
	// create(Params{recipient: principal 1, ...}) by principal 0.
	create := tx("create", 0)
	create.Args[0].Elems[0].Word = word(1)
	// withdrawMax(1, to) by sender naming to.
	withdraw := func(sender int, to common.Address) txseq.Tx {
		w := tx("withdrawMax", sender)
		w.Args[0].Word.SetOne()
		w.Args[1].Word.SetBytes20(to[:])
		return w
	}
	other := common.HexToAddress("0xc0ffee")
	for _, tt := range []struct {
		name       string
		last       txseq.Tx
		to         common.Address
		wantSender int // -1: no variant
	}{
		{"the recipient withdraws to itself", withdraw(1, m.Principals[1]), m.Principals[1], 2},
		{"the creator withdraws to the recipient", withdraw(0, m.Principals[1]), m.Principals[1], 2},
		{"a payee named by address", withdraw(0, other), other, 2},
		{"a payee not named", withdraw(0, other), common.HexToAddress("0xbeef"), -1},
		{"a stranger's own payout", withdraw(2, m.Principals[2]), m.Principals[2], -1},
	} {
		o := &payee{Machine: m}
		seq := txseq.Sequence{create, tt.last}
		o.note(seq, len(seq), tt.to)
		if tt.wantSender < 0 {
			if o.pending {
				t.Errorf("%s: a variant, want none", tt.name)
			}
			continue
		}
		if !o.pending {
			t.Fatalf("%s: no variant", tt.name)
		}
		v := o.seq
		if v[1].Sender != tt.wantSender {
			t.Errorf("%s: variant sent by %d, want %d", tt.name, v[1].Sender, tt.wantSender)
		}
		if got, want := v[1].Args[1].Word, word(tt.wantSender); !got.Eq(&want) {
			t.Errorf("%s: variant names %s, want the stranger %s", tt.name, got.Hex(), want.Hex())
		}
		if v[0].Sender != 0 || !v[0].Args[0].Elems[0].Word.Eq(&create.Args[0].Elems[0].Word) {
			t.Errorf("%s: the create changed", tt.name)
		}
		if !seq[1].Args[1].Word.Eq(&tt.last.Args[1].Word) {
			t.Errorf("%s: the noted sequence was changed in place", tt.name)
		}
		var ran txseq.Sequence
		if !o.Step(func(s txseq.Sequence) { ran = s }) || len(ran) != 2 || o.Step(func(txseq.Sequence) {}) {
			t.Errorf("%s: Step ran %d transactions, then again", tt.name, len(ran))
		}
	}
	o := &payee{Machine: m}
	seq := txseq.Sequence{create, withdraw(0, m.Principals[1])}
	for i := range payeeTries + 1 {
		o.note(seq, len(seq), m.Principals[1])
		if o.pending != (i < payeeTries) {
			t.Errorf("try %d: pending %v", i, o.pending)
		}
		o.pending = false
	}
}
