package export

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// ErrNoForgeFailure is wrapped by ForgeFailure's errors about a finding
// forge's failure file cannot carry: not an invariant of a Foundry
// set-up, or a call forge's file has no field for.
var ErrNoForgeFailure = errors.New("not writable as a forge failure")

// A ForgeFailureFile is a persisted invariant failure as forge writes
// it (failure_persist_dir/failures/<Suite>/<Invariant>): forge replays it
// on the next `forge test` and fails the invariant until the bug is
// fixed, provided its settings are those forge computes for the test.
type ForgeFailureFile struct {
	Suite, Invariant string // the file's folder and name
	Data             []byte
}

// forgeExcludedSenders are the senders forge 1.7.1 never sends from (the
// precompiles, console.log, the CREATE2 deployer and the cheatcodes'
// address), listed in every failure file's settings: forge ignores a file
// whose list differs from its own.
var forgeExcludedSenders = func() []common.Address {
	var out []common.Address
	for i := 0; i <= 0x11; i++ {
		out = append(out, common.BytesToAddress([]byte{byte(i)}))
	}
	return append(out,
		common.HexToAddress("0x0000000000000000000000000000000000000100"),
		common.HexToAddress("0x000000000000000000636f6e736f6c652e6c6f67"),
		common.HexToAddress("0x4e59b44847b379578588920ca78fbf26c0b4956c"),
		common.HexToAddress("0x7109709ecfa91a80626ff3989d68f67f5b1dd12d"))
}()

type forgeFailureCall struct {
	Warp     *string `json:"warp"`
	Roll     *string `json:"roll"`
	Sender   string  `json:"sender"`
	Addr     string  `json:"addr"`
	Calldata string  `json:"calldata"`
}

type forgeFailureSettings struct {
	TargetContracts map[string]string   `json:"target_contracts"`
	TargetSelectors map[string][]string `json:"target_selectors"`
	TargetSenders   []string            `json:"target_senders"`
	ExcludedSenders []string            `json:"excluded_senders"`
	FailOnRevert    bool                `json:"fail_on_revert"`
}

type forgeFailure struct {
	CallSequence     []forgeFailureCall   `json:"call_sequence"`
	Settings         forgeFailureSettings `json:"settings"`
	AssertionFailure bool                 `json:"assertion_failure"`
}

// ForgeFailure renders an invariant finding of a campaign from a Foundry
// set-up as forge's persisted failure of that invariant. The settings
// are what forge records of the test: its targets by address with their
// artifacts ("src/Vault.sol:Vault") and selectors, target and excluded
// senders, fail_on_revert (failOnRevert, foundry.toml's); setUp() runs
// again on builds to learn them. A call that sends ether or comes through
// Foresight's attacker contract has no equal in the file: the finding is
// then refused (ErrNoForgeFailure), as is a set-up on a fork.
func ForgeFailure(f report.Finding, setup report.Setup, builds []*solc.Build, failOnRevert bool) (ForgeFailureFile, error) {
	var out ForgeFailureFile
	if finding.Kind(f.Kind) != finding.Invariant || setup.SetUp == "" || f.Check == "" {
		return out, fmt.Errorf("%w: an invariant of a Foundry set-up only, not %s", ErrNoForgeFailure, f.Kind)
	}
	if setup.Fork != nil {
		return out, fmt.Errorf("%w: the set-up ran on a fork", ErrNoForgeFailure)
	}
	if !report.IsIdent(setup.SetUp) || !report.IsIdent(strings.TrimSuffix(f.Check, "()")) {
		return out, fmt.Errorf("%w: %q or %q is no identifier", report.ErrInvalid, setup.SetUp, f.Check)
	}
	calls, err := forgeCalls(f.Calls)
	if err != nil {
		return out, err
	}
	prog, err := replay.Program(builds)
	if err != nil {
		return out, err
	}
	s, err := cheatcode.RunSetUp(prog, setup.SetUp, cheatcode.Options{})
	if err != nil {
		return out, err
	}
	ff := forgeFailure{CallSequence: calls, Settings: forgeSettings(s, failOnRevert)}
	data, err := json.Marshal(ff)
	if err != nil {
		return out, fmt.Errorf("encode forge failure: %w", err)
	}
	return ForgeFailureFile{Suite: setup.SetUp, Invariant: strings.TrimSuffix(f.Check, "()"), Data: data}, nil
}

// forgeCalls are a finding's calls as forge's file writes them.
func forgeCalls(calls []report.Call) ([]forgeFailureCall, error) {
	if len(calls) == 0 {
		return nil, fmt.Errorf("%w: the finding has no transactions", ErrNoForgeFailure)
	}
	out := make([]forgeFailureCall, len(calls))
	for i, c := range calls {
		v, err := report.ParseCall(c)
		if err != nil {
			return nil, fmt.Errorf("call %d: %w", i+1, err)
		}
		switch {
		case c.Attacker != "":
			return nil, fmt.Errorf("%w: call %d comes through Foresight's %s attacker contract, which forge's chain does not have", ErrNoForgeFailure, i+1, c.Attacker)
		case !v.Value.IsZero():
			return nil, fmt.Errorf("%w: call %d sends ether, which forge 1.7.1's failure file does not carry", ErrNoForgeFailure, i+1)
		case !v.HasTo:
			return nil, fmt.Errorf("%w: call %d names no address", ErrNoForgeFailure, i+1)
		}
		fc := forgeFailureCall{Sender: lowerHex(v.Sender), Addr: lowerHex(v.To), Calldata: "0x" + hex.EncodeToString(v.Input)}
		if c.Seconds > 0 {
			w := fmt.Sprintf("0x%x", c.Seconds)
			fc.Warp = &w
		}
		if c.Blocks > 0 {
			r := fmt.Sprintf("0x%x", c.Blocks)
			fc.Roll = &r
		}
		out[i] = fc
	}
	return out, nil
}

// forgeSettings are forge's settings of the test whose setUp() built s.
func forgeSettings(s *cheatcode.Setup, failOnRevert bool) forgeFailureSettings {
	st := forgeFailureSettings{TargetContracts: map[string]string{}, TargetSelectors: map[string][]string{}, TargetSenders: []string{}, FailOnRevert: failOnRevert}
	for _, t := range s.Targets() {
		a := lowerHex(t.Address)
		st.TargetContracts[a] = filepath.ToSlash(t.Contract.Artifact.Unit) + ":" + t.Contract.Name
		sels := make([]string, len(t.Selectors))
		for i, sel := range t.Selectors {
			sels[i] = "0x" + hex.EncodeToString(sel[:])
		}
		st.TargetSelectors[a] = sels
	}
	for _, a := range s.TargetSenders {
		st.TargetSenders = append(st.TargetSenders, lowerHex(a))
	}
	for _, a := range append(append([]common.Address(nil), s.ExcludeSenders...), forgeExcludedSenders...) {
		st.ExcludedSenders = append(st.ExcludedSenders, lowerHex(a))
	}
	return st
}

func lowerHex(a common.Address) string { return strings.ToLower(a.Hex()) }
