package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// The fork-mode project: a token and a pool deployed on anvil, and a
// lender that reads the pool's price at its address on the chain.
const (
	tokenSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
contract Token {
    mapping(address => uint256) public balanceOf;
    constructor() { balanceOf[msg.sender] = 1_000_000e18; }
    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }
}
`
	poolSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
import {Token} from "./Token.sol";
contract Pool {
    address constant OPERATOR = 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266;
    Token public immutable token;
    uint256 public reserve;
    uint256 public shares;
    constructor(Token t) { token = t; }
    function sync() external { reserve = token.balanceOf(address(this)); }
    function setShares(uint256 s) external { require(msg.sender == OPERATOR, "operator only"); shares = s; }
    function price() external view returns (uint256) { return reserve * 1e18 / shares; }
    function redeem(uint256 s) external view returns (uint256 out) {
        out = reserve * s / shares;
        assert(out <= reserve); // fails for s > shares, which only a pool with shares lets through
    }
}
`
	lenderSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
interface IPool { function price() external view returns (uint256); }
contract Lender {
    IPool constant POOL = IPool(%s);
    mapping(address => uint256) public debt;
    function borrow(uint256 collateral) external returns (uint256 amount) {
        require(collateral <= 1e30, "too much");
        amount = collateral * POOL.price() / 1e18;
        assert(amount <= collateral); // wrong once a token is worth more than one unit of collateral
        debt[msg.sender] += amount;
    }
}
`
)

// forkProject writes the project, deploys the token and the pool on a
// (they land at anvil's first account's nonces 0 and 1) and returns the
// project folder, the pool's address and the fork block.
func forkProject(t *testing.T, a *anvil) (string, common.Address, uint64) {
	dir := t.TempDir()
	token, pool := crypto.CreateAddress(anvilAccount, 0), crypto.CreateAddress(anvilAccount, 1)
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\nsolc_version = \"0.8.37\"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "Token.sol"), []byte(tokenSol), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "Pool.sol"), []byte(poolSol), 0o644)
	os.WriteFile(filepath.Join(dir, "src", "Lender.sol"), []byte(fmt.Sprintf(lenderSol, pool.Hex())), 0o644)
	var cf compilerFlags
	tc := cf.toolchain(os.Stderr, zap.NewNop())
	defer tc.Close()
	builds, err := compilePaths(context.Background(), tc, []string{filepath.Join(dir, "src")})
	if err != nil {
		t.Fatal(err)
	}
	a.send(nil, creation(t, builds, "Token"))
	a.send(nil, append(creation(t, builds, "Pool"), common.LeftPadBytes(token[:], 32)...))
	a.send(&token, append(append(selector("transfer(address,uint256)"), common.LeftPadBytes(pool[:], 32)...), word(e18(4000))...))
	a.send(&pool, selector("sync()"))
	a.send(&pool, append(selector("setShares(uint256)"), word(e18(1000))...))
	return dir, pool, a.blockNumber()
}

// rate is a report's sequence executions per second (a measurement to
// log, never asserted).
func rate(t *testing.T, path string) float64 {
	b, _ := os.ReadFile(path)
	var r struct {
		Execs     float64
		ElapsedNs float64
	}
	json.Unmarshal(b, &r)
	return r.Execs / (r.ElapsedNs / 1e9)
}

var requestsRe = regexp.MustCompile(`fork: (\d+) requests`)

// forkRun runs foresight and returns its exit code, stdout, stderr and
// the requests it made to the node.
func forkRun(t *testing.T, args ...string) (int, string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	n := -1
	if m := requestsRe.FindStringSubmatch(errb.String()); m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	return code, out.String(), errb.String(), n
}

func readKinds(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Findings []struct{ Kind, Contract string }
		Setup    struct {
			Fork *struct {
				URL            string
				Block, ChainID uint64
			}
		}
	}
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if r.Setup.Fork == nil {
		t.Fatalf("%s records no fork", path)
	}
	kinds := map[string]string{}
	for _, f := range r.Findings {
		kinds[f.Contract] = f.Kind
	}
	return kinds
}

// TestForkAnvil fuzzes a contract that integrates with a pool deployed on
// a real anvil: the bug needs the pool's state, so it shows only forked.
func TestForkAnvil(t *testing.T) {
	id := uint64(40000 + os.Getpid()%20000) // a chain id of its own: no other run's cache
	a := startAnvil(t, id)
	forkCacheCleanup(t, id)
	dir, pool, block := forkProject(t, a)
	lender := filepath.Join(dir, "src", "Lender.sol")
	campaign := []string{"fuzz", lender, "--seed", "1", "--execs", "3000", "--workers", "1", "--timeout", "0", "--format", "json"}

	code, _, errs, _ := forkRun(t, append(campaign, "-o", filepath.Join(dir, "local.json"))...)
	if code != exitOK {
		t.Fatalf("without the fork: exit %d, want %d (the pool is not there, nothing fails)\n%s", code, exitOK, errs)
	}
	fork := []string{"--fork-url", a.url, "--fork-block", fmt.Sprint(block)}
	report := filepath.Join(dir, "report.json")
	code, _, errs, first := forkRun(t, append(append(campaign, fork...), "-o", report)...)
	if code != exitFindings || readKinds(t, report)["Lender"] != "assert-failure" {
		t.Fatalf("forked: exit %d, findings %v\n%s", code, readKinds(t, report), errs)
	}
	code, _, errs, second := forkRun(t, append(append(campaign, fork...), "-o", filepath.Join(dir, "again.json"))...)
	if code != exitFindings || first <= 0 || second != 0 {
		t.Fatalf("requests: %d on the first run, %d on the second (want some, then none); exit %d\n%s", first, second, code, errs)
	}
	t.Logf("requests: %d on the first run, %d on the second", first, second)
	cached, _ := os.Stat(filepath.Join(solc.DefaultCacheDir(), "fork", fmt.Sprint(id), fmt.Sprint(block), "state.json"))
	if cached == nil {
		t.Fatal("no disk cache written")
	}
	t.Logf("disk cache: %d bytes; executions/s: %.0f local, %.0f forked (cached)", cached.Size(),
		rate(t, filepath.Join(dir, "local.json")), rate(t, filepath.Join(dir, "again.json")))

	code, out, errs, _ := forkRun(t, "replay", report)
	if code != exitFindings || !strings.Contains(out, "panic 0x01") {
		t.Fatalf("replay: exit %d\n%s\n%s", code, out, errs)
	}

	// The pool itself, fuzzed where it is on the chain.
	targeted := filepath.Join(dir, "targeted.json")
	code, _, errs, _ = forkRun(t, append([]string{"fuzz", filepath.Join(dir, "src"), "--seed", "1", "--execs", "4000", "--workers", "1",
		"--timeout", "0", "--format", "json", "-o", targeted, "--target-address", pool.Hex() + ":Pool"}, fork...)...)
	if kinds := readKinds(t, targeted); code != exitFindings || kinds["Pool"] != "assert-failure" || kinds["Lender"] != "assert-failure" {
		t.Fatalf("--target-address: exit %d, findings %v\n%s", code, kinds, errs)
	}
	forgeExport(t, dir, report, a.url)
}

// forgeExport exports the lender's finding as a Foundry test and runs it
// under real forge, forked at the same anvil (scripts/check-fork names
// forge and forge-std); the test must pass, and fail with its assertion
// inverted.
func forgeExport(t *testing.T, dir, report, url string) {
	forge, std, dsTest := os.Getenv("FORESIGHT_FORGE"), os.Getenv("FORESIGHT_FORGE_STD"), os.Getenv("FORESIGHT_DS_TEST")
	if forge == "" || std == "" || dsTest == "" {
		t.Log("FORESIGHT_FORGE, FORESIGHT_FORGE_STD or FORESIGHT_DS_TEST unset: the exported test is not run under forge")
		return
	}
	code, out, errs, _ := forkRun(t, "replay", "--export", "--export-style", "proof", report)
	if code != exitOK {
		t.Fatalf("export: exit %d\n%s\n%s", code, out, errs)
	}
	tests, _ := filepath.Glob(filepath.Join(dir, "test", "Foresight_*.t.sol"))
	if len(tests) != 1 {
		t.Fatalf("exported %v", tests)
	}
	src, _ := os.ReadFile(tests[0])
	if !strings.Contains(string(src), `"createSelectFork(string,uint256)"`) {
		t.Fatalf("the exported test does not select the fork:\n%s", src)
	}
	inverted := strings.NewReplacer("contract Foresight_", "contract Inverted_Foresight_", "assertFalse(ok, ", "assertTrue(ok, ",
		"assertTrue(!ok, ", "assertTrue(ok, ").Replace(string(src))
	os.WriteFile(filepath.Join(dir, "test", "Inverted.t.sol"), []byte(inverted), 0o644)
	lib := filepath.Join(dir, "lib", "forge-std")
	os.MkdirAll(filepath.Join(lib, "src"), 0o755)
	os.MkdirAll(filepath.Join(lib, "lib", "ds-test", "src"), 0o755)
	for _, f := range []string{"Test.sol", "Vm.sol", "console.sol", "console2.sol", "Script.sol"} {
		b, err := os.ReadFile(filepath.Join(std, f))
		if err == nil {
			os.WriteFile(filepath.Join(lib, "src", f), b, 0o644)
		}
	}
	b, _ := os.ReadFile(dsTest)
	os.WriteFile(filepath.Join(lib, "lib", "ds-test", "src", "test.sol"), b, 0o644)
	shim := filepath.Join(dir, "solc-shim")
	os.WriteFile(shim, []byte(fmt.Sprintf("#!/bin/sh\nexec %q solc 0.8.37 \"$@\"\n", fixtures.Binary(t))), 0o755)
	cmd := exec.Command(forge, "test", "--use", shim, "--fork-url", url, "--json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FORESIGHT_FORK_URL="+url)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	res := stdout.String()
	pass := strings.Count(res, `"status":"Success"`)
	fail := strings.Count(res, `"status":"Failure"`)
	if pass != 1 || fail != 1 {
		t.Fatalf("forge: %d passed and %d failed, want the exported test to pass and its inversion to fail\n%s\n%s\n%s", pass, fail, res, stderr.String(), src)
	}
	t.Logf("forge --fork-url: the exported test passes, its inversion fails")
}
