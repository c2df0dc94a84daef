package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/holiman/uint256"
)

func word(v int64) uint256.Int {
	var w uint256.Int
	if v < 0 {
		w.Neg(uint256.NewInt(uint64(-v)))
	} else {
		w.SetUint64(uint64(v))
	}
	return w
}

// deployRuntime deploys runtime under tr's hooks through a minimal
// constructor that copies it out, and binds it to tr's code 0.
func deployRuntime(t *testing.T, tr *Tracer, runtime []byte) (*chain.Chain, common.Address) {
	t.Helper()
	init := append([]byte{byte(vm.PUSH1), byte(len(runtime)), byte(vm.PUSH1), 12, byte(vm.PUSH1), 0, byte(vm.CODECOPY), byte(vm.PUSH1), byte(len(runtime)), byte(vm.PUSH1), 0, byte(vm.RETURN)}, runtime...)
	ch, err := chain.New(chain.Config{}, tr.Hooks())
	if err != nil {
		t.Fatal(err)
	}
	ch.SetOpHook(tr.Step)
	r := ch.Call(chain.Tx{From: chain.Deployer, Input: init})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	tr.Bind(r.Created, 0)
	return ch, r.Created
}

func TestFlipCost(t *testing.T) {
	tests := []struct {
		op   vm.OpCode
		a, b int64
		want int64
	}{
		{vm.EQ, 40, 42, 2},  // make it equal
		{vm.EQ, 42, 42, 1},  // make it unequal
		{vm.SUB, 50, 42, 8}, // != as SUB: make it equal
		{vm.SUB, 7, 7, 1},
		{vm.LT, 3, 10, 7},  // a < b holds: r - l
		{vm.LT, 10, 3, 8},  // a >= b: l - r + 1
		{vm.GT, 10, 3, 7},  // a > b holds
		{vm.GT, 3, 10, 8},  // a <= b: r - l + 1
		{vm.SLT, -5, 3, 8}, // signed: -5 < 3 holds: 3 - (-5)
		{vm.SLT, 3, -5, 9}, // 3 >= -5: 3 - (-5) + 1
		{vm.SGT, -1, -10, 9},
		{vm.SGT, -10, -1, 10},
	}
	for _, tt := range tests {
		c := cmpState{op: tt.op, a: word(tt.a), b: word(tt.b), valid: true}
		var got uint256.Int
		c.flipCost(&got)
		if want := word(tt.want); !got.Eq(&want) {
			t.Errorf("%s(%d, %d) flip cost = %s, want %d", tt.op, tt.a, tt.b, got.Dec(), tt.want)
		}
	}
}

// TestBranchCostsFromExecution runs `if (calldataload(0) == 42)` and reads
// the cost of the edge not taken.
func TestBranchCostsFromExecution(t *testing.T) {
	// 0: PUSH1 0 CALLDATALOAD PUSH1 42 EQ PUSH1 11 JUMPI STOP(10) JUMPDEST(11) STOP
	runtime := []byte{byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), byte(vm.PUSH1), 42, byte(vm.EQ), byte(vm.PUSH1), 11, byte(vm.JUMPI), byte(vm.STOP), byte(vm.STOP), byte(vm.JUMPDEST), byte(vm.STOP)}
	runtime[9] = byte(vm.STOP)
	tr := New([]*Code{NewCode(runtime, nil)})
	ch, addr := deployRuntime(t, tr, runtime)
	for _, tt := range []struct {
		x        int64
		edge     int32 // the edge not taken: 0 = fall through, 1 = jump
		wantCost int64
	}{
		{40, 1, 2},
		{50, 1, 8},
		{42, 0, 1},
	} {
		tr.BeginTx()
		w := word(tt.x)
		b := w.Bytes32()
		if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: addr, Input: b[:]}); r.Err != nil {
			t.Fatal(r.Err)
		}
		if len(tr.Costed()) != 1 || tr.Costed()[0] != tt.edge {
			t.Fatalf("x=%d: costed %v, want edge %d", tt.x, tr.Costed(), tt.edge)
		}
		if got, want := tr.Cost(tt.edge), word(tt.wantCost); !got.Eq(&want) {
			t.Errorf("x=%d: cost %s, want %d", tt.x, got.Dec(), tt.wantCost)
		}
		if tr.Reached(tt.edge) || !tr.Reached(1-tt.edge) {
			t.Errorf("x=%d: reached flags wrong", tt.x)
		}
	}
}

