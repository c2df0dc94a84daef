package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestHashByteWitnesses runs each hash-byte class fixture's witness (the
// values its comment names) as the only seed: the assertion fails, so
// the class rows of TestConditionClasses ask for a reachable one.
func TestHashByteWitnesses(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []uint64
	}{
		{"HashByteOnLine", []uint64{0x1b2c3d4e5f607182, 0x7c1d93e5a0b46f21}},
		{"HashByteThirdInput", []uint64{0x1b2c3d4e5f607182, 0x0fedcba987654321, 0x7c1d93e5a0b46f21}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", "classes", tc.name+".sol"))
			m := prog.Contracts[0].Methods[0]
			tx := txseq.Tx{Contract: 0, Method: 0}
			for i, v := range tc.args {
				typ := m.Inputs[i].Type
				a := calldata.Value{Type: &typ}
				a.Word.SetUint64(v)
				tx.Args = append(tx.Args, a)
			}
			assertFound(t, prog, Config{Settings: Settings{Seed: 1, Execs: 100}, Seeds: []txseq.Sequence{{tx}}, SeedsOnly: true})
		})
	}
}
