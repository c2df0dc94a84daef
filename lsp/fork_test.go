package lsp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/protocol"
)

// TestForkOnlyWhenTrusted: a forkUrl (which a workspace's own settings
// file may set) makes no request while the workspace is untrusted; the
// campaign runs without the fork and a warning says why. Once trust is
// granted the server does connect: the check can see requests.
func TestForkOnlyWhenTrusted(t *testing.T) {
	var requests atomic.Int64
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer node.Close()
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1, "forkUrl": node.URL}
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}})
	shown := func(sub string) func() bool {
		return func() bool {
			for _, m := range f.shown {
				if strings.Contains(m.Message, sub) && m.Type == protocol.MessageTypeWarning {
					return true
				}
			}
			return false
		}
	}
	f.open(path)
	f.save(path)
	f.Await("the fork refused with a message", shown("ignoring forkUrl"))
	f.Await("a clean compile", func() bool { ds, ok := f.diags[path]; return ok && len(ds) == 0 })
	if n := requests.Load(); n != 0 {
		t.Fatalf("untrusted workspace: %d request(s) to the fork URL", n)
	}
	f.notify(methodGrantTrust, nil)
	f.save(path)
	f.Await("a request to the fork once trusted", func() bool { return requests.Load() > 0 })
	f.shutdown()
}

// forkHarness is a Foundry set-up that forks by foundry.toml's alias and
// deploys Ok on the fork.
const forkHarness = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Ok} from "../src/Ok.sol";
interface Forks { function createSelectFork(string calldata urlOrAlias) external returns (uint256); }
contract Harness {
    bool public IS_TEST = true;
    Ok public ok;
    function setUp() public {
        Forks(address(uint160(uint256(keccak256("hevm cheat code"))))).createSelectFork("local");
        ok = new Ok();
    }
}
`

// TestForkSetUpOnlyWhenTrusted: a set-up that forks names its URL in the
// workspace's own files (foundry.toml's [rpc_endpoints]), so while the
// workspace is untrusted the fork cheatcode is a setUp() error saying so,
// and no request reaches the URL; once trust is granted it is asked.
func TestForkSetUpOnlyWhenTrusted(t *testing.T) {
	var requests atomic.Int64
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer node.Close()
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n\n[rpc_endpoints]\nlocal = \""+node.URL+"\"\n")
	path := writeFile(t, dir, "src/Ok.sol", okContract)
	writeFile(t, dir, "test/Harness.t.sol", forkHarness)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1}, folders: []string{dir}})
	f.open(path)
	f.save(path)
	f.Await("setUp() refused to fork", func() bool {
		for _, ds := range f.diags {
			for _, d := range ds {
				if strings.Contains(d.Message, "not trusted") {
					return true
				}
			}
		}
		return false
	})
	if n := requests.Load(); n != 0 {
		t.Fatalf("untrusted workspace: %d request(s) to the set-up's fork URL", n)
	}
	f.notify(methodGrantTrust, nil)
	f.save(path)
	f.Await("a request to the set-up's fork once trusted", func() bool { return requests.Load() > 0 })
	f.shutdown()
}
