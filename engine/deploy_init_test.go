package engine

import (
	"context"
	"encoding/hex"
	"github.com/foresight-sol/foresight/engine/report"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
)

// TestInitializedInDeployment: a contract whose initializer is guarded
// (OpenZeppelin's initializer modifier) is initialized by the deployer in
// the deployment, as deployment scripts do, so a stranger calling
// initialize first is no SWC-112 or SWC-105 finding (initializer.sol,
// proxy.sol); one whose initializer nothing guards still is
// (initializer_open.sol). The proxy is deployed pointing at the
// implementation with initialize's calldata, as a deployment script does.
func TestInitializedInDeployment(t *testing.T) {
	for _, file := range []string{"initializer.sol", "initializer_open.sol", "proxy.sol"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", "deploy", file)
			bs := compile(t, path)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 20_000}})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := found(rep), expected(t, path); !reflect.DeepEqual(got, want) {
				t.Errorf("findings %v, want %v", got, want)
				for _, f := range rep.Findings {
					t.Logf("%s@%d: %s", f.Kind, f.Line, f.Message)
				}
			}
			switch file {
			case "proxy.sol":
				checkProxy(t, rep)
			case "initializer.sol":
				checkInitialized(t, rep)
			}
			for _, f := range rep.Findings {
				tr, err := Replay(bs, rep.Setup, f)
				if err != nil {
					t.Fatal(err)
				}
				if !tr.Reproduced {
					t.Errorf("%s@%d did not reproduce", f.Kind, f.Line)
				}
			}
		})
	}
}

// checkProxy checks proxy.sol's deployment: VaultV1 initialized by the
// deployer, the proxy's constructor given VaultV1's address and
// initialize's calldata.
func checkProxy(t *testing.T, rep *Report) {
	t.Helper()
	deployed := map[string]report.Deployed{}
	for _, d := range rep.Setup.Contracts {
		deployed[d.Name] = d
	}
	impl, proxy := deployed["VaultV1"], deployed["ERC1967Proxy"]
	sel := hex.EncodeToString(crypto.Keccak256([]byte("initialize(address)"))[:4])
	if len(impl.Grants) != 1 || !strings.HasPrefix(strings.TrimPrefix(impl.Grants[0].Input, "0x"), sel) {
		t.Errorf("VaultV1 not initialized in the deployment: %+v", impl.Grants)
	}
	addr := strings.ToLower(strings.TrimPrefix(impl.Address, "0x"))
	if impl.Address == "" || !strings.Contains(proxy.CtorArgs, addr) || !strings.Contains(proxy.CtorArgs, sel) {
		t.Errorf("proxy constructor args %s, want VaultV1 (%s) and initialize's calldata (%s)", proxy.CtorArgs, impl.Address, sel)
	}
}

// checkInitialized checks initializer.sol's deployment: one call of
// initialize, from the deployer, naming the deployer as initialOwner.
func checkInitialized(t *testing.T, rep *Report) {
	t.Helper()
	sel := hex.EncodeToString(crypto.Keccak256([]byte("initialize(address,address,bytes)"))[:4])
	owner := strings.ToLower(strings.TrimPrefix(chain.Deployer.Hex(), "0x"))
	for _, d := range rep.Setup.Contracts {
		if d.Name != "UpgradeableWallet" {
			continue
		}
		if len(d.Grants) != 1 || !strings.EqualFold(d.Grants[0].From, chain.Deployer.Hex()) ||
			!strings.HasPrefix(strings.TrimPrefix(d.Grants[0].Input, "0x"), sel+"000000000000000000000000"+owner) {
			t.Errorf("UpgradeableWallet's calls after deployment %+v, want initialize(deployer, ...) from the deployer", d.Grants)
		}
		return
	}
	t.Errorf("UpgradeableWallet not deployed: %+v", rep.Setup)
}
