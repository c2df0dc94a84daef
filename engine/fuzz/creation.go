package fuzz

import (
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// This file records the constructors' coverage: which instructions of
// each contract's creation code ran while the campaign deployed it
// (Result.Creation), so that constructor lines count in the line
// coverage (LCOV, the editor's gutter) like the runtime code's. It is
// recorded once per campaign, from one chain's deployment: every chain
// deploys the same plan, and a deployment is deterministic.

// creationRecorder is a per-opcode hook for the deployment alone: it
// marks the creation-code instructions that ran, per created account,
// and passes every opcode on to next.
type creationRecorder struct {
	next vm.OpHook
	ran  map[common.Address][]bool
}

func newCreationRecorder(next vm.OpHook) *creationRecorder {
	return &creationRecorder{next: next, ran: map[common.Address][]bool{}}
}

func (r *creationRecorder) step(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
	if c := scope.Contract; c.IsDeployment {
		addr := c.Address()
		ran := r.ran[addr]
		if ran == nil {
			ran = make([]bool, len(c.Code))
			r.ran[addr] = ran
		}
		if pc < uint64(len(ran)) {
			ran[pc] = true
		}
	}
	if r.next != nil {
		r.next(pc, op, scope, depth)
	}
}

// byContract gives the creation coverage per contract index of n, from
// the accounts each contract was deployed at; several instances of one
// contract add up.
func (r *creationRecorder) byContract(n int, at func(yield func(addr common.Address, ci int))) [][]bool {
	out := make([][]bool, n)
	at(func(addr common.Address, ci int) {
		ran, ok := r.ran[addr]
		if !ok || ci < 0 || ci >= n {
			return
		}
		if out[ci] == nil {
			out[ci] = make([]bool, len(ran))
		}
		for pc, hit := range ran {
			if hit && pc < len(out[ci]) {
				out[ci][pc] = true
			}
		}
	})
	return out
}

// creationCoverage is a campaign's record of its constructors' coverage:
// the first chain to deploy records it.
type creationCoverage struct {
	mu      sync.Mutex
	claimed bool
	cov     [][]bool
}

// claim reports whether the caller is the one to record.
func (cc *creationCoverage) claim() bool {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.claimed {
		return false
	}
	cc.claimed = true
	return true
}

func (cc *creationCoverage) set(cov [][]bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.claimed, cc.cov = true, cov
}

func (cc *creationCoverage) get() [][]bool {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.cov
}
