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
	bin := os.Getenv("FORESIGHT_ANVIL")
	if bin == "" {
		t.Skip("FORESIGHT_ANVIL is not set: scripts/check-fork installs anvil from npm and runs this test")
	}
	id := uint64(40000 + (os.Getpid()+13)%20000)
	url := startEditorAnvil(t, bin, id)
	t.Cleanup(func() { os.RemoveAll(filepath.Join(solc.DefaultCacheDir(), "fork", fmt.Sprint(id))) })
	rpc(t, url, "anvil_setCode", "0x000000000000000000000000000000000000b001", "0x60005460005260206000f3") // returns slot 0
	rpc(t, url, "anvil_setStorageAt", "0x000000000000000000000000000000000000b001", "0x0", fmt.Sprintf("0x%064x", uint64(4e18)))
	rpc(t, url, "evm_mine")
	var head string
	json.Unmarshal(rpc(t, url, "eth_blockNumber"), &head)
	var block uint64
	fmt.Sscanf(head, "0x%x", &block)

	dir := t.TempDir()
	t.Setenv("FORESIGHT_TEST_RPC", url)
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n\n[rpc_endpoints]\nlocal = \"${FORESIGHT_TEST_RPC}\"\n")
	path := writeFile(t, dir, "src/Vault.sol", anvilVault)
	writeFile(t, dir, "test/Harness.t.sol", fmt.Sprintf(anvilHarness, block))
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

func startEditorAnvil(t *testing.T, bin string, id uint64) string {
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

func rpc(t *testing.T, url, method string, params ...any) json.RawMessage {
	t.Helper()
	r, err := tryRPC(url, method, params...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
