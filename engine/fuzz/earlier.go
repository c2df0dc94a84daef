package fuzz

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/holiman/uint256"
)

// This file is where a campaign's arguments come from besides chance and
// the contracts' code: the words earlier transactions returned or logged
// (calldata.Recent: an id createSubscription returned is the subId every
// later call checks), and the sources' string literals (forge's
// dictionary has them too).

// noteEarlier keeps the wide words the transaction that ran with result r
// returned and logged (indexed topics and data), if it committed and
// wrote storage, for
// later calls' arguments; it returns the first (zero if none), which the
// history keeps (oracle.TxInfo.Made) for notePrefix.
func (w *worker) noteEarlier(r chain.Result) uint256.Int {
	var first uint256.Int
	if r.Err != nil || len(w.m.Tracer.Writes()) == 0 {
		// An id a call made is one it stored; a view's words (a role
		// constant's getter) are the code's own, in the dictionary.
		return first
	}
	rc := w.env.Recent
	keep := func(x *uint256.Int) {
		if rc.Add(x) && first.IsZero() {
			first = *x
		}
	}
	var x uint256.Int
	for j := 0; j+32 <= len(r.Ret) && j < 4*32; j += 32 {
		x.SetBytes32(r.Ret[j : j+32])
		keep(&x)
	}
	for _, l := range w.m.TxLogs() {
		for i := 1; i < len(l.Topics); i++ {
			x.SetBytes32(l.Topics[i][:])
			keep(&x)
		}
		for j := 0; j+32 <= len(l.Data) && j < 4*32; j += 32 {
			x.SetBytes32(l.Data[j : j+32])
			keep(&x)
		}
	}
	return first
}

// notePrefix keeps again the words the transactions of hist made, which
// ran before the snapshot an execution starts from: the next mutant of
// the same entry, extended, passes its id back.
func (w *worker) notePrefix(hist []oracle.TxInfo) {
	for i := range hist {
		if !hist[i].Made.IsZero() {
			w.env.Recent.Add(&hist[i].Made)
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
