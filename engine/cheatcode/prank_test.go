package cheatcode

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestPrankEdges runs each edge case of PrankEdges.t.sol on the state
// after setUp(): "" must pass, anything else is a substring of the error.
func TestPrankEdges(t *testing.T) {
	p := project(t, "test/PrankEdges.t.sol")
	s, err := RunSetUp(p, "PrankEdges", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ fn, want string }{
		{"prankEOA", ""},
		{"prankContractCalledBack", ""},
		{"prankAsTarget", ""},
		{"prankValue", ""},
		{"prankValueInsufficient", ""},
		{"prankStatic", ""},
		{"prankOrigin", ""},
		{"startPrankOnlyAtItsDepth", ""},
		{"cheatcodeCallsDoNotConsume", ""},
		{"revertBubbles", ""},
		{"returnData", ""},
		{"delegatecallNotPranked", ""},
		{"expectRevertReturnsZeros", ""},
		{"expectRevertSelector", ""},
		{"expectRevertNoRevert", `"call did not revert as expected"`},
		{"expectRevertWrongData", `call reverted with \"probe: fail\" but 0x6f74686572 (\"other\") was expected`},
		{"prankCreate", ""},
		{"startPrankCreate2ThenCall", ""},
		// ALICE has no ether: the creation fails, without revert data.
		{"prankCreateReverts", "execution reverted"},
		{"expectRevertCreate", "unsupported cheatcode vm.expectRevert followed by a contract creation"},
		{"prankOverride", "cannot override an ongoing prank"},
		{"deployToAsPranked", ""},
		{"deployCodeToByName", ""},
		{"prankPrecompile", "cannot prank as a precompile address 0x0000000000000000000000000000000000000001"},
		{"assumeFalse", "0x464f554e4452593a3a415353554d45"},
	} {
		t.Run(tt.fn, func(t *testing.T) {
			s.Chain.Reset(s.Snapshot)
			s.Cheats.Reset()
			r := s.Chain.Call(chain.Tx{From: DefaultSender, To: s.Test.Address, Input: selectorOf(tt.fn + "()")})
			got := ""
			switch {
			case s.Cheats.Err() != nil:
				got = s.Cheats.Err().Error()
			case r.Err != nil:
				got = describeRevert(nil, r.Ret, r.Err)
			}
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("%s() = %s, want %q", tt.fn, got, tt.want)
			}
			if tt.fn == "assumeFalse" && !IsRejection(r.Ret) {
				t.Errorf("assume(false) reverted with %x, not the rejection marker", r.Ret)
			}
		})
	}
}

// TestPrankEdgesLoopsAgree runs PrankEdges.t.sol's cases on go-ethereum's
// fast interpreter loop (no per-opcode tracer hook) and on its table loop
// (an OnOpcode forces it): the cheatcodes' OpHook and GasHook must give
// the same results and gas on both.
func TestPrankEdgesLoopsAgree(t *testing.T) {
	p := project(t, "test/PrankEdges.t.sol")
	fast, err := RunSetUp(p, "PrankEdges", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ops int
	table, err := RunSetUp(p, "PrankEdges", Options{Hooks: &tracing.Hooks{
		OnOpcode: func(uint64, byte, uint64, uint64, tracing.OpContext, []byte, int, error) { ops++ },
	}})
	if err != nil {
		t.Fatal(err)
	}
	fns := []string{"prankEOA", "prankContractCalledBack", "prankAsTarget", "prankValue", "prankValueInsufficient",
		"prankStatic", "prankOrigin", "startPrankOnlyAtItsDepth", "revertBubbles", "returnData",
		"expectRevertReturnsZeros", "expectRevertSelector", "expectRevertNoRevert", "prankCreate",
		"startPrankCreate2ThenCall", "prankCreateReverts", "deployToAsPranked"}
	for _, fn := range fns {
		var rs [2]chain.Result
		for i, s := range []*Setup{fast, table} {
			s.Chain.Reset(s.Snapshot)
			s.Cheats.Reset()
			rs[i] = s.Chain.Call(chain.Tx{From: DefaultSender, To: s.Test.Address, Input: selectorOf(fn + "()")})
		}
		if rs[0].GasUsed != rs[1].GasUsed || !errors.Is(rs[0].Err, rs[1].Err) && (rs[0].Err == nil || rs[1].Err == nil) ||
			!bytes.Equal(rs[0].Ret, rs[1].Ret) {
			t.Errorf("%s(): fast loop gas %d err %v ret %x, table loop gas %d err %v ret %x",
				fn, rs[0].GasUsed, rs[0].Err, rs[0].Ret, rs[1].GasUsed, rs[1].Err, rs[1].Ret)
		}
	}
	if ops == 0 {
		t.Fatal("the table loop's OnOpcode never ran")
	}
}
