package fuzz

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// TestPrivSenders checks who configures: the role holders, which Deploy
// makes senders right before the attackers and the deployer, and the
// deployer; they send one transaction in four to a contract that names
// them, one in deployerRare to any other.
func TestPrivSenders(t *testing.T) {
	r0, r1 := common.HexToAddress("0x4242424242424242424242424242424242424242"), common.HexToAddress("0x5353535353535353535353535353535353535353")
	principals := []common.Address{chain.SenderAddress(0), chain.SenderAddress(1), chain.SenderAddress(2), r0, r1}
	for a := deploy.Attacker(0); a < deploy.NumAttackers; a++ {
		principals = append(principals, deploy.AttackerAddress(a))
	}
	principals = append(principals, chain.Deployer)
	p := privSendersOf(principals, &deploy.Deployment{Roles: []common.Address{r0, r1}, PrivNamed: []bool{false, true}})
	if p.deployer != len(principals)-1 || p.roleLo != 3 || p.roles != 2 || p.count() != 3 {
		t.Fatalf("privileged senders %+v, want roles 3 and 4, the deployer last", p)
	}
	for ct, want := range []int{deployerRare, deployerShare, deployerRare} {
		if got := p.share(ct); got != want {
			t.Errorf("contract %d: one in %d, want one in %d", ct, got, want)
		}
	}
	for k, want := range []int{3, 4, len(principals) - 1} {
		if got := p.at(k); got != want || !p.is(got) {
			t.Errorf("privileged sender %d = %d, want %d", k, got, want)
		}
	}
	for _, s := range []int{0, 2, 5, 7} {
		if p.is(s) {
			t.Errorf("principal %d privileged", s)
		}
	}
	rare := privSendersOf(append(principals[:3:3], principals[5:]...), &deploy.Deployment{})
	if rare.roles != 0 || rare.share(0) != deployerRare || rare.count() != 1 {
		t.Errorf("no role, deployer not named: %+v, want the deployer alone, one in %d", rare, deployerRare)
	}
	named := privSendersOf(principals[:3], &deploy.Deployment{PrivNamed: []bool{true}})
	if named.deployer != -1 || named.count() != 0 {
		t.Errorf("a set-up without the deployer: %+v, want none", named)
	}
}
