package engine

import (
	"encoding/hex"
	"errors"
	"github.com/foresight-sol/foresight/engine/report"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// injected is the name every injection attempt below declares or calls:
// it must never be an identifier of an exported test's code.
const injected = "INJECTED"

// exportProject writes a scratch Foundry project (forge-std stand-in,
// SequenceFoo) and compiles it with the real compiler.
func exportProject(t testing.TB) (string, []*solc.Build) {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"foundry.toml":   "[profile.default]\nsrc = \"src\"\n",
		"remappings.txt": "forge-std/=lib/forge-std/src/\n",
	}
	for rel, from := range map[string]string{
		"lib/forge-std/src/Test.sol": filepath.Join(fixtures.ForgeStd(), "Test.sol"),
		"lib/forge-std/src/Vm.sol":   filepath.Join(fixtures.ForgeStd(), "Vm.sol"),
		"src/SequenceFoo.sol":        fixtures.Example(t, "SequenceFoo.sol"),
	} {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		files[rel] = string(data)
	}
	for rel, data := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, compile(t, filepath.Join(root, "src", "SequenceFoo.sol"))
}

// seqFooFinding is SequenceFoo's assertion failure as a campaign reports
// it: setY(42), copyY(), bar().
func seqFooFinding() (report.Finding, report.Setup) {
	const sender, addr = "0x0000000000000000000000000000000000010000", "0xD16d38E314dadd189F03AD9012E0742fD66ab1Eb"
	call := func(fn string, args []string, input string) report.Call {
		sel := hex.EncodeToString(crypto.Keccak256([]byte(fn))[:4])
		return report.Call{Sender: sender, Contract: "SequenceFoo", Address: addr, Function: fn, Args: args, Value: "0", Calldata: "0x" + sel + input}
	}
	f := report.Finding{Kind: "assert-failure", Title: "assertion failed", Contract: "SequenceFoo", Path: "/p/src/SequenceFoo.sol", Unit: "src/SequenceFoo.sol", Line: 17, Column: 13, Seed: 2,
		Calls: []report.Call{
			call("setY(int256)", []string{"42"}, strings.Repeat("0", 62)+"2a"),
			call("copyY()", []string{}, ""),
			call("bar()", []string{}, ""),
		}}
	return f, report.Setup{Seed: 2, Contracts: []report.Deployed{{Name: "SequenceFoo", Unit: "src/SequenceFoo.sol", Address: addr, Order: 1}}}
}

// exportCase is a report that tries to put code into an export.
type exportCase struct {
	name   string
	mutate func(*report.Finding, *report.Setup)
}

// checkExportSafe exports each case: it must be refused with an error
// wrapping export.ErrFoundryTest, or be an export whose lines are the
// exporter's templates and whose code never names injected.
func checkExportSafe(t *testing.T, bs []*solc.Build, cases []exportCase, wantErr bool) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, setup := seqFooFinding()
			c.mutate(&f, &setup)
			_, src, err := export.FoundryTest(f, setup, bs)
			if err != nil {
				if !errors.Is(err, export.ErrFoundryTest) || strings.Contains(err.Error(), "\n") {
					t.Errorf("error %q: want one line wrapping export.ErrFoundryTest", err)
				}
				return
			}
			if wantErr {
				t.Errorf("exported, want an error:\n%s", src)
			}
			if codeIdents(src)[injected] {
				t.Errorf("the report put code into the export:\n%s", src)
			}
			if err := checkExportShape(src); err != nil {
				t.Errorf("%v:\n%s", err, src)
			}
		})
	}
}

// TestExportValueInjection: a call's value is a number, never code.
func TestExportValueInjection(t *testing.T) {
	_, bs := exportProject(t)
	checkExportSafe(t, bs, []exportCase{
		{"call options", func(f *report.Finding, _ *report.Setup) {
			f.Calls[0].Value = `0}(hex""); vm.ffi(new string[](0)); INJECTED(); //`
		}},
		{"expression", func(f *report.Finding, _ *report.Setup) { f.Calls[2].Value = "1 + INJECTED" }},
		{"over uint256", func(f *report.Finding, _ *report.Setup) { f.Calls[0].Value = "1" + strings.Repeat("0", 78) }},
		{"constructor value", func(_ *report.Finding, s *report.Setup) {
			s.Contracts[0].CtorValue = `1}(""); INJECTED(); (bool x, ) = address(0).call{value: 0`
		}},
	}, true)
}