// TestStorageWriteCost writes slot calldataload(0) with a probe set.
func TestStorageWriteCost(t *testing.T) {
	// PUSH1 1 PUSH1 0 CALLDATALOAD SSTORE STOP
	runtime := []byte{byte(vm.PUSH1), 1, byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), byte(vm.SSTORE), byte(vm.STOP)}
	user := make([]bool, len(runtime))
	user[5] = true
	tr := New([]*Code{NewCode(runtime, user)})
	tr.SetProbe(word(1000))
	ch, addr := deployRuntime(t, tr, runtime)
	site := int32(tr.Edges()) // the first storage-write site
	for _, tt := range []struct {
		slot, cost int64
		hit        bool
	}{{990, 10, false}, {1500, 500, false}, {1000, 0, true}} {
		tr.BeginTx()
		w := word(tt.slot)
		b := w.Bytes32()
		ch.Call(chain.Tx{From: ch.Senders()[0], To: addr, Input: b[:]})
		if got, want := tr.Cost(site), word(tt.cost); !got.Eq(&want) {
			t.Errorf("slot %d: cost %s, want %d", tt.slot, got.Dec(), tt.cost)
		}
		origin, hit := tr.ProbeHit()
		if hit != tt.hit || (hit && (origin.PC != 5 || origin.Contract != 0)) {
			t.Errorf("slot %d: probe hit %v at %+v", tt.slot, hit, origin)
		}
	}
}

// TestHashedComparison marks the cost of a comparison of a few bits of a
// keccak256 output (uint8(uint256(keccak256(x))) == 27 and its uint16
// form) as hashed, and neither a full hash compared with a constant nor
// a few bits of the input itself.
func TestHashedComparison(t *testing.T) {
	hash := []byte{byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), byte(vm.PUSH1), 0, byte(vm.MSTORE),
		byte(vm.PUSH1), 0x20, byte(vm.PUSH1), 0, byte(vm.KECCAK256)}
	input := []byte{byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD)}
	byteMask := []byte{byte(vm.PUSH1), 0xff, byte(vm.AND)}
	wordMask := []byte{byte(vm.PUSH2), 0xff, 0xff, byte(vm.AND)}
	full := append([]byte{byte(vm.PUSH32)}, make([]byte, 32)...)
	full[1] = 0x62
	for _, tt := range []struct {
		name       string
		value, cmp []byte
		want       bool
	}{
		{"hash byte", append(append([]byte{}, hash...), byteMask...), []byte{byte(vm.PUSH1), 27}, true},
		{"hash uint16", append(append([]byte{}, hash...), wordMask...), []byte{byte(vm.PUSH2), 0x12, 0x34}, true},
		{"full hash", hash, full, false},
		{"input byte", append(append([]byte{}, input...), byteMask...), []byte{byte(vm.PUSH1), 27}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			runtime := append(append(append([]byte{}, tt.value...), tt.cmp...), byte(vm.EQ), byte(vm.PUSH1), 0, byte(vm.JUMPI), byte(vm.STOP), byte(vm.JUMPDEST), byte(vm.STOP))
			runtime[len(runtime)-5] = byte(len(runtime) - 2) // the JUMPDEST
			tr := New([]*Code{NewCode(runtime, nil)})
			ch, addr := deployRuntime(t, tr, runtime)
			for x := int64(1); x <= 3; x++ {
				tr.BeginTx()
				w := word(x)
				b := w.Bytes32()
				if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: addr, Input: b[:]}); r.Err != nil {
					t.Fatal(r.Err)
				}
				if len(tr.Costed()) != 1 {
					t.Fatalf("x=%d: costed %v, want one edge", x, tr.Costed())
				}
				if got := tr.Hashed(tr.Costed()[0]); got != tt.want {
					t.Errorf("x=%d: hashed %v, want %v", x, got, tt.want)
				}
			}
		})
	}
}
