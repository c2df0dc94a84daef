package report

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/safefile"
)

// TestReadFile: only a regular file within the size limit is read;
// a symlink to one is followed.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "report.json")
	if err := os.WriteFile(good, []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(good, link); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(link); err != nil || string(data) != "{}" {
		t.Errorf("through a symlink: %q, %v", data, err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxBytes+1); err != nil { // sparse
		t.Fatal(err)
	}
	if _, err := ReadFile(big); !errors.Is(err, safefile.ErrTooLarge) {
		t.Errorf("a large file: %v, want safefile.ErrTooLarge", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/dev/zero", dir, fifo, filepath.Join(dir, "missing")} {
		_, err := ReadFile(p)
		if err == nil || (p != filepath.Join(dir, "missing")) != errors.Is(err, safefile.ErrNotRegular) {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// TestCheckInputs: a report's inputs are files or folders, never a
// device or a FIFO.
func TestCheckInputs(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		inputs []string
		ok     bool
	}{
		{[]string{dir}, true},
		{[]string{dir, "/dev/zero"}, false},
		{[]string{"/dev/stdin"}, false},
		{[]string{filepath.Join(dir, "missing.sol")}, false},
	} {
		err := (&File{Inputs: tt.inputs}).CheckInputs()
		if (err == nil) != tt.ok {
			t.Errorf("%v: %v", tt.inputs, err)
		}
	}
}

// sampleFinding is a valid finding of SequenceFoo (examples/) and the
// setup it was found with.
func sampleFinding() (Finding, Setup) {
	const sender, addr = "0x0000000000000000000000000000000000010000", "0xD16d38E314dadd189F03AD9012E0742fD66ab1Eb"
	call := func(fn string, args []string, input string) Call {
		sel := hex.EncodeToString(crypto.Keccak256([]byte(fn))[:4])
		return Call{Sender: sender, Contract: "SequenceFoo", Address: addr, Function: fn, Args: args, Value: "0", Calldata: "0x" + sel + input}
	}
	f := Finding{Kind: "assert-failure", Title: "assertion failed", Contract: "SequenceFoo", Path: "/p/src/SequenceFoo.sol", Unit: "src/SequenceFoo.sol", Line: 17, Column: 13, Seed: 2,
		Calls: []Call{
			call("setY(int256)", []string{"42"}, strings.Repeat("0", 62)+"2a"),
			call("copyY()", []string{}, ""),
			call("bar()", []string{}, ""),
		}}
	return f, Setup{Seed: 2, Contracts: []Deployed{{Name: "SequenceFoo", Unit: "src/SequenceFoo.sol", Address: addr, Order: 1}}}
}

// reportJSON is a report of n findings of calls calls, each with args
// arguments.
func reportJSON(n, calls, args int) []byte {
	f, setup := sampleFinding()
	c := f.Calls[2]
	c.Args = make([]string, args)
	for i := range c.Args {
		c.Args[i] = "1"
	}
	f.Calls = make([]Call, calls)
	for i := range f.Calls {
		f.Calls[i] = c
	}
	fs := make([]Finding, n)
	for i := range fs {
		fs[i] = f
	}
	data, err := json.Marshal(File{Schema: "foresight.report/v1", Setup: setup, Findings: fs})
	if err != nil {
		panic(err)
	}
	return data
}

// TestDecodeReportLimits: the arrays of a report are counted before it
// is decoded, and every field is checked.
func TestDecodeReportLimits(t *testing.T) {
	million := []byte(`{"schema":"foresight.report/v1","findings":[{"kind":"assert-failure","calls":[` +
		strings.Repeat("{},", 1_000_000) + `{}]}]}`)
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"million calls", million, "more than 4096 calls in a finding"},
		{"calls in all", reportJSON(5, 4000, 0), "20000 calls in all, limit 16384"},
		{"arguments", reportJSON(1, 1, 2000), "more than 1024 arguments in a call"},
		{"arguments in all", reportJSON(1, 100, 1000), "100000 call arguments in all"},
		{"findings", []byte(`{"findings":[` + strings.Repeat("{},", 5000) + `{}]}`), "more than 4096 findings"},
		{"inputs", []byte(`{"inputs":[` + strings.Repeat(`"a",`, 5000) + `"a"]}`), "more than 4096 inputs"},
		{"not an array", []byte(`{"findings":{}}`), "findings: not an array"},
		{"calls not objects", []byte(`{"findings":[{"calls":[1]}]}`), "invalid report"},
		{"size", make([]byte, MaxBytes+1), "file too large"},
		{"syntax", []byte(`{"findings":[`), "invalid report"},
		{"input", []byte(`{"inputs":["a\nb"]}`), `input "a\nb" is not a path`},
		{"setup", []byte(`{"setup":{"contracts":[{"name":"C","unit":"C.sol","ctorValue":"-1"}]}}`), `ctorValue of C "-1" is not a decimal amount of wei`},
		{"compiler", []byte(`{"setup":{"contracts":[{"name":"C","unit":"C.sol","compiler":"0.8.0\n"}]}}`), `compiler "0.8.0\n" is not a compiler version`},
	} {
		if _, err := Decode(tt.data); err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrInvalid) && !errors.Is(err, safefile.ErrTooLarge) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	// A set-up campaign's report names the set-up twice: "setUp", a
	// string, and "setup.setUp".
	if rep, err := Decode([]byte(`{"setUp":"T","setup":{"setUp":"T","contracts":[]},"findings":[]}`)); err != nil || rep.Setup.SetUp != "T" {
		t.Errorf("a set-up report: %v", err)
	}
	rep, err := Decode(reportJSON(2, 64, 3))
	if err != nil || len(rep.Findings) != 2 || len(rep.Findings[1].Calls) != 64 {
		t.Fatalf("a valid report: %v", err)
	}
}
