package deploy

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestDeployerPrincipal checks the principal numbering with and without
// the deployer among the senders: ordinary senders, attackers, then the
// deployer, the same on the chain and in the static mapping replays use.
func TestDeployerPrincipal(t *testing.T) {
	ch, err := chain.New(chain.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := Principals(ch); n != chain.DefaultSenders+int(NumAttackers) {
		t.Fatalf("principals = %d before the deployer joins", n)
	}
	ch.AddSender(chain.Deployer)
	ch.AddSender(chain.Deployer)
	last := chain.DefaultSenders + int(NumAttackers)
	if n := Principals(ch); n != last+1 {
		t.Fatalf("principals = %d with the deployer, want %d", n, last+1)
	}
	for i := 0; i <= last; i++ {
		a, att, isAtt := SenderOf(ch, i)
		b, batt, bisAtt := PrincipalAddress(i)
		if a != b || att != batt || isAtt != bisAtt {
			t.Errorf("principal %d: chain %s, static %s", i, a.Hex(), b.Hex())
		}
		if PrincipalIndex(a) != i {
			t.Errorf("PrincipalIndex(%s) = %d, want %d", a.Hex(), PrincipalIndex(a), i)
		}
	}
	if a, _, isAtt := SenderOf(ch, last); a != chain.Deployer || isAtt {
		t.Errorf("last principal = %s, want the deployer", a.Hex())
	}
	if a, att, isAtt := SenderOf(ch, chain.DefaultSenders); !isAtt || att != Reentrant || a != AttackerAddress(Reentrant) {
		t.Errorf("first attacker = %s", a.Hex())
	}
	priv, _ := PrivilegedOf(PrincipalAddrs(ch), &Deployment{}, nil)
	for i, p := range priv {
		if p != (i == last) {
			t.Errorf("principal %d privileged = %v", i, p)
		}
	}
}

// counterTarget counts its calls in slot 0, then calls its caller back
// with all its gas and ignores the result. Its code uses no instruction
// newer than homestead.
var counterTarget = []byte{
	byte(vm.PUSH1), 0, byte(vm.SLOAD), byte(vm.PUSH1), 1, byte(vm.ADD), byte(vm.PUSH1), 0, byte(vm.SSTORE),
	byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.PUSH1), 0,
	byte(vm.CALLER), byte(vm.PUSH2), 0x9c, 0x40, byte(vm.GAS), byte(vm.SUB), byte(vm.CALL), byte(vm.POP), byte(vm.STOP),
}

// TestAttackersEveryEVMVersion runs the attackers on chains of every EVM
// version solc names (no PUSH0 before shanghai, no transient storage before
// cancun, no REVERT before byzantium): a transaction through each one
// reaches the target, and the reentrant attacker calls back with the
// current calldata and, from its second transaction on, the previous one.
func TestAttackersEveryEVMVersion(t *testing.T) {
	target := common.HexToAddress("0x7a7a")
	for _, v := range []string{"homestead", "tangerineWhistle", "byzantium", "istanbul", "paris", "shanghai", "cancun", "prague", "osaka"} {
		ch, err := chain.New(chain.Config{EVMVersion: v}, nil)
		if err != nil {
			t.Fatal(err)
		}
		InstallAttackers(ch)
		ch.Install(target, counterTarget, nil)
		snap := ch.Snapshot()
		for a := Attacker(0); a < NumAttackers; a++ {
			ch.Reset(snap)
			var buf []byte
			var counts []uint64
			for _, sel := range [][]byte{{1, 2, 3, 4}, {5, 6, 7, 8}} {
				r := ch.Call(TxOf(ch, chain.DefaultSenders+int(a), target, sel, nil, &buf))
				if r.Err != nil {
					t.Fatalf("%s, %s attacker: %v", v, a, r.Err)
				}
				counts = append(counts, ch.State().GetState(target, common.Hash{}).Big().Uint64())
			}
			want := []uint64{1, 2}
			if a == Reentrant {
				want = []uint64{2, 5} // outer + current; then outer + previous + current
			}
			if counts[0] != want[0] || counts[1] != want[1] {
				t.Errorf("%s, %s attacker: calls to the target %v, want %v", v, a, counts, want)
			}
		}
	}
}
