package cheatcode

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
)

// TestLoadIsRemembered: vm.load, which ds-test's failed() calls in every
// invariant check, reads through the chain, so a probe that calls it is
// remembered (Pure) and is run again once a vm.store wrote the slot: the
// "failed" flag a ds-test assertion sets is never hidden by a remembered
// pass.
func TestLoadIsRemembered(t *testing.T) {
	ch, c := newChain(t, nil)
	from := ch.Senders()[0]
	slot := [32]byte{'f', 'a', 'i', 'l', 'e', 'd'}
	load := call("load(address,bytes32)", Address, slot)
	if !c.Pure(load) {
		t.Fatal("vm.load is not Pure: every invariant check of a ds-test suite runs every time")
	}
	if c.Pure(call("store(address,bytes32,bytes32)", Address, slot, [32]byte{31: 1})) {
		t.Fatal("vm.store is Pure")
	}
	probe := func() byte {
		t.Helper()
		r := ch.Probe(from, Address, load)
		if r.Err != nil || len(r.Ret) != 32 {
			t.Fatalf("load: %x, %v", r.Ret, r.Err)
		}
		return r.Ret[31]
	}
	if v, w := probe(), probe(); v != 0 || w != 0 {
		t.Fatalf("failed slot %d then %d, want 0", v, w)
	}
	if r := ch.Call(chain.Tx{From: from, To: Address, Input: call("store(address,bytes32,bytes32)", Address, slot, [32]byte{31: 1})}); r.Err != nil {
		t.Fatal(r.Err)
	}
	if v := probe(); v != 1 {
		t.Fatalf("after vm.store the failed slot reads %d, want 1: a remembered load was given", v)
	}
}
