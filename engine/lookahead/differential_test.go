package lookahead

import (
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/holiman/uint256"
)

// TestArithmeticMatchesGeth runs every arithmetic and comparison opcode on
// constant operands both abstractly and on go-ethereum's interpreter: the
// constants must agree bit for bit.
func TestArithmeticMatchesGeth(t *testing.T) {
	ch, err := chain.New(chain.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	edge := []uint256.Int{*uint256.NewInt(0), *uint256.NewInt(1), *uint256.NewInt(2), *uint256.NewInt(31), *uint256.NewInt(32), *uint256.NewInt(255), *uint256.NewInt(256), *new(uint256.Int).SetAllOne(), *new(uint256.Int).Lsh(uint256.NewInt(1), 255)}
	pick := func() uint256.Int {
		if r.IntN(2) == 0 {
			return edge[r.IntN(len(edge))]
		}
		return uint256.Int{r.Uint64(), r.Uint64() >> uint(r.IntN(64)), r.Uint64() & uint64(r.IntN(2)-1), r.Uint64() & uint64(r.IntN(2)-1)}
	}
	ops := []vm.OpCode{vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.ADDMOD, vm.MULMOD, vm.EXP, vm.SIGNEXTEND,
		vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.ISZERO, vm.AND, vm.OR, vm.XOR, vm.NOT, vm.BYTE, vm.SHL, vm.SHR, vm.SAR}
	for _, op := range ops {
		for i := 0; i < 40; i++ {
			n := int(stackIn[op])
			args := make([]uint256.Int, n)
			var code []byte
			for j := n - 1; j >= 0; j-- { // push the last argument first
				args[j] = pick()
				b := args[j].Bytes32()
				code = append(code, byte(vm.PUSH32))
				code = append(code, b[:]...)
			}
			code = append(code, byte(op), byte(vm.PUSH1), 0, byte(vm.MSTORE), byte(vm.PUSH1), 32, byte(vm.PUSH1), 0, byte(vm.RETURN))
			// Deploy code that returns the program as runtime code.
			init := append([]byte{byte(vm.PUSH2), byte(len(code) >> 8), byte(len(code)), byte(vm.PUSH1), 14, byte(vm.PUSH1), 0, byte(vm.CODECOPY),
				byte(vm.PUSH2), byte(len(code) >> 8), byte(len(code)), byte(vm.PUSH1), 0, byte(vm.RETURN)}, code...)
			d := ch.Call(chain.Tx{From: chain.Deployer, Input: init})
			if d.Err != nil {
				t.Fatal(d.Err)
			}
			res := ch.Call(chain.Tx{From: ch.Senders()[0], To: d.Created})
			if res.Err != nil {
				t.Fatalf("%s: %v", op, res.Err)
			}
			var want uint256.Int
			want.SetBytes(res.Ret)
			s := newState()
			for pc := uint64(0); pc < uint64(len(code)); pc += uint64(size(code, pc)) {
				step(s, code, pc)
				if vm.OpCode(code[pc]) == op {
					break
				}
			}
			got, ok := s.peek(0).IsConst()
			if !ok || !got.Eq(&want) {
				t.Errorf("%s%v: abstract %v, geth %s", op, args, s.peek(0), want.Hex())
			}
		}
	}
}
