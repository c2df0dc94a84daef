package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestConstructorSearch fuzzes the fixtures of testdata/deploy, whose
// constructors revert for most inputs and whose bugs are only reachable
// once deployed: each deploys (within the search's budget, counted in the
// campaign's executions) and its annotated bug is found.
func TestConstructorSearch(t *testing.T) {
	for _, tt := range []struct {
		file     string
		contract string
		value    string // the constructor's ether, "" for none
		token    bool   // Foresight's token stands in for a parameter
		funded   bool   // the deployment funds it with the token it took
	}{
		{"arrays.sol", "Weights", "", false, false},
		{"nonzero.sol", "Treasury", "", false, false},
		{"fee.sol", "FeeVault", "", false, false},
		{"token.sol", "Staking", "", true, true},
		{"ether.sol", "Prefunded", "ok", false, false},
		{"window.sol", "WindowSale", "", false, false},
		{"blocks.sol", "BlockAuction", "", false, false},
		{"sale.sol", "TokenSale", "", true, true},
		{"minted.sol", "MintedSale", "", false, true},
		{"payees.sol", "Split", "", false, false},
		{"payees_leak.sol", "LeakySplit", "", false, false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", "deploy", tt.file)
			bs := compile(t, path)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 20_000}})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d constructor runs beyond the first to deploy", tt.contract, rep.DeployExecs)
			if len(rep.Skipped) > 0 {
				t.Fatalf("skipped: %+v", rep.Skipped)
			}
			var dep *report.Deployed
			for i := range rep.Setup.Contracts {
				if rep.Setup.Contracts[i].Name == tt.contract {
					dep = &rep.Setup.Contracts[i]
				}
			}
			if dep == nil || dep.Address == "" {
				t.Fatalf("%s not deployed: %+v", tt.contract, rep.Setup)
			}
			if (dep.CtorValue != "") != (tt.value != "") {
				t.Errorf("constructor value %q", dep.CtorValue)
			}
			if (rep.Setup.Token != "") != tt.token {
				t.Errorf("token %q, want one: %v", rep.Setup.Token, tt.token)
			}
			if (len(dep.Grants) > 0) != tt.funded {
				t.Errorf("grants %+v, want some: %v", dep.Grants, tt.funded)
			}
			if got, want := found(rep), expected(t, path); !reflect.DeepEqual(got, want) {
				t.Errorf("findings %v, want %v", got, want)
			}
			for _, f := range rep.Findings {
				tr, err := Replay(bs, rep.Setup, f)
				if err != nil {
					t.Fatal(err)
				}
				if !tr.Reproduced {
					t.Errorf("replay of %s did not reproduce it", f.Message)
				}
			}
		})
	}
}

// TestConstructorNeverSucceeds: a constructor no input satisfies is
// reported as skipped with the reason, after the search spent its budget.
func TestConstructorNeverSucceeds(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "deploy", "never.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 8_000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Contract != "Never" || !strings.Contains(rep.Skipped[0].Reason, "constructor failed") {
		t.Fatalf("skipped %+v, want Never with its constructor's failure", rep.Skipped)
	}
	if rep.DeployExecs != 1_000 {
		t.Errorf("search spent %d runs, want its budget, 1000", rep.DeployExecs)
	}
	if len(rep.Findings) != 0 {
		t.Errorf("findings %v", found(rep))
	}
}

// TestConstructorExport writes findings behind a solved constructor as
// Foundry tests and runs them on Foresight's cheatcodes: the ether sent to
// the constructor and Foresight's token are part of the exported
// deployment, so each test in the proof form passes (the bug is there).
func TestConstructorExport(t *testing.T) {
	for _, file := range []string{"ether.sol", "token.sol"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			root, bs := testbuild.FoundryProject(t, filepath.Join("testdata", "deploy"), file)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 20_000}})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Findings) == 0 {
				t.Fatal("no finding")
			}
			f := rep.Findings[0]
			rel, src, err := export.FoundryTestWith(f, rep.Setup, bs, export.Options{Style: foundry.Proof})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(root, "test"), 0o755); err != nil {
				t.Fatal(err)
			}
			for name, content := range map[string]string{"foundry.toml": "[profile.default]\nsrc = \".\"\n", "remappings.txt": "forge-std/=lib/forge-std/src/\n"} {
				if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(root, rel), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			p, err := program.New(testbuild.CompileIn(t, root, rel))
			if err != nil {
				t.Fatal(err)
			}
			name := "Foresight_" + f.Contract + "_assert_failure_Test"
			s, err := cheatcode.RunSetUp(p, name, cheatcode.Options{})
			if err != nil {
				t.Fatal(err)
			}
			sel := crypto.Keccak256([]byte(regexp.MustCompile(`function (test_\w+)\(\)`).FindStringSubmatch(src)[1] + "()"))[:4]
			if res := s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel}); res.Err != nil {
				t.Fatalf("the exported test fails with the bug there: %v\n%s", res.Err, src)
			}
		})
	}
}
