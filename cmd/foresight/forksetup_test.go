package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// The set-up fork project: forkProject's token and pool on anvil, a vault
// that prices through the pool, and Foundry harnesses whose setUp() forks
// the chain by foundry.toml's alias "local" (forge resolves it too).
const (
	vaultSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
interface IPool { function price() external view returns (uint256); function shares() external view returns (uint256); }
contract Vault {
    IPool public immutable pool;
    mapping(address => uint256) public owed;
    constructor(IPool p) { pool = p; }
    function deposit(uint256 amount) external returns (uint256 out) {
        require(amount <= 1e30, "too much");
        out = amount * pool.price() / 1e18;
        assert(out <= amount); // wrong once the pool prices a share above one
        owed[msg.sender] += out;
    }
}
`
	harnessSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
import {Vault, IPool} from "../src/Vault.sol";
import {Token} from "../src/Token.sol";
import {Pool} from "../src/Pool.sol";
interface Forks {
    function createSelectFork(string calldata urlOrAlias) external returns (uint256);
    function createSelectFork(string calldata urlOrAlias, uint256 blockNumber) external returns (uint256);
    function rollFork(uint256 blockNumber) external;
}
abstract contract Base {
    bool public IS_TEST = true;
    Forks internal constant vm = Forks(address(uint160(uint256(keccak256("hevm cheat code")))));
    IPool internal constant POOL = IPool(%[1]s);
    Vault public vault;
    function test_setUp() public view { require(address(vault).code.length > 0, "no vault"); }
}
// Forks at a pinned block: the pool is there, with shares.
contract Harness is Base {
    function setUp() public {
        vm.createSelectFork("local", %[2]d);
        vault = new Vault(POOL);
    }
}
// Forks at the latest block, rolls back to before the pool had shares,
// then forward again.
contract Roll is Base {
    function setUp() public {
        vm.createSelectFork("local");
        uint256 head = block.number;
        require(POOL.shares() == 1000e18, "no shares at the head");
        vm.rollFork(%[3]d);
        require(POOL.shares() == 0 && block.number == %[3]d, "rollFork did not roll");
        vm.rollFork(head);
        require(POOL.shares() == 1000e18, "rollFork did not roll back");
        vault = new Vault(POOL);
    }
}
// The same system deployed locally, for the executions-per-second
// comparison.
contract Local is Base {
    function setUp() public {
        vault = new Vault(IPool(address(new Pool(new Token()))));
    }
}
`
)

