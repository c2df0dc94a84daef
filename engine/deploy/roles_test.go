package deploy

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestRoles checks that accounts a constructor granted a role, as a
// mapping key (curators[x] = true) or in a role mapping (_roles[r][x]),
// become privileged senders right before the deployer, and that an
// address the code only compares with, an amount in a slot and the
// deployer itself are no role holders; and which deployments name the
// deployer (an owner slot, an immutable), so that it sends often.
func TestRoles(t *testing.T) {
	curator := common.HexToAddress("0x4242424242424242424242424242424242424242")
	rater := common.HexToAddress("0x5353535353535353535353535353535353535353")
	for _, tt := range []struct {
		path  string
		want  []common.Address
		named bool
	}{
		{filepath.Join("..", "testdata", "vulns", "priv_pos_role_market.sol"), []common.Address{curator, rater}, false},
		{filepath.Join("..", "testdata", "vulns", "ownerlock_pos_pause.sol"), nil, true},
		{filepath.Join("..", "testdata", "privileged", "OwnedMarket.sol"), nil, true},
		{filepath.Join("testdata", "roles_unstored.sol"), nil, false},
		{filepath.Join("testdata", "roles_deployer_key.sol"), nil, true},
	} {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			prog := compile(t, tt.path)
			ch, d := planAndDeploy(t, prog, 1)
			if d.DeployerNamed != tt.named {
				t.Errorf("deployer named %v, want %v", d.DeployerNamed, tt.named)
			}
			if !slices.Equal(d.Roles, tt.want) {
				t.Fatalf("roles %v, want %v", d.Roles, tt.want)
			}
			senders := ch.Senders()
			wantSenders := append(append(defaultSenders[:chain.DefaultSenders:chain.DefaultSenders], tt.want...), chain.Deployer)
			if !slices.Equal(senders, wantSenders) {
				t.Fatalf("senders %v, want %v", senders, wantSenders)
			}
			addrs := PrincipalAddrs(ch)
			priv, _ := PrivilegedOf(addrs, d, prog)
			for i, a := range addrs {
				if want := a == chain.Deployer || slices.Contains(tt.want, a); priv[i] != want {
					t.Errorf("principal %d (%s) privileged %v, want %v", i, a.Hex(), priv[i], want)
				}
			}
			for _, a := range tt.want {
				if b := ch.State().GetBalance(a); !b.Eq(chain.InitialBalance) {
					t.Errorf("role holder %s holds %s wei, want a sender's balance", a.Hex(), b)
				}
			}
		})
	}
}
