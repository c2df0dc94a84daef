package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/report"
)

// reportSeeds are reports for the fuzz targets to start from: valid ones,
// and the hostile ones the tests above try.
func reportSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{reportJSON(1, 3, 1), reportJSON(2, 2, 0), []byte(`{}`), []byte(`null`), []byte(`{"setUp":"T","setup":{"setUp":"T"}}`), []byte(`{"findings":[{"calls":[` + strings.Repeat("{},", 5000) + `{}]}]}`)}
	mutations := []func(*report.Finding, *report.Setup){
		func(f *report.Finding, _ *report.Setup) { f.Calls[0].SenderIndex = -1 },
		func(f *report.Finding, _ *report.Setup) {
			f.Calls[0].Value = `0}(hex""); vm.ffi(new string[](0)); //INJECTED`
		},
		func(f *report.Finding, _ *report.Setup) { f.Title = "x\nfunction INJECTED() public {}\n//" },
		func(f *report.Finding, _ *report.Setup) { f.Calls[0].Args = []string{"1\nINJECTED();"} },
		func(f *report.Finding, _ *report.Setup) { f.Calls[0].Calldata += `"); INJECTED(); //` },
		func(f *report.Finding, _ *report.Setup) { f.Kind = "panic-0x01)); INJECTED(); //" },
		func(f *report.Finding, _ *report.Setup) { f.Kind, f.Check = "property", `p()")); INJECTED(); //` },
		func(f *report.Finding, _ *report.Setup) { f.Kind, f.Detail = "SWC-113", "*/ INJECTED() /*" },
		func(f *report.Finding, _ *report.Setup) { f.Calls[1].Attacker = "reentrant" },
		func(_ *report.Finding, s *report.Setup) {
			s.Contracts[0].CtorArgs, s.Contracts[0].CtorValue = "0x00", "5"
		},
		func(_ *report.Finding, s *report.Setup) { s.SetUp = "SequenceFoo" },
		func(_ *report.Finding, s *report.Setup) { s.Token = "0x00000000000000000000000000000000000a77ac" },
	}
	for _, m := range mutations {
		f, setup := seqFooFinding()
		m(&f, &setup)
		data, err := json.Marshal(report.File{Schema: "foresight.report/v1", Inputs: []string{"/p/src"}, Setup: setup, Findings: []report.Finding{f}})
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	return seeds
}

// FuzzExportReport: a report that decodes exports as an error, or as a
// test whose every line is one of the exporter's templates with one
// literal or identifier token in each hole, and whose code never names
// what a seed tried to inject (compiling each output would be too slow
// here: TestExportAdversarialCompiles compiles such exports).
func FuzzExportReport(f *testing.F) {
	_, bs := exportProject(f)
	for _, s := range reportSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := report.Decode(data)
		if err != nil {
			return
		}
		for i, fd := range rep.Findings {
			if i == 4 {
				break
			}
			_, src, err := export.FoundryTest(fd, rep.Setup, bs)
			if err != nil {
				if !errors.Is(err, export.ErrFoundryTest) || strings.ContainsAny(err.Error(), "\r\n") {
					t.Fatalf("error %q", err)
				}
				continue
			}
			if err := checkExportShape(src); err != nil {
				t.Fatalf("%v:\n%s", err, src)
			}
			if codeIdents(src)[injected] {
				t.Fatalf("injected:\n%s", src)
			}
		}
	})
}
