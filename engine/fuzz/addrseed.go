package fuzz

import (
	"slices"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// An AddrCall is a seed's transaction named by addresses alone, as
// another fuzzer records it (forge's corpus and failures: engine/corpus's
// ForgeCall): which contract and function it is becomes known only once
// this campaign has deployed the system, so a worker maps it (addressed).
type AddrCall struct {
	From, To common.Address
	Input    []byte
	Value    uint256.Int
	// Blocks and Seconds advance the chain before the call.
	Blocks, Seconds uint64
}

// AddrSkip is why a seed of address calls was not run, as a value.
type AddrSkip int

// Why an address seed does not fit the campaign. A seed is run whole or
// not at all: a sequence with a call missing does not reach what the
// whole did.
const (
	// AddrNoTarget: a call goes to an address that is none of the
	// campaign's targets (a contract forge fuzzed that this set-up does
	// not deploy there, or a stateless fuzz test).
	AddrNoTarget AddrSkip = iota
	// AddrNoFunction: a call's selector is no function the campaign
	// calls on that contract (changed since, or excluded).
	AddrNoFunction
	// AddrBadArgs: a call's arguments do not decode against the
	// function's current parameters.
	AddrBadArgs
	// AddrEmpty: the seed has no calls.
	AddrEmpty
	numAddrSkips
)

func (k AddrSkip) String() string {
	switch k {
	case AddrNoTarget:
		return "a call to an address that is no target of the campaign"
	case AddrNoFunction:
		return "a call to a function the campaign does not call"
	case AddrBadArgs:
		return "arguments that do not decode against the function's parameters"
	case AddrEmpty:
		return "no calls"
	}
	return "unknown"
}

// AddrSeedCounts say how many of Config.AddrSeeds ran and why the
// others did not.
type AddrSeedCounts struct {
	Used    int
	Skipped map[AddrSkip]int
}

// addrCounts are the campaign's counts of address seeds (workers map
// their share each).
type addrCounts struct {
	used    atomic.Int64
	skipped [numAddrSkips]atomic.Int64
}

func (a *addrCounts) result() AddrSeedCounts {
	out := AddrSeedCounts{Used: int(a.used.Load())}
	for k := range a.skipped {
		if n := a.skipped[k].Load(); n > 0 {
			if out.Skipped == nil {
				out.Skipped = map[AddrSkip]int{}
			}
			out.Skipped[AddrSkip(k)] = int(n)
		}
	}
	return out
}

// runAddrSeeds runs this worker's share of the address seeds that fit
// the system, counting them and the others; false when the budget ran
// out first.
func (w *worker) runAddrSeeds(live func() bool) bool {
	c := w.c
	for i, calls := range c.cfg.AddrSeeds {
		if !live() {
			return false
		}
		if i%c.cfg.Workers != w.id {
			continue
		}
		seq, skip, ok := w.addressed(calls)
		if !ok {
			c.addrSeeds.skipped[skip].Add(1)
			continue
		}
		c.addrSeeds.used.Add(1)
		if seq = w.sanitize(seq); len(seq) > 0 {
			w.try(seq)
		}
	}
	return true
}

// addressed maps a seed of address calls onto this worker's system: the
// contract deployed at To (the instance transactions go to), the
// function its selector names among those the campaign calls, its
// arguments decoded; the sender whose address is From, else one of the
// chain's senders, the i-th distinct unknown address the (i mod n)-th, so
// calls from one account stay from one and calls from two from two
// where the senders allow.
func (w *worker) addressed(calls []AddrCall) (txseq.Sequence, AddrSkip, bool) {
	if len(calls) == 0 {
		return nil, AddrEmpty, false
	}
	ps := w.m.Principals
	senders := len(w.m.Chain.Senders())
	var unknown []common.Address
	seq := make(txseq.Sequence, 0, len(calls))
	for _, ac := range calls {
		ci := slices.Index(w.m.Dep.Addrs, ac.To)
		if ac.To == (common.Address{}) || ci < 0 || !w.c.fuzzes(ci) {
			return nil, AddrNoTarget, false
		}
		tx := txseq.Tx{Contract: ci, Method: -1, Value: ac.Value, Blocks: ac.Blocks, Seconds: ac.Seconds}
		if s := slices.Index(ps, ac.From); s >= 0 {
			tx.Sender = s
		} else if senders > 0 {
			k := slices.Index(unknown, ac.From)
			if k < 0 {
				k, unknown = len(unknown), append(unknown, ac.From)
			}
			tx.Sender = k % senders
		}
		if len(ac.Input) > 0 {
			m, skip, ok := w.methodOf(ci, ac.Input)
			if !ok {
				return nil, skip, false
			}
			args, err := calldata.Decode(w.c.prog.Contracts[ci].Methods[m].Inputs, ac.Input[4:])
			if err != nil {
				return nil, AddrBadArgs, false
			}
			tx.Method, tx.Args = m, args
		}
		if _, ok := w.c.callIndex[callTarget{Contract: ci, Method: tx.Method}]; !ok {
			return nil, AddrNoFunction, false
		}
		seq = append(seq, tx)
	}
	return seq, 0, true
}

// methodOf is the index of the method of contract ci whose selector
// starts input.
func (w *worker) methodOf(ci int, input []byte) (int, AddrSkip, bool) {
	if len(input) < 4 {
		return 0, AddrNoFunction, false
	}
	for j, m := range w.c.prog.Contracts[ci].Methods {
		if [4]byte(input[:4]) == m.Selector {
			return j, 0, true
		}
	}
	return 0, AddrNoFunction, false
}
