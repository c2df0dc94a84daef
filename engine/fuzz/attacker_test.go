package fuzz

import (
	"testing"

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
	if n := Principals(ch); n != chain.DefaultSenders+int(numAttackers) {
		t.Fatalf("principals = %d before the deployer joins", n)
	}
	ch.AddSender(chain.Deployer)
	ch.AddSender(chain.Deployer)
	last := chain.DefaultSenders + int(numAttackers)
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
	priv := privilegedOf(principalAddrs(ch), &Deployment{})
	for i, p := range priv {
		if p != (i == last) {
			t.Errorf("principal %d privileged = %v", i, p)
		}
	}
}
