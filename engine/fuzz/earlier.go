package fuzz

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is where a campaign's arguments come from besides chance and
// the contracts' code: the words earlier transactions returned or logged,
// by their ABI type (calldata.Recent: an id createSubscription returned
// is the subId every later call checks, a pool a factory created is the
// address its registry takes), and the sources' string literals (forge's
// dictionary has them too).

// noWord marks a head word no kind is kept of: a dynamic value's
// offset, a bool.
const noWord = -1

// wordLayout is the kind (calldata.RecentKind, or noWord) of each head
// word of an ABI argument list, up to the first composite value whose
// words are not one per argument (a static array or tuple).
type wordLayout []int8

// layoutOf returns args' word layout, at most earlierWords long.
func layoutOf(args abi.Arguments, indexed bool) wordLayout {
	var out wordLayout
	for i := range args {
		if args[i].Indexed != indexed || len(out) == earlierWords {
			continue
		}
		t := &args[i].Type
		k, ok := calldata.KindOf(t)
		switch {
		case ok:
			out = append(out, int8(k))
		case t.T == abi.BoolTy || calldata.IsDynamic(t) || indexed:
			// An indexed dynamic value's topic is its hash: no word to
			// pass back as it is.
			out = append(out, noWord)
		default:
			return out
		}
	}
	return out
}

// earlierWords is how many head words of a return or a log are read.
const earlierWords = 4

// eventLayout is the word layout of an event's topics after the first
// and of its data.
type eventLayout struct {
	topics, data wordLayout
}

// earlierLayouts returns the return layouts of every contract's methods
// (by contract and method index) and the layouts of every event the
// program's ABIs declare, by topic 0.
func earlierLayouts(p *program.Program) ([][]wordLayout, map[common.Hash]eventLayout) {
	outs := make([][]wordLayout, len(p.Contracts))
	events := map[common.Hash]eventLayout{}
	for i, ct := range p.Contracts {
		outs[i] = make([]wordLayout, len(ct.Methods))
		for j := range ct.Methods {
			outs[i][j] = layoutOf(ct.Methods[j].Outputs, false)
		}
		for _, e := range ct.ABI.Events {
			if e.Anonymous {
				continue
			}
			if _, ok := events[e.ID]; !ok {
				events[e.ID] = eventLayout{topics: layoutOf(e.Inputs, true), data: layoutOf(e.Inputs, false)}
			}
		}
	}
	return outs, events
}

// noteEarlier keeps the words tx, run with result r, returned and logged
// (indexed topics and data), if it committed and wrote storage, for later
// calls' arguments of their ABI type (calldata.Recent); a word of a
// return or log no ABI types is kept only if wide. It returns the first
// word kept and its kind, which the history keeps (oracle.TxInfo.Made)
// for notePrefix.
func (w *worker) noteEarlier(tx *txseq.Tx, r chain.Result) (uint256.Int, uint8) {
	var first uint256.Int
	var firstKind uint8
	if r.Err != nil || len(w.m.Tracer.Writes()) == 0 {
		// An id a call made is one it stored; a view's words (a role
		// constant's getter) are the code's own, in the dictionary.
		return first, firstKind
	}
	rc := w.env.Recent
	var x uint256.Int
	keep := func(words []byte, layout wordLayout) {
		for j, n := 0, 0; j+32 <= len(words) && n < earlierWords; j, n = j+32, n+1 {
			x.SetBytes32(words[j : j+32])
			// A wide word, whatever its type, as an untyped id, offered
			// to every number (a typed ring too would only halve its
			// picks); a narrower word of known type as one of its kind.
			if rc.Add(calldata.RecentWide, &x) {
				if first.IsZero() {
					first, firstKind = x, uint8(calldata.RecentWide)
				}
				continue
			}
			if n >= len(layout) || layout[n] == noWord {
				continue
			}
			k := calldata.RecentKind(layout[n])
			if !w.news(tx, k, &x) {
				continue
			}
			if rc.Add(k, &x) && first.IsZero() {
				first, firstKind = x, uint8(k)
			}
		}
	}
	var layout wordLayout
	if tx.Raw == nil && tx.Method >= 0 && tx.Method < len(w.c.outs[tx.Contract]) {
		layout = w.c.outs[tx.Contract][tx.Method]
	}
	keep(r.Ret, layout)
	for _, l := range w.m.TxLogs() {
		var ev eventLayout
		if len(l.Topics) > 0 {
			if e, ok := w.c.events[l.Topics[0]]; ok && len(e.topics) == len(l.Topics)-1 {
				ev = e
			}
		}
		for i := 1; i < len(l.Topics); i++ {
			var at wordLayout
			if i-1 < len(ev.topics) {
				at = ev.topics[i-1:]
			}
			keep(l.Topics[i][:], at)
		}
		keep(l.Data, ev.data)
	}
	return first, firstKind
}

