package fuzz

import (
	"bytes"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
)

// A contract the target's constructor creates (Helper h = new Helper())
// is another instance of a program contract than the one the fuzzer
// deploys and calls: the target's guards read its storage (h.kept() ==
// C) and its calls write it (send(v) -> h.keep(v)). Bound to its code's
// index in the tracer, its reads and writes are the program's, so
// aggressive mode shows that the target's path depends on them (HARVEY
// §5) and the writer -> reader sequences (writers.go) can put the call
// that writes them before the one that reads.

// child is a contract a program contract created during deployment whose
// runtime code is a program contract's.
type child struct {
	addr   common.Address
	code   int32 // the program contract it runs
	parent int32 // the program contract whose instance created it
}

// maxChildren bounds the children bound, and maxChildNonce the creations
// looked at per creator.
const (
	maxChildren   = 16
	maxChildNonce = 16
)

// childrenOf returns the contracts dep's contracts created, by their
// creation addresses (a contract's first creation has nonce 1, EIP-161),
// whose code is exactly a program contract's runtime code (one with
// immutables differs from its artifact and is left out).
func childrenOf(st chain.Reader, dep *deploy.Deployment, prog *program.Program) []child {
	var out []child
	for i, a := range dep.Addrs {
		if a == (common.Address{}) {
			continue
		}
		n := min(st.GetNonce(a), maxChildNonce+1)
		for k := uint64(1); k < n && len(out) < maxChildren; k++ {
			ca := crypto.CreateAddress(a, k)
			code := st.GetCode(ca)
			if len(code) == 0 {
				continue
			}
			for j, ct := range prog.Contracts {
				if rt := ct.Artifact.Runtime.Bytes; len(rt) > 0 && bytes.Equal(code, rt) {
					out = append(out, child{ca, int32(j), int32(i)})
					break
				}
			}
		}
	}
	return out
}

// bindChildren binds each child to its code in tr.
func bindChildren(tr *trace.Tracer, cs []child) {
	for _, c := range cs {
		tr.Bind(c.addr, int(c.code))
	}
}

// slotAddr returns where aggressive mode writes slot sl for a
// transaction to contract ct: the instance ct's contract created when
// sl is of another contract that has one (the target reads its own
// helper's storage), else the deployed contract.
func (w *worker) slotAddr(sl trace.Slot, ct int) common.Address {
	if int(sl.Code) != ct {
		for _, c := range w.children {
			if c.code == sl.Code && int(c.parent) == ct {
				return c.addr
			}
		}
	}
	return w.m.Dep.Addrs[sl.Code]
}
