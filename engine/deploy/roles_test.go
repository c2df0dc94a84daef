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
// deployer or a role holder (an owner slot, an immutable, a granted
// key), per contract, so that they send often to those alone.
func TestRoles(t *testing.T) {
	curator := common.HexToAddress("0x4242424242424242424242424242424242424242")
	rater := common.HexToAddress("0x5353535353535353535353535353535353535353")
	for _, tt := range []struct {
		path  string
		want  []common.Address
		named []string // the contracts with code meant for them
	}{
		{filepath.Join("..", "testdata", "vulns", "priv_pos_role_market.sol"), []common.Address{curator, rater}, []string{"RoleMarket"}},
		{filepath.Join("..", "testdata", "vulns", "ownerlock_pos_pause.sol"), nil, []string{"PausableBank"}},
		{filepath.Join("..", "testdata", "privileged", "OwnedMarket.sol"), nil, []string{"OwnedMarket"}},
		{filepath.Join("testdata", "roles_unstored.sol"), nil, nil},
		{filepath.Join("testdata", "roles_deployer_key.sol"), nil, []string{"DeployerKey"}},
		{filepath.Join("testdata", "roles_siblings.sol"), []common.Address{curator}, []string{"Curated", "Owned"}},
		{filepath.Join("testdata", "roles_readers.sol"), nil, []string{"Configurator", "Provider"}},
	} {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			prog := compile(t, tt.path)
			ch, d := planAndDeploy(t, prog, 1)
			var named []string
			for i, c := range prog.Contracts {
				if i < len(d.PrivNamed) && d.PrivNamed[i] {
					named = append(named, c.Name)
				}
			}
			if !slices.Equal(named, tt.named) {
				t.Errorf("code meant for the privileged in %v, want %v", named, tt.named)
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
