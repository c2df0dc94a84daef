package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// TestCoin checks which uses of block data make it a coin (LabelCoin)
// rather than a clock: a lottery's remainder or parity is, a deadline's
// comparison and a timestamp cast to uint40 are not.
func TestCoin(t *testing.T) {
	now := *uint256.NewInt(1_700_000_000)
	u := func(v uint64) uint256.Int { return *uint256.NewInt(v) }
	ts := [2]Label{LabelTimestamp, 0}    // block.timestamp on top
	under := [2]Label{0, LabelTimestamp} // the other operand on top
	tests := []struct {
		name    string
		op      vm.OpCode
		x, y    uint256.Int // x is the top of the stack
		operand [2]Label
		want    bool
	}{
		{"now % 15", vm.MOD, now, u(15), ts, true},
		{"now % 2^64", vm.MOD, now, u(1 << 40), ts, false},
		{"now % 0", vm.MOD, now, u(0), ts, false},
		{"x % now", vm.MOD, u(7), now, under, true},
		{"now & 1", vm.AND, now, u(1), ts, true},
		{"uint40(now)", vm.AND, u(1<<40 - 1), now, under, false},
		{"now ^ x", vm.XOR, now, u(3), ts, true},
		{"now == deadline", vm.EQ, now, u(1_700_000_000), ts, true},
		{"(now >= t) == false", vm.EQ, u(0), u(1), under, false},
		{"now < deadline", vm.LT, now, u(1_700_000_001), ts, false},
		{"now / 1 days", vm.DIV, now, u(86400), ts, false},
		{"now + 7 days", vm.ADD, now, u(7 * 86400), ts, false},
	}
	for _, tt := range tests {
		s := []uint256.Int{tt.y, tt.x}
		if got := coin(tt.op, s, tt.operand); got != tt.want {
			t.Errorf("%s: coin = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestCoinShortStack: a unary operation on block data with nothing
// under it on the stack (ISZERO of the only word) is no coin, and reading
// it does not go below the stack (TestCoverageLCOVConstructor panicked).
func TestCoinShortStack(t *testing.T) {
	one := []uint256.Int{*uint256.NewInt(1700000000)}
	for _, op := range []vm.OpCode{vm.ISZERO, vm.NOT, vm.EQ, vm.MOD} {
		if coin(op, one, [2]Label{LabelTimestamp}) {
			t.Errorf("%v on a one-word stack is a coin", op)
		}
	}
}
