package oracle

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestTheftVariant checks the least-privilege search's variant of a
// token transfer in a sequence with a privileged sender: every privileged
// transaction sent, and every argument naming a privileged sender, by an
// ordinary user that is neither the victim nor the last sender; an
// attacker contract's tokens taken, its part sent by another ordinary
// user; run once; none without a privileged sender or an attacker
// victim, none beyond deprivTries per function.
func TestTheftVariant(t *testing.T) {
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", "token_pos_nft.sol"), finding.TokenTheft)
	owner := slices.Index(m.Privileged, true)
	if owner < 0 {
		t.Fatal("no privileged principal")
	}
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
	mint := func(sender int) txseq.Tx {
		return txseq.Tx{Method: methods["mint"], Sender: sender}
	}
	transfer := func(sender, from int, to common.Address) txseq.Tx {
		x := txseq.Tx{Method: methods["transferFrom"], Sender: sender, Args: calldata.GenerateArgs(r, m.Prog.Contracts[0].Methods[methods["transferFrom"]].Inputs, nil)}
		x.Args[0].Word = word(from)
		x.Args[1].Word.SetBytes20(to[:])
		x.Args[2].Word.Clear()
		return x
	}
	other := common.HexToAddress("0xc0ffee")
	att := -1
	for i := range m.Principals {
		if _, _, a := deploy.SenderOf(m.Chain, i); a {
			att = i
			break
		}
	}
	if att < 0 || owner < 2 {
		t.Fatalf("principals: attacker %d, owner %d; want an attacker contract and users 0 and 1", att, owner)
	}
	for _, tt := range []struct {
		name    string
		seq     txseq.Sequence
		victim  int
		want    []int // the variant's senders; nil: no variant
		wantArg int   // the principal the last transaction's from names
	}{
		{"the owner's token taken", txseq.Sequence{mint(owner), transfer(1, owner, other)}, owner, []int{0, 1}, 0},
		{"a user's token taken by the owner", txseq.Sequence{mint(0), mint(owner), transfer(owner, 0, other)}, 0, []int{0, 1, 1}, 0},
		{"no privileged sender", txseq.Sequence{mint(0), transfer(1, 0, other)}, 0, nil, 0},
		{"an attacker contract's token taken by a user", txseq.Sequence{mint(att), transfer(1, att, other)}, att, []int{2, 1}, 2},
		{"an attacker contract's token taken by the owner", txseq.Sequence{mint(att), mint(owner), transfer(owner, att, other)}, att, []int{1, 0, 0}, 1},
	} {
		d := &depriv{Machine: m}
		before := tt.seq.Clone()
		d.noteTheft(tt.seq, make([]TxInfo, len(tt.seq)), tt.victim)
		for j := range before {
			if tt.seq[j].Sender != before[j].Sender || tt.seq[j].Method == methods["transferFrom"] && tt.seq[j].Args[0].Word != before[j].Args[0].Word {
				t.Errorf("%s: the noted sequence was changed in place", tt.name)
			}
		}
		if tt.want == nil {
			if d.pending {
				t.Errorf("%s: a variant, want none", tt.name)
			}
			continue
		}
		var ran []txseq.Sequence
		for d.Step(func(s txseq.Sequence) { ran = append(ran, s.Clone()) }) {
		}
		if len(ran) != 1 {
			t.Fatalf("%s: %d variants run, want 1", tt.name, len(ran))
		}
		v := ran[0]
		var got []int
		for _, x := range v {
			got = append(got, x.Sender)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: variant senders %v, want %v", tt.name, got, tt.want)
		}
		last := v[len(v)-1]
		if w := word(tt.wantArg); !last.Args[0].Word.Eq(&w) {
			t.Errorf("%s: from names %s, want principal %d", tt.name, last.Args[0].Word.Hex(), tt.wantArg)
		}
	}
	d := &depriv{Machine: m}
	seq := txseq.Sequence{mint(owner), transfer(1, owner, other)}
	for i := range deprivTries + 1 {
		d.noteTheft(seq, make([]TxInfo, len(seq)), owner)
		if d.pending != (i < deprivTries) {
			t.Errorf("try %d: pending %v", i, d.pending)
		}
		d.pending = false
	}
}