// TestForkSetUpAnvil fuzzes a Foundry set-up that forks a real anvil by an
// alias of foundry.toml's [rpc_endpoints], whose vault integrates with the
// pool deployed there: the finding needs the pool's state. A second run
// reads only the disk cache; a replay reproduces the finding at the
// recorded block after the chain moved on; rollFork moves the set-up
// between blocks; and forge runs the same set-ups.
func TestForkSetUpAnvil(t *testing.T) {
	id := uint64(40000 + (os.Getpid()+7)%20000)
	a := startAnvil(t, id)
	forkCacheCleanup(t, id)
	dir, pool, block := forkProject(t, a)
	os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\nsolc_version = \"0.8.37\"\n\n[rpc_endpoints]\nlocal = \"${FORESIGHT_TEST_RPC}\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "Vault.sol"), []byte(vaultSol), 0o644)
	os.MkdirAll(filepath.Join(dir, "test"), 0o755)
	os.WriteFile(filepath.Join(dir, "test", "Harness.t.sol"), []byte(fmt.Sprintf(harnessSol, pool.Hex(), block, block-1)), 0o644)
	campaign := func(setUp, out string) []string {
		return []string{"fuzz", filepath.Join(dir, "test", "Harness.t.sol"), "--setup", setUp, "--seed", "1", "--execs", "3000", "--workers", "1", "--timeout", "0", "--format", "json", "-o", filepath.Join(dir, out)}
	}

	t.Setenv("FORESIGHT_TEST_RPC", "")
	code, _, errs, _ := forkRun(t, campaign("Harness", "unset.json")...)
	unset, _ := os.ReadFile(filepath.Join(dir, "unset.json"))
	if code == exitFindings || !strings.Contains(errs+string(unset), "FORESIGHT_TEST_RPC, which is not set") {
		t.Fatalf("alias with its variable unset: exit %d, want a setUp error naming the variable\n%s", code, errs)
	}
	t.Setenv("FORESIGHT_TEST_RPC", a.url)

	code, _, errs, first := forkRun(t, campaign("Harness", "first.json")...)
	if code != exitFindings {
		t.Fatalf("forked set-up: exit %d\n%s", code, errs)
	}
	rep := readSetUpReport(t, filepath.Join(dir, "first.json"))
	if code != exitFindings || rep.kinds["Vault"] != "assert-failure" {
		t.Fatalf("forked set-up: exit %d, findings %v, skipped %v\n%s", code, rep.kinds, rep.Skipped, errs)
	}
	if f := rep.Setup.Fork; f == nil || !f.SetUp || f.Alias != "local" || f.Block != block || f.ChainID != id || f.URL != a.url {
		t.Fatalf("the report records the set-up's fork as %+v, want alias local at block %d of chain %d", f, block, id)
	}
	code, _, errs, second := forkRun(t, campaign("Harness", "second.json")...)
	again := readSetUpReport(t, filepath.Join(dir, "second.json"))
	if code != exitFindings || first <= 0 || second != 0 {
		t.Fatalf("requests: %d on the first run, %d on the second (want some, then none); exit %d\n%s", first, second, code, errs)
	}
	if rep.calls != again.calls {
		t.Fatalf("same seed and budget, other findings:\n%s\n%s", rep.calls, again.calls)
	}
	cached, _ := os.Stat(filepath.Join(solc.DefaultCacheDir(), "fork", fmt.Sprint(id), fmt.Sprint(block), "state.json"))
	if cached == nil {
		t.Fatal("no disk cache written")
	}
	forkRun(t, campaign("Local", "local.json")...)
	t.Logf("set-up fork: requests %d on the first run, %d on the second; disk cache %d bytes; executions/s: %.0f local set-up, %.0f forked set-up (cached)",
		first, second, cached.Size(), rate(t, filepath.Join(dir, "local.json")), rate(t, filepath.Join(dir, "second.json")))

	code, _, errs, _ = forkRun(t, campaign("Roll", "roll.json")...)
	roll := readSetUpReport(t, filepath.Join(dir, "roll.json"))
	if code != exitFindings || roll.kinds["Vault"] != "assert-failure" || roll.Setup.Fork == nil || roll.Setup.Fork.Block != block {
		t.Fatalf("rollFork set-up: exit %d, findings %v, fork %+v, skipped %v\n%s", code, roll.kinds, roll.Setup.Fork, roll.Skipped, errs)
	}
	// The chain moves on: a replay still forks the recorded block.
	a.send(&pool, selector("sync()"))
	for _, r := range []string{"first.json", "roll.json"} {
		code, out, errs, _ := forkRun(t, "replay", filepath.Join(dir, r))
		if code != exitFindings || !strings.Contains(out, "1 reproduced as reported") || !strings.Contains(errs, fmt.Sprintf("at block %d (alias \"local\")", block)) {
			t.Fatalf("replay %s: exit %d\n%s\n%s", r, code, out, errs)
		}
	}
	forgeSetUps(t, dir, a.url)
}

// setUpReport is what the test reads of a report.
type setUpReport struct {
	Findings []struct {
		Kind, Contract string
		Calls          []struct{ Calldata string }
	}
	Skipped []struct{ Contract, Reason string }
	SetUp   string `json:"setUp"` // the test contract's name, not setup
	Setup   struct {
		Fork *struct {
			URL, Alias     string
			SetUp          bool `json:"setUp"`
			Block, ChainID uint64
		}
	} `json:"setup"`
	kinds map[string]string
	calls string
}

func readSetUpReport(t *testing.T, path string) *setUpReport {
	t.Helper()
	var r setUpReport
	if err := json.Unmarshal([]byte(readFile(t, path)), &r); err != nil {
		t.Fatal(err)
	}
	r.kinds = map[string]string{}
	for _, f := range r.Findings {
		r.kinds[f.Contract] = f.Kind
		for _, c := range f.Calls {
			r.calls += f.Kind + " " + c.Calldata + "\n"
		}
	}
	return &r
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// forgeSetUps runs the harnesses' test_setUp under real forge, which
// resolves the alias from foundry.toml itself: their setUp() must succeed
// there too.
func forgeSetUps(t *testing.T, dir, url string) {
	forge := os.Getenv("FORESIGHT_FORGE")
	if forge == "" {
		t.Log("FORESIGHT_FORGE unset: the harnesses are not run under forge")
		return
	}
	shim := filepath.Join(dir, "solc-shim")
	os.WriteFile(shim, []byte(fmt.Sprintf("#!/bin/sh\nexec %q solc 0.8.37 \"$@\"\n", fixtures.Binary(t))), 0o755)
	cmd := exec.Command(forge, "test", "--use", shim, "--match-contract", "^(Harness|Roll)$", "--json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FORESIGHT_TEST_RPC="+url)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	if pass := strings.Count(stdout.String(), `"status":"Success"`); pass != 2 {
		t.Fatalf("forge: %d set-ups passed, want Harness's and Roll's\n%s\n%s", pass, stdout.String(), stderr.String())
	}
	t.Log("forge: Harness's and Roll's setUp() succeed forked through the alias")
}