// smallWord is the largest number a typed word may be and still not be
// kept: generation draws 0..16 a quarter of the time anyway.
const smallWord = 16

// news reports whether the word x of kind k, which tx returned or
// logged, is one the campaign would not pass back anyway: not a small
// number, not one of tx's own arguments (a tuple's or an array's element
// too) or its value echoed (an Approval's amount), not a constant of the code (in the dictionary), not
// an address of the pool generation draws from (a sender, a target).
func (w *worker) news(tx *txseq.Tx, k calldata.RecentKind, x *uint256.Int) bool {
	switch k {
	case calldata.RecentUint:
		if x.IsUint64() && x.Uint64() <= smallWord {
			return false
		}
	case calldata.RecentInt:
		var neg uint256.Int
		if neg.Neg(x); x.IsUint64() && x.Uint64() <= smallWord || neg.IsUint64() && neg.Uint64() <= smallWord {
			return false
		}
	case calldata.RecentAddress:
		a := common.Address(x.Bytes20())
		for _, p := range w.env.Addresses {
			if p == a {
				return false
			}
		}
		if w.m.Chain.CodeSize(a) == 0 {
			// An account, not a contract a call made: the senders and
			// recipients a transaction names are the fuzzer's own or
			// random, and would only dilute the pool's.
			return false
		}
	}
	if *x == tx.Value || w.env.Dict.Contains(*x) {
		return false
	}
	return !echoes(tx.Args, x)
}

// echoes reports whether x is a word of vals, a tuple's or an array's
// element too: a batch of operations logs back the accounts and tokens
// its elements named (Balancer's InternalBalanceChanged), which are the
// fuzzer's own choices, not values the code made.
func echoes(vals []calldata.Value, x *uint256.Int) bool {
	for i := range vals {
		v := &vals[i]
		if v.Elems != nil {
			if echoes(v.Elems, x) {
				return true
			}
		} else if v.Type != nil && v.Bytes == nil && v.Word == *x {
			return true
		}
	}
	return false
}

// notePrefix keeps again the words the transactions of hist made, which
// ran before the snapshot an execution starts from: the next mutant of
// the same entry, extended, passes its id back.
func (w *worker) notePrefix(hist []oracle.TxInfo) {
	for i := range hist {
		if !hist[i].Made.IsZero() {
			w.env.Recent.Add(calldata.RecentKind(hist[i].MadeKind), &hist[i].Made)
		}
	}
}

// addStrings adds a build's string literals to the campaign's byte
// strings, and each of up to 32 bytes as a left-aligned word too (a
// bytes32 key, a short name compared as bytesN).
func (c *campaign) addStrings(strs [][]byte) {
	for _, b := range strs {
		c.blobs = append(c.blobs, b)
		if len(b) <= 32 {
			var word [32]byte
			copy(word[:], b)
			var v uint256.Int
			v.SetBytes32(word[:])
			c.constants = append(c.constants, v)
		}
	}
}
