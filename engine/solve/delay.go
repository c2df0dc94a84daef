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

// setDelay sets the delay m changed in tx to word, which must fit in
// uint64; it reports false if it does not.
func setDelay(tx *txseq.Tx, m txseq.Mutation, word *uint256.Int) bool {
	if !word.IsUint64() {
		return false
	}
	if m.Field == txseq.FieldTime {
		tx.Seconds = word.Uint64()
	} else {
		tx.Blocks = word.Uint64()
	}
	return true
}
