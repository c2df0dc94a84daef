package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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
	}{
		{"arrays.sol", "Weights", "", false},
		{"nonzero.sol", "Treasury", "", false},
		{"fee.sol", "FeeVault", "", false},
		{"token.sol", "Staking", "", true},
		{"ether.sol", "Prefunded", "ok", false},
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
			var dep *Deployed
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
