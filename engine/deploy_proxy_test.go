package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestThroughProxy checks that the implementation's ABI is callable at
// the address of the proxy of the build pointing at it: a sequence that
// deposits once and withdraws twice through BankProxy (proxy_bank.sol's
// bank alone disabled its initializers, so only the proxy's storage is
// initialized) replays, named as calls to the proxy with the bank's
// functions, and the leak is located in the bank's source; on the fixed
// twin the same sequence shows nothing.
func TestThroughProxy(t *testing.T) {
	for _, file := range []string{"proxy_bank.sol", "proxy_bank_fixed.sol"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", "deploy", file)
			bs := compile(t, path)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 500}})
			if err != nil {
				t.Fatal(err)
			}
			proxy := ""
			for _, d := range rep.Setup.Contracts {
				if d.Name == "BankProxy" {
					proxy = d.Address
				}
			}
			call := func(fn, calldata, value string, args ...string) report.Call {
				return report.Call{Sender: chain.SenderAddress(0).Hex(), Contract: "BankProxy", Address: proxy, Function: fn, Calldata: calldata, Value: value, Args: append([]string{}, args...)}
			}
			f := report.Finding{Kind: "SWC-105", Seed: 1, Calls: []report.Call{
				call("deposit()", "0xd0e30db0", "4"),
				call("withdraw(uint256)", "0x2e1a7d4d0000000000000000000000000000000000000000000000000000000000000004", "0", "4"),
				call("withdraw(uint256)", "0x2e1a7d4d0000000000000000000000000000000000000000000000000000000000000001", "0", "1"),
			}}
			tr, err := Replay(bs, rep.Setup, f)
			if err != nil {
				t.Fatal(err)
			}
			fixed := strings.Contains(file, "fixed")
			for i, s := range tr.Steps {
				if s.Call.Contract != "BankProxy" || s.Call.Function != f.Calls[i].Function {
					t.Errorf("step %d replayed as %s.%s, want BankProxy.%s", i+1, s.Call.Contract, s.Call.Function, f.Calls[i].Function)
				}
				// The fixed bank debited the deposit: the second
				// withdrawal has no balance left.
				if s.Outcome != "ok" && !(fixed && i == 2 && strings.Contains(s.Outcome, "balance")) {
					t.Errorf("%s: %s", s.Call.Function, s.Outcome)
				}
			}
			leak := tr.Finding != nil && tr.Finding.Kind == "SWC-105"
			if want := !fixed; leak != want {
				t.Fatalf("leak %v, want %v (%+v)", leak, want, tr.Finding)
			}
			if leak && (tr.Finding.Contract != "Bank" || tr.Finding.Line != expectedLine(t, path)) {
				t.Errorf("leak in %s at line %d, want Bank's withdraw", tr.Finding.Contract, tr.Finding.Line)
			}
		})
	}
}

// TestFuzzThroughProxy fuzzes a vault behind a proxy (proxy_vault.sol),
// whose implementation alone has no owner and refuses deposits, and whose
// owner lives in namespaced storage: with a fixed seed and budget the
// campaign finds the withdrawal that never debits, which needs a deposit
// and two withdrawals sent to the proxy, and the finding replays; the
// fixed twin gives nothing. On both, the owner-only setPaused completes
// through the proxy: the proxy's initialization call named the deployer,
// which is then a sender.
func TestFuzzThroughProxy(t *testing.T) {
	for _, file := range []string{"proxy_vault.sol", "proxy_vault_fixed.sol"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join("testdata", "deploy", file)
			bs := compile(t, path)
			rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 5_000}})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := found(rep), expected(t, path); !reflect.DeepEqual(got, want) {
				t.Errorf("findings %v, want %v", got, want)
			}
			for _, f := range rep.Findings {
				if len(f.Calls) < 2 {
					t.Errorf("%s@%d in %d call(s), want at least 2", f.Kind, f.Line, len(f.Calls))
				}
				for _, c := range f.Calls {
					if c.Contract != "VaultProxy" {
						t.Errorf("call to %s.%s, want every call to VaultProxy", c.Contract, c.Function)
					}
				}
				tr, err := Replay(bs, rep.Setup, f)
				if err != nil {
					t.Fatal(err)
				}
				if !tr.Reproduced {
					t.Errorf("%s@%d did not reproduce", f.Kind, f.Line)
				}
				// On the same code the finding still fails: the proxy
				// answers the implementation's functions, which its own
				// ABI lacks (Recheck called it stale: "function deposit()
				// of VaultProxy is gone").
				if v, err := Recheck(bs, rep.Setup, f); err != nil || v.Status != StillFailing {
					t.Errorf("%s@%d rechecked on the same code: %+v, %v; want still failing", f.Kind, f.Line, v, err)
				}
			}
			paused := false
			for _, s := range rep.FunctionStats {
				paused = paused || s.Contract == "VaultProxy" && s.Function == "setPaused" && s.Completed > 0
			}
			if !paused {
				t.Errorf("setPaused never completed through the proxy: %+v", rep.FunctionStats)
			}
		})
	}
}

// expectedLine is the line of path's one annotated finding.
func expectedLine(t *testing.T, path string) int {
	t.Helper()
	want := expected(t, path)
	if len(want) != 1 {
		t.Fatalf("%s: %d annotated findings, want 1", path, len(want))
	}
	_, at, _ := strings.Cut(want[0], "@")
	line, err := strconv.Atoi(at)
	if err != nil {
		t.Fatal(err)
	}
	return line
}
