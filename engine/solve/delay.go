package solve

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Delay prediction. Class: a time guard, a branch that compares
// block.timestamp (or block.number) with a value read from storage or
// computed from an input: a cliff, a start or end time, an unlock time,
// a deadline (block.timestamp >= cliff[msg.sender], a claim window
// cliff <= block.timestamp < cliff + 1 hours). The delay before a
// transaction (txseq.Tx's Seconds and Blocks, the gap since the one
// before) is one more numeric input of it, and the guard's residual is
// linear in it: every second of delay moves TIMESTAMP by one. So a
// mutation that changed a delay is predicted from as an argument is
// (HARVEY's input prediction, §4.2: the secant through the parent's and
// the mutant's (delay, residual) points): the delay that flips the
// comparison is computed, where drawn delays (a block, up to 30 days, a
// dictionary span) land inside a window or past a far cliff by chance
// only. Input-to-state and the in-range values apply too, since the
// timestamp moved exactly as the delay did.

// delayType is a delay's type: Tx.Seconds and Tx.Blocks are uint64.
var delayType = &abi.Type{T: abi.UintTy, Size: 64}

// isDelay reports whether m changed a transaction's delay.
func isDelay(m txseq.Mutation) bool {
	return m.Field == txseq.FieldTime || m.Field == txseq.FieldBlock
}

// maxDelay bounds a predicted delay: 2^40 seconds (35,000 years, the
// range of Solidity's uint40 timestamps) or blocks. The clock is a
// uint64 the chain adds delays to, so a delay near 2^64 (aimed at a
// type's bound, not at a time) would wrap it back before the deployment.
const maxDelay = 1 << 40

// setDelay sets the delay m changed in tx to word, which must be at most
// maxDelay; it reports false if it is not.
func setDelay(tx *txseq.Tx, m txseq.Mutation, word *uint256.Int) bool {
	if !word.IsUint64() || word.Uint64() > maxDelay {
		return false
	}
	if m.Field == txseq.FieldTime {
		tx.Seconds = word.Uint64()
	} else {
		tx.Blocks = word.Uint64()
	}
	return true
}

// A delay mutation is one of twenty, spread over every transaction of
// every entry: at a budget of 20,000 a call behind a time guard may see
// none. So the guard's own operands propose the delay as well, as
// input-to-state does for an argument: a comparison of the last
// transaction one of whose words is that transaction's block.timestamp,
// computed from the base time and the sequence's delays, while the other
// is not (a stored cliff, a deadline), gets the last delay that puts
// block.timestamp on the other word and one past it, each (edge, word)
// once and at most maxDelayGuesses words per edge. Not block.number:
// the chain starts at block 1, so its number equals loop counters and
// array bounds as often as a stored block; a block guard is left to the
// prediction from a mutated delay.

// maxDelayGuesses bounds the words whose delay is guessed per edge: one
// per stream, lock or deposit compared there.
const maxDelayGuesses = 16

// DelayGuess returns the first run of the delays that bring the last
// transaction of mut onto the other side of a time guard it evaluated
// (costs, its cost vector), or nil. BaseTime is the deployed state's.
// lastOnly is the LastOnly of the mutation that made mut: the guess may
// reuse the parent's state before the last transaction only if mut
// changed nothing before it (a stake of 10 ETH in the parent's prefix
// paid out after a mutant's stake of 2 ETH).
func (pr *Predictor) DelayGuess(costs []txseq.CostEntry, mut txseq.Sequence, lastOnly bool) *Prediction {
	now := pr.BaseTime
	for i := range mut {
		now += mut[i].Seconds
	}
	last := len(mut) - 1
	for k := range costs {
		me := &costs[k]
		if me.Idx >= pr.Edges || me.Cost.IsZero() {
			continue
		}
		for s := range 2 {
			clock, other := &me.Opnd[s], &me.Opnd[1-s]
			m := txseq.Mutation{Tx: last, Field: txseq.FieldTime, LastOnly: lastOnly}
			switch {
			case clock.IsUint64() && clock.Uint64() == now && now != 0:
				m.Arg.Old.SetUint64(mut[last].Seconds)
			default:
				continue
			}
			if other.Eq(clock) || !pr.delayFirst(me.Idx, other) {
				continue
			}
			m.Arg.Scalar, m.Arg.New = true, m.Arg.Old
			// The delay d + (other - clock), and one past it for a
			// strict comparison, in 2^256 arithmetic: a word below the
			// clock shortens the delay, if it can.
			var v uint256.Int
			v.Sub(other, clock).Add(&v, &m.Arg.Old)
			cands := make([]uint256.Int, 0, 2)
			for range 2 {
				if v.IsUint64() && v.Uint64() <= maxDelay && (!other.Lt(clock) || v.Lt(&m.Arg.Old)) {
					cands = append(cands, v)
				}
				v.AddUint64(&v, 1)
			}
			if len(cands) > 0 {
				return i2sNext(&i2sQueue{mut: mut, m: m, t: delayType, cands: cands, plain: true}, me.Idx)
			}
		}
	}
	return nil
}

// delayFirst reports whether word is new at edge idx and the edge has
// guesses left, and counts the guess.
func (pr *Predictor) delayFirst(idx int32, word *uint256.Int) bool {
	if pr.delaySeen == nil {
		pr.delaySeen, pr.delayTries = map[inRangeKey]struct{}{}, map[int32]uint8{}
	}
	if pr.delayTries[idx] >= maxDelayGuesses {
		return false
	}
	key := inRangeKey{idx, *word}
	if _, ok := pr.delaySeen[key]; ok {
		return false
	}
	pr.delaySeen[key] = struct{}{}
	pr.delayTries[idx]++
	return true
}
