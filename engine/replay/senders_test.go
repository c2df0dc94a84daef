package replay_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
)

// guardian is the account the fixtures store as a role holder.
var guardian = common.HexToAddress("0x5AF1C2A3B4D5E6F70819203a4B5C6d7E8f901234")

// TestReplaySenders: a campaign's finding, written to a JSON report and
// read back as `foresight replay` reads it, replays from every sender it
// names: an attacker contract, the deployer, a role holder the deployment
// found, a user. A role holder comes before the attackers and the
// deployer among the campaign's principals, so their indices are not the
// default layout's; replay checked them against that layout and refused
// ("senderIndex 4 is not sender 0x...a77Ac0001").
func TestReplaySenders(t *testing.T) {
	for _, tt := range []struct {
		file string
		kind string
		// senders are accounts the finding's calls must come from.
		senders []common.Address
	}{
		{"reentrant.sol", "SWC-107", []common.Address{deploy.AttackerAddress(deploy.Reentrant)}},
		{"reentrant_role.sol", "SWC-107", []common.Address{deploy.AttackerAddress(deploy.Reentrant)}},
		{"privileged_roles.sol", "assert-failure", []common.Address{chain.Deployer, guardian, chain.SenderAddress(0)}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			bs := testbuild.Compile(t, filepath.Join("testdata", "senders", tt.file))
			rep, err := engine.Fuzz(context.Background(), bs, engine.Options{Settings: engine.Settings{Seed: 1, Execs: 20000}})
			if err != nil {
				t.Fatal(err)
			}
			file := reportRoundTrip(t, rep, tt.kind)
			f := file.Findings[0]
			var from []common.Address
			for _, c := range f.Calls {
				from = append(from, common.HexToAddress(c.Sender))
			}
			for _, s := range tt.senders {
				if !slices.Contains(from, s) {
					t.Fatalf("the %s finding's calls come from %v, not %s (the fixture's sequence changed?)", tt.kind, from, s.Hex())
				}
			}

			prog, err := replay.Program(bs)
			if err != nil {
				t.Fatal(err)
			}
			cc := chain.Config{EVMVersion: replay.ChainVersion(bs)}
			replay.ChainLimits(bs, &cc)
			steps, err := replay.Steps(prog, cc, file.Setup, f)
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if len(steps) != len(f.Calls) {
				t.Fatalf("replay ran %d of %d calls", len(steps), len(f.Calls))
			}
			for i, s := range steps {
				if s.From != from[i] {
					t.Errorf("call %d replayed from %s, the report's sender is %s", i+1, s.From.Hex(), from[i].Hex())
				}
			}
			if last := steps[len(steps)-1]; last.Finding == nil || string(last.Finding.Kind) != tt.kind {
				t.Errorf("the replay's last call found %v, want %s", last.Finding, tt.kind)
			}
			tr, err := engine.Replay(bs, file.Setup, f)
			if err != nil || !tr.Reproduced {
				t.Errorf("engine.Replay: reproduced %v, err %v", tr != nil && tr.Reproduced, err)
			}
		})
	}
}

// reportRoundTrip writes rep's first finding of kind as a JSON report and
// decodes it as replay reads one.
func reportRoundTrip(t *testing.T, rep *engine.Report, kind string) *report.File {
	t.Helper()
	i := slices.IndexFunc(rep.Findings, func(f report.Finding) bool { return f.Kind == kind })
	if i < 0 {
		t.Fatalf("no %s finding among %d", kind, len(rep.Findings))
	}
	data, err := json.Marshal(report.File{Schema: "foresight.report/v1", Setup: rep.Setup, Findings: rep.Findings[i : i+1]})
	if err != nil {
		t.Fatal(err)
	}
	file, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return file
}
