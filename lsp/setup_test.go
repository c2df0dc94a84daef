package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// setUpVault is a vault whose compound() only a holder of shares reaches;
// only the Foundry test's setUp() gives anyone tokens to deposit.
const setUpVault = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Token {
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    constructor(address owner_) {
        owner = owner_;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "token: not owner");
        balanceOf[to] += amount;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(allowance[from][msg.sender] >= amount && balanceOf[from] >= amount, "token: funds");
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}

contract Vault {
    Token public immutable token;
    uint256 public totalShares;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public bonus;

    constructor(Token token_) {
        token = token_;
    }

    function deposit(uint256 amount) external {
        require(token.transferFrom(msg.sender, address(this), amount), "vault: transfer");
        shares[msg.sender] += amount;
        totalShares += amount;
    }

    function compound(uint256 rounds) external {
        require(shares[msg.sender] > 0, "vault: no shares");
        uint256 gained = (shares[msg.sender] * (rounds % 1000)) / 100;
        bonus[msg.sender] += gained;
    }
}
`

const setUpTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";
import {Token, Vault} from "../src/Vault.sol";

contract Handler is Test {
    Vault public vault;
    address public actor;

    constructor(Vault vault_, address actor_) {
        vault = vault_;
        actor = actor_;
    }

    function compound(uint256 rounds) external {
        vm.prank(actor);
        vault.compound(rounds);
    }
}

contract VaultInvariantTest is Test {
    Token public token;
    Vault public vault;

    function setUp() public {
        address alice = makeAddr("alice");
        token = new Token(address(this));
        vault = new Vault(token);
        token.mint(alice, 1000e18);
        vm.startPrank(alice);
        token.approve(address(vault), 400e18);
        vault.deposit(400e18);
        vm.stopPrank();
        targetContract(address(new Handler(vault, alice)));
    }

    function invariant_sharesBacked() public view returns (bool) {
        return token.balanceOf(address(vault)) >= vault.totalShares();
    }
}
`

// TestFoundrySetUpCampaign opens a Foundry project whose test contract's
// setUp() funds an actor and targets a handler; an edit plants a bug in a
// vault function only that actor reaches, and the finding appears on the
// edited line, reached through the handler.
func TestFoundrySetUpCampaign(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\n")
	writeFile(t, root, "remappings.txt", "forge-std/=lib/forge-std/src/\n")
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		data, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, root, "lib/forge-std/src/"+name, string(data))
	}
	vault := writeFile(t, root, "src/Vault.sol", setUpVault)
	test := writeFile(t, root, "test/VaultInvariant.t.sol", setUpTest)

	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 3_000), folders: []string{root}})
	f.open(test)
	f.open(vault)
	f.awaitFuzzedEnd("a campaign from the set-up")
	f.awaitFindingLines(vault)

	planted := "assert(gained <= totalShares);"
	old, edited := "        bonus[msg.sender] += gained;", "        "+planted+"\n        bonus[msg.sender] += gained;"
	f.replace(vault, old, edited)
	f.save(vault)
	var line uint32
	for i, l := range strings.Split(strings.Replace(setUpVault, old, edited, 1), "\n") {
		if strings.Contains(l, planted) {
			line = uint32(i)
		}
	}
	f.awaitFindingLines(vault, line)
	f.Await("the finding reached through the handler", func() bool {
		ds := f.findingsLocked(vault)
		return len(ds) == 1 && strings.Contains(ds[0].Message, "Handler.compound")
	})
	f.shutdown()
}

