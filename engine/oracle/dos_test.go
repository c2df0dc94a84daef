package oracle

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// dosOracle deploys the only contract of a testdata/vulns fixture and
// returns the SWC-128 oracle on it and the index of each method by name.
func dosOracle(t *testing.T, file string) (*dos, map[string]int) {
	t.Helper()
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", file), finding.GasDoS)
	methods := map[string]int{}
	for i, meth := range m.Prog.Contracts[0].Methods {
		methods[meth.RawName] = i
	}
	return &dos{Machine: m}, methods
}

// runDoS runs seq on the deployed state, then the SWC-128 check.
func runDoS(t *testing.T, o *dos, seq txseq.Sequence) *finding.Finding {
	t.Helper()
	o.Chain.Reset(o.Base)
	var hist []TxInfo
	for i := range seq {
		if r := o.RunTx(&seq[i], 0); r.Err != nil {
			t.Fatalf("transaction %d failed: %v", i, r.Err)
		}
		hist = append(hist, TxInfo{Sender: seq[i].Sender, Value: seq[i].Value})
	}
	return o.checkDoS(seq, hist, nil)
}

var dosDetail = regexp.MustCompile(`^distribute used (\d+) gas after 12 more calls of invest by 0x[0-9a-fA-F]{40}, \+(\d+) per call: about (\d+) calls of invest by any sender make distribute exceed the 30000000 block gas limit`)

// TestGasGrowthDoS checks the SWC-128 oracle on a distributor anyone can
// grow (a finding whose numbers add up to the block gas limit) and on its
// bounded twin (none: the pushes stop at 50).
func TestGasGrowthDoS(t *testing.T) {
	for _, tt := range []struct {
		file string
		want bool
	}{
		{"swc128_pos_distribute.sol", true},
		{"swc128_neg_bounded.sol", false},
	} {
		w, m := dosOracle(t, tt.file)
		invest := txseq.Tx{Method: m["invest"], Sender: 1, Value: *uint256.NewInt(1)}
		seq := txseq.Sequence{invest, {Method: m["distribute"], Sender: 2}}
		f := runDoS(t, w, seq)
		if !tt.want {
			if f != nil {
				t.Errorf("%s: unexpected finding %s", tt.file, f.Detail)
			}
			continue
		}
		if f == nil || f.Kind != finding.GasDoS || !f.Located {
			t.Fatalf("%s: finding %+v, want a located SWC-128", tt.file, f)
		}
		sub := dosDetail.FindStringSubmatch(f.Detail)
		if sub == nil {
			t.Fatalf("%s: detail %q", tt.file, f.Detail)
		}
		var n [3]uint64
		for i := range n {
			n[i], _ = strconv.ParseUint(sub[i+1], 10, 64)
		}
		// used + per*(calls-12) reaches the limit, one call fewer does not.
		if reach := n[0] + n[1]*(n[2]-12); reach < blockGasLimit || reach-n[1] >= blockGasLimit {
			t.Errorf("%s: %d gas + %d per call over %d calls does not just reach the limit", tt.file, n[0], n[1], n[2]-12)
		}
		if n[2] > dosMaxPushes {
			t.Errorf("%s: %d calls, more than an attacker affords", tt.file, n[2])
		}
		// The pair is tried dosTries times at most.
		for range dosTries {
			runDoS(t, w, seq)
		}
		if g := runDoS(t, w, seq); g != nil {
			t.Errorf("%s: pair checked more than %d times", tt.file, dosTries)
		}
	}
}
