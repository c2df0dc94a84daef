package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// TestLeakJudgedPerContract replays a depositor that another contract
// paid (a splitter's claim) and that then withdraws part of its own
// deposit: no SWC-105, as the payout of one contract is judged by what was
// paid into and out of that contract (pragma-widths' false finding, where
// the splitter's payment counted as an earlier payout of the escrow's and
// as the depositor's gain). The vulnerable twin, whose withdrawal never
// debits, still leaks with the same contracts side by side.
func TestLeakJudgedPerContract(t *testing.T) {
	for _, tt := range []struct {
		file  string
		calls func(escrow, splitter int) []RawCall
		want  finding.Kind // "" for none
	}{
		{"swc105_neg_paid_elsewhere.sol", func(e, s int) []RawCall {
			return []RawCall{
				{Contract: s, Sender: 2, Input: call("pay(address)", addrWord(chain.SenderAddress(0))), Value: *uint256.NewInt(100)},
				{Contract: e, Sender: 0, Input: call("deposit()"), Value: *uint256.NewInt(50)},
				{Contract: s, Sender: 0, Input: call("claim()")},
				{Contract: e, Sender: 0, Input: call("withdraw(uint256)", uint256.NewInt(1))},
			}
		}, ""},
		{"swc105_pos_paid_elsewhere.sol", func(e, s int) []RawCall {
			return []RawCall{
				{Contract: s, Sender: 2, Input: call("pay(address)", addrWord(chain.SenderAddress(0))), Value: *uint256.NewInt(100)},
				{Contract: e, Sender: 0, Input: call("deposit()"), Value: *uint256.NewInt(5)},
				{Contract: e, Sender: 0, Input: call("withdraw(uint256)", uint256.NewInt(5))},
				{Contract: e, Sender: 0, Input: call("withdraw(uint256)", uint256.NewInt(5))},
			}
		}, finding.EtherLeak},
	} {
		prog := compile(t, filepath.Join("..", "testdata", "vulns", tt.file))
		e, ok1 := prog.Lookup("Escrow")
		s, ok2 := prog.Lookup("Splitter")
		if !ok1 || !ok2 {
			t.Fatalf("%s: no Escrow or Splitter", tt.file)
		}
		steps, err := Replay(prog, chain.Config{}, 1, nil, tt.calls(e.Index, s.Index), nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []finding.Kind
		for i, st := range steps {
			if st.Err != nil && i != len(steps)-1 {
				t.Errorf("%s: call %d reverted: %v", tt.file, i+1, st.Err)
			}
			if st.Finding != nil {
				got = append(got, st.Finding.Kind)
			}
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: findings %v, want none", tt.file, got)
		case tt.want != "" && (len(got) != 1 || got[0] != tt.want):
			t.Errorf("%s: findings %v, want %s", tt.file, got, tt.want)
		}
	}
}

// call is the calldata of sig with the given words.
func call(sig string, words ...*uint256.Int) []byte {
	in := crypto.Keccak256([]byte(sig))[:4]
	for _, w := range words {
		b := w.Bytes32()
		in = append(in, b[:]...)
	}
	return in
}

// addrWord is a as a word.
func addrWord(a common.Address) *uint256.Int {
	return new(uint256.Int).SetBytes20(a[:])
}
