package trace

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file tells the two uses of block data that decide a payment
// (SWC-116, SWC-120) apart. A clock is compared for order, with offsets
// and divisions: a deadline, a day number; waiting makes such a
// condition hold for good, so it decides when. A coin is the data's low
// digits (x % n, x & mask dropping bits it has), a hash of it, or an
// equality with one exact value: waiting does not make it hold, so it
// decides whether (a lottery on block.timestamp % 15). LabelCoin marks
// the coin; the oracle lets a clock decide when a sender gets its own
// ether back (engine/oracle vulns.go).

// blockLabels are the block values whose deciding a payment is reported
// (SWC-116, SWC-120).
const blockLabels = LabelTimestamp | LabelNumber | LabelRandom

// timeLabels are what a frame remembers of the block data that decided
// its last such branch (frame.timeLabel).
const timeLabels = blockLabels | LabelCoin

// coinLabel is LabelCoin when op uses block data among its operands
// (inherit, the top two: operand) as a coin, else 0.
func coinLabel(op vm.OpCode, s []uint256.Int, inherit Label, operand [2]Label) Label {
	if inherit&blockLabels != 0 && coin(op, s, operand) {
		return LabelCoin
	}
	return 0
}

// hashCoin is LabelCoin when a hash's input holds block data (labels h),
// else 0.
func hashCoin(h Label) Label {
	if h&blockLabels != 0 {
		return LabelCoin
	}
	return 0
}

// coin reports whether op, whose operands (top two: operand) include
// block data, uses it as a coin: a remainder smaller than the value
// (x % n with n <= x), a mask that drops bits the value has (x & 1), a
// mix (XOR) or an equality with a value that is no flag (an exact
// second). A division, an offset, a comparison for order and a mask the
// value fits in (uint40(block.timestamp)) keep it a clock.
func coin(op vm.OpCode, s []uint256.Int, operand [2]Label) bool {
	L := len(s)
	if L < 2 {
		// A unary operation (ISZERO, NOT) may see a stack of one; the
		// operations below have two operands.
		return false
	}
	a, b := &s[L-1], &s[L-2]
	switch op {
	case vm.MOD, vm.SMOD:
		return operand[1]&blockLabels != 0 || !b.IsZero() && !a.Lt(b)
	case vm.AND:
		x, mask := a, b
		if operand[0]&blockLabels == 0 {
			x, mask = b, a
		}
		var r uint256.Int
		return !r.And(x, mask).Eq(x)
	case vm.XOR:
		return true
	case vm.EQ:
		x := a
		if operand[0]&blockLabels == 0 {
			x = b
		}
		return !x.IsUint64() || x.Uint64() > 1
	}
	return false
}