// TestFoundrySetUpUnsupported: a setUp() that uses a cheatcode Foresight
// lacks is said, with the cheatcode, its invariant is not judged, and the
// other contracts (Counter.sol: the server fuzzes when a file outside test
// code is open) are fuzzed plain.
func TestFoundrySetUpUnsupported(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\n")
	writeFile(t, root, "remappings.txt", "forge-std/=lib/forge-std/src/\n")
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		data, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, root, "lib/forge-std/src/"+name, string(data))
	}
	test := writeFile(t, root, "test/Ffi.t.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Test} from "forge-std/Test.sol";

contract FfiTest is Test {
    function setUp() public {
        string[] memory cmd = new string[](1);
        cmd[0] = "true";
        vm.ffi(cmd);
    }

    function invariant_never() public pure returns (bool) {
        return false;
    }
}
`)
	src := writeFile(t, root, "src/Counter.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Counter {
    uint256 public n;

    function inc() external {
        n++;
    }
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 500), folders: []string{root}})
	f.open(test)
	f.open(src)
	f.Await("the skipped set-up said", func() bool {
		for _, m := range f.shown {
			if strings.Contains(m.Message, "skipped FfiTest") && strings.Contains(m.Message, "unsupported cheatcode vm.ffi(string[])") {
				return true
			}
		}
		return false
	})
	// The set-up Foresight picked gave way to a plain campaign of Counter.
	f.awaitFuzzedEnd("a plain campaign after the failed set-up")
	f.awaitFindingLines(test)
	f.shutdown()
}

// foundrySetUpProject writes a Foundry project: src/Vault.sol
// (setUpVault), its invariant test with a handler
// (test/VaultInvariant.t.sol, unless noTest) and the forge-std stand-in.
// It returns the vault's path.
func foundrySetUpProject(tb testing.TB, root string, noTest bool) string {
	tb.Helper()
	writeFile(tb, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\n")
	writeFile(tb, root, "remappings.txt", "forge-std/=lib/forge-std/src/\n")
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		data, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			tb.Fatal(err)
		}
		writeFile(tb, root, "lib/forge-std/src/"+name, string(data))
	}
	if !noTest {
		writeFile(tb, root, "test/VaultInvariant.t.sol", setUpTest)
	}
	return writeFile(tb, root, "src/Vault.sol", setUpVault)
}

// plantedBug is the edit TestFoundrySetUpOnSave makes to the vault: an
// assertion in compound(), which only an actor holding shares reaches.
const (
	plantedAt  = "        bonus[msg.sender] += gained;"
	plantedBug = "        assert(gained <= totalShares);\n" + plantedAt
	plantedLn  = 50 // zero-based line of the assertion
)

// TestFoundrySetUpOnSave: only src/Vault.sol is open; the server finds the
// invariant test whose setUp() deploys it (test/VaultInvariant.t.sol,
// never opened), compiles it beside the vault and runs the campaign from
// that set-up. An edit plants a bug in compound(), which only the actor the
// set-up funds reaches: the finding appears on the edited line, reached
// through the handler. The same edit in the project without the test is
// fuzzed plain and finds nothing.
func TestFoundrySetUpOnSave(t *testing.T) {
	root := t.TempDir()
	vault := foundrySetUpProject(t, root, false)
	bare := t.TempDir()
	bareVault := foundrySetUpProject(t, bare, true)
	if got := strings.Split(strings.Replace(setUpVault, plantedAt, plantedBug, 1), "\n")[plantedLn]; !strings.Contains(got, "assert(") {
		t.Fatalf("line %d is %q, not the planted assertion", plantedLn, got)
	}

	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 3_000), folders: []string{root, bare}})
	f.open(vault)
	var mark int
	f.awaitFuzzedEnd("the campaign after opening the vault")
	if msg := f.awaitReport(0, "fuzzing from"); msg != "fuzzing from VaultInvariantTest.setUp()" {
		t.Errorf("report %q, want the campaign from the unopened test's set-up", msg)
	}
	f.awaitFindingLines(vault)

	mark = f.journalLen()
	f.saveEdit(vault, plantedAt, plantedBug)
	f.awaitFindingLines(vault, plantedLn)
	f.Await("the finding reached through the handler", func() bool {
		ds := f.findingsLocked(vault)
		return len(ds) == 1 && strings.Contains(ds[0].Message, "Handler.compound")
	})
	if end := f.awaitRunAfter(mark); !fuzzed(end) {
		t.Errorf("the save's run ended with %q", end)
	}

	// Without the set-up, the same edit is fuzzed plain and finds nothing.
	f.open(bareVault)
	f.awaitRunEnd(3)
	mark = f.journalLen()
	f.saveEdit(bareVault, plantedAt, plantedBug)
	if end := f.awaitRunAfter(mark); !fuzzed(end) || !strings.Contains(end, " 0 findings") {
		t.Errorf("the plain campaign ended with %q, want it fuzzed without findings", end)
	}
	f.mu.Lock()
	plain := f.findingsLocked(bareVault)
	f.mu.Unlock()
	if len(plain) != 0 {
		t.Errorf("the plain campaign found %v: the bug is reachable without the set-up", lines(plain))
	}
	f.shutdown()
}
