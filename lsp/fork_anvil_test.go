package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/solc"
)

// The editor's save-to-finding time on a project whose set-up forks a real
// anvil (scripts/check-fork names anvil): the pool is already on the
// chain (its code and price slot installed with anvil's own methods), and
// the vault's bug needs its price.
const (
	anvilVault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
interface IPool { function price() external view returns (uint256); }
contract Vault {
    IPool constant POOL = IPool(0x000000000000000000000000000000000000B001);
    mapping(address => uint256) public owed;
    function deposit(uint256 amount) external returns (uint256 out) {
        require(amount <= 1e30, "too much");
        out = amount * POOL.price() / 1e18;
        assert(out <= amount); // wrong once the pool prices a share above one
        owed[msg.sender] += out;
    }
}
`
	anvilHarness = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Vault} from "../src/Vault.sol";
interface Forks { function createSelectFork(string calldata urlOrAlias, uint256 blockNumber) external returns (uint256); }
contract Harness {
    bool public IS_TEST = true;
    Vault public vault;
    function setUp() public {
        Forks(address(uint160(uint256(keccak256("hevm cheat code"))))).createSelectFork("local", %d);
        vault = new Vault();
    }
}
`
)

// TestForkSetUpEditorAnvil times save -> the finding's diagnostic, with
// the fork read from the node (first save) and from the disk cache
// (second). The times are logged, never asserted.
func TestForkSetUpEditorAnvil(t *testing.T) {
	url, block := poolAnvil(t)
	dir := t.TempDir()
	path, _ := anvilSetUpProject(t, dir, url, block)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 3000, "fuzzBudgetSeconds": 0, "seed": 1}, folders: []string{dir}})
	f.notify(methodGrantTrust, nil)
	f.open(path)
	// A run is over when its progress ends with a count of findings; the
	// diagnostic must be there then.
	withFindings := func() int {
		n := 0
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok && strings.Contains(msg, "1 finding") {
				n++
			}
		}
		return n
	}
	for i, run := range []string{"from the node", "from the disk cache"} {
		start := time.Now()
		f.save(path)
		f.Await("the vault's finding", func() bool { return withFindings() > i && len(f.findingsLocked(path)) > 0 })
		t.Logf("save to finding, fork read %s: %v", run, time.Since(start).Round(time.Millisecond))
	}
	f.shutdown()
}

// anvilSetUpProject writes under root a Foundry project whose set-up
// forks the anvil at url, at block, by foundry.toml's alias "local" (its
// URL read from FORESIGHT_TEST_RPC, which it sets), and returns the
// vault's and the harness's paths.
func anvilSetUpProject(tb testing.TB, root, url string, block uint64) (string, string) {
	tb.Helper()
	tb.Setenv("FORESIGHT_TEST_RPC", url)
	writeFile(tb, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n\n[rpc_endpoints]\nlocal = \"${FORESIGHT_TEST_RPC}\"\n")
	return writeFile(tb, root, "src/Vault.sol", anvilVault), writeFile(tb, root, "test/Harness.t.sol", fmt.Sprintf(anvilHarness, block))
}

// anvilChains counts the anvils a test process started: each has its own
// chain id, so that its fork cache (keyed by chain id and block) is never
// another's, here or in a concurrent process.
var anvilChains atomic.Uint64

// poolAnvil starts an anvil (FORESIGHT_ANVIL; the test is skipped without
// it) with the pool of anvilVault at its fixed address pricing a share at
// four, and returns its URL and the block the pool is there at. The fork
// cache of its chain is deleted when the test ends.
func poolAnvil(tb testing.TB) (string, uint64) {
	tb.Helper()
	bin := os.Getenv("FORESIGHT_ANVIL")
	if bin == "" {
		tb.Skip("FORESIGHT_ANVIL is not set: scripts/check-fork installs anvil from npm and runs this test")
	}
	id := 40000 + (uint64(os.Getpid())+13+anvilChains.Add(1)-1)%20000
	url := startEditorAnvil(tb, bin, id)
	tb.Cleanup(func() { os.RemoveAll(filepath.Join(solc.DefaultCacheDir(), "fork", fmt.Sprint(id))) })
	rpc(tb, url, "anvil_setCode", "0x000000000000000000000000000000000000b001", "0x60005460005260206000f3") // returns slot 0
	rpc(tb, url, "anvil_setStorageAt", "0x000000000000000000000000000000000000b001", "0x0", fmt.Sprintf("0x%064x", uint64(4e18)))
	rpc(tb, url, "evm_mine")
	var head string
	json.Unmarshal(rpc(tb, url, "eth_blockNumber"), &head)
	var block uint64
	fmt.Sscanf(head, "0x%x", &block)
	return url, block
}

func startEditorAnvil(t testing.TB, bin string, id uint64) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "--port", fmt.Sprint(port), "--chain-id", fmt.Sprint(id), "--silent")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait() })
	url := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(10 * time.Second); ; {
		if _, err := tryRPC(url, "eth_chainId"); err == nil {
			return url
		}
		if time.Now().After(deadline) {
			t.Fatalf("anvil did not answer on %s", url)
		}
		time.Sleep(100 * time.Millisecond) // waiting for a process to listen, not a measurement
	}
}

func tryRPC(url, method string, params ...any) (json.RawMessage, error) {
	if params == nil {
		params = []any{}
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var r struct {
		Result json.RawMessage
		Error  *struct{ Message string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, err
	}
	if r.Error != nil {
		return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
	}
	return r.Result, nil
}

func rpc(t testing.TB, url, method string, params ...any) json.RawMessage {
	t.Helper()
	r, err := tryRPC(url, method, params...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
