package report

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/safefile"
	"github.com/holiman/uint256"
)

// reportSeeds are reports for the fuzz targets to start from: valid ones,
// and the hostile ones the tests above try.
func reportSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{reportJSON(1, 3, 1), reportJSON(2, 2, 0), []byte(`{}`), []byte(`null`), []byte(`{"setUp":"T","setup":{"setUp":"T"}}`), []byte(`{"findings":[{"calls":[` + strings.Repeat("{},", 5000) + `{}]}]}`)}
	mutations := []func(*Finding, *Setup){
		func(f *Finding, _ *Setup) { f.Calls[0].SenderIndex = -1 },
		func(f *Finding, _ *Setup) {
			f.Calls[0].Value = `0}(hex""); vm.ffi(new string[](0)); //INJECTED`
		},
		func(f *Finding, _ *Setup) { f.Title = "x\nfunction INJECTED() public {}\n//" },
		func(f *Finding, _ *Setup) { f.Calls[0].Args = []string{"1\nINJECTED();"} },
		func(f *Finding, _ *Setup) { f.Calls[0].Calldata += `"); INJECTED(); //` },
		func(f *Finding, _ *Setup) { f.Kind = "panic-0x01)); INJECTED(); //" },
		func(f *Finding, _ *Setup) { f.Kind, f.Check = "property", `p()")); INJECTED(); //` },
		func(f *Finding, _ *Setup) { f.Kind, f.Detail = "SWC-113", "*/ INJECTED() /*" },
		func(f *Finding, _ *Setup) { f.Calls[1].Attacker = "reentrant" },
		func(_ *Finding, s *Setup) {
			s.Contracts[0].CtorArgs, s.Contracts[0].CtorValue = "0x00", "5"
		},
		func(_ *Finding, s *Setup) { s.SetUp = "SequenceFoo" },
		func(_ *Finding, s *Setup) { s.Token = "0x00000000000000000000000000000000000a77ac" },
	}
	for _, m := range mutations {
		f, setup := sampleFinding()
		m(&f, &setup)
		data, err := json.Marshal(File{Schema: "foresight.report/v1", Inputs: []string{"/p/src"}, Setup: setup, Findings: []Finding{f}})
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	return seeds
}

// FuzzReplayReport: decoding any bytes as a report never panics, and
// yields either an error of the report or a report within the limits
// whose every call has a sender index in range, an address, hex calldata
// and a uint256 value.
func FuzzReplayReport(f *testing.F) {
	for _, s := range reportSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := Decode(data)
		if err != nil {
			if rep != nil || !errors.Is(err, ErrInvalid) && !errors.Is(err, safefile.ErrTooLarge) {
				t.Fatalf("report %v with error %v", rep, err)
			}
			return
		}
		if len(rep.Findings) > maxReportFindings || len(rep.Inputs) > maxReportInputs {
			t.Fatalf("%d findings, %d inputs", len(rep.Findings), len(rep.Inputs))
		}
		for _, fd := range rep.Findings {
			if len(fd.Calls) > MaxFindingCalls {
				t.Fatalf("%d calls", len(fd.Calls))
			}
			for _, c := range fd.Calls {
				var v uint256.Int
				_, herr := hex.DecodeString(strings.TrimPrefix(c.Calldata, "0x"))
				if c.SenderIndex < 0 || c.SenderIndex > maxSenderIndex || !common.IsHexAddress(c.Sender) || herr != nil || c.Value != "" && v.SetFromDecimal(c.Value) != nil {
					t.Fatalf("invalid call accepted: %+v", c)
				}
			}
		}
	})
}