// TestExportNewlineInjection: a newline in the title, the arguments, a
// function signature or a contract name cannot leave its comment.
func TestExportNewlineInjection(t *testing.T) {
	_, bs := exportProject(t)
	const code = "\n    function INJECTED() public {}\n//"
	checkExportSafe(t, bs, []exportCase{
		{"title", func(f *report.Finding, _ *report.Setup) { f.Title += code }},
		{"title CR", func(f *report.Finding, _ *report.Setup) { f.Title += strings.ReplaceAll(code, "\n", "\r") }},
		{"title line separator", func(f *report.Finding, _ *report.Setup) { f.Title += strings.ReplaceAll(code, "\n", "\u2028") }},
		{"unit", func(f *report.Finding, _ *report.Setup) { f.Unit += code }},
		{"detail", func(f *report.Finding, _ *report.Setup) { f.Kind, f.Detail = "SWC-113", "x"+code }},
		{"args", func(f *report.Finding, _ *report.Setup) { f.Calls[0].Args = []string{"42" + code} }},
		{"function", func(f *report.Finding, _ *report.Setup) { f.Calls[1].Function = "copyY()" + code }},
		{"attacker", func(f *report.Finding, _ *report.Setup) {
			f.Calls[1].Attacker, f.Calls[1].Sender = "reentrant"+code, "0x00000000000000000000000000000000000a77ac"
		}},
		{"contract", func(f *report.Finding, _ *report.Setup) { f.Contract += code }},
		{"call contract", func(f *report.Finding, _ *report.Setup) { f.Calls[2].Contract += code }},
	}, false)
}

// TestExportSenderInjection: a sender is an address, else an error (it
// was written as whatever address its text happened to parse to).
func TestExportSenderInjection(t *testing.T) {
	_, bs := exportProject(t)
	checkExportSafe(t, bs, []exportCase{
		{"code", func(f *report.Finding, _ *report.Setup) {
			f.Calls[0].Sender = `0x0000000000000000000000000000000000010000, 0x1); INJECTED(`
		}},
		{"not hex", func(f *report.Finding, _ *report.Setup) { f.Calls[0].Sender = "alice" }},
	}, true)
}

// TestExportCalldataInjection: calldata and constructor arguments are
// hex bytes, written again by the exporter.
func TestExportCalldataInjection(t *testing.T) {
	_, bs := exportProject(t)
	checkExportSafe(t, bs, []exportCase{
		{"calldata", func(f *report.Finding, _ *report.Setup) {
			f.Calls[0].Calldata += `"); INJECTED(); (ok, ret) = address(0).call(hex"`
		}},
		{"odd", func(f *report.Finding, _ *report.Setup) { f.Calls[0].Calldata += "0" }},
		{"ctorArgs", func(_ *report.Finding, s *report.Setup) {
			s.Contracts[0].CtorArgs = `00")); INJECTED(); _deployTo(abi.encodePacked(hex"`
		}},
	}, true)
}

// TestExportNameInjection: the kind, the property checked and the
// set-up contract are names, checked as identifiers.
func TestExportNameInjection(t *testing.T) {
	_, bs := exportProject(t)
	checkExportSafe(t, bs, []exportCase{
		{"panic kind", func(f *report.Finding, _ *report.Setup) { f.Kind = "panic-0x01)); INJECTED(); //" }},
		{"panic code", func(f *report.Finding, _ *report.Setup) { f.Kind = "panic-0xzz" }},
		{"check", func(f *report.Finding, _ *report.Setup) {
			f.Kind, f.Check = "property", `echidna()")); INJECTED(); (ok, ret) = address(0).call(abi.encodeWithSignature("x`
		}},
		{"keyword", func(f *report.Finding, _ *report.Setup) { f.Contract = "function" }},
		{"setUp", func(_ *report.Finding, s *report.Setup) {
			s.SetUp = "SequenceFoo {} contract INJECTED {} contract Evil is SequenceFoo"
			s.Contracts = append(s.Contracts, report.Deployed{Name: s.SetUp, Unit: "src/SequenceFoo.sol"})
		}},
	}, true)
}

// TestExportAdversarialCompiles exports reports whose free text is
// hostile but whose values are valid, and compiles the tests with the
// real compiler: they compile, and call nothing the report named.
func TestExportAdversarialCompiles(t *testing.T) {
	root, bs := exportProject(t)
	hostile := "*/ /* \" \\ \n function INJECTED() public {} \r\u2028\u202e é // "
	cases := map[string]func(*report.Finding, *report.Setup){
		"title":  func(f *report.Finding, _ *report.Setup) { f.Title = hostile },
		"unit":   func(f *report.Finding, _ *report.Setup) { f.Unit = hostile },
		"detail": func(f *report.Finding, _ *report.Setup) { f.Kind, f.Title, f.Detail = "SWC-105", hostile, hostile },
		"args":   func(f *report.Finding, _ *report.Setup) { f.Calls[0].Args = []string{`"*/ INJECTED() /*" // \n`} },
		"value":  func(f *report.Finding, s *report.Setup) { f.Calls[2].Value = "0000123"; s.Contracts[0].CtorValue = "7" },
		"panic":  func(f *report.Finding, _ *report.Setup) { f.Kind = "panic-0x4A" },
	}
	var paths []string
	for name, mutate := range cases {
		f, setup := seqFooFinding()
		mutate(&f, &setup)
		_, src, err := export.FoundryTest(f, setup, bs)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if codeIdents(src)[injected] {
			t.Errorf("%s: the report put code into the export:\n%s", name, src)
		}
		if err := checkExportShape(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		// One contract name per file, so that all compile together.
		src = strings.Replace(src, "_Test is Test", "_"+name+" is Test", 1)
		p := filepath.Join(root, "test", name+".t.sol")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	testbuild.CompilesCleanly(t, root, paths)
}
