package corpus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

func TestLoadInputsCorrupt(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := SaveInputs(good, []Input{{Calls: []InputCall{{Contract: "C", Function: "f()"}}}}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(good)
	for name, body := range map[string]string{
		"truncated":  string(data[:len(data)/2]),
		"empty":      "",
		"format":     strings.Replace(string(data), "foresight.corpus/v1", "other/v9", 1),
		"not object": "[1,2,3]",
	} {
		p := filepath.Join(dir, name+".json")
		os.WriteFile(p, []byte(body), 0o644)
		if _, err := LoadInputs(p); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: err = %v, want ErrCorrupt", name, err)
		}
	}
	if _, err := LoadInputs(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) || errors.Is(err, ErrCorrupt) {
		t.Errorf("missing file: err = %v, want not-exist", err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// FuzzInputs feeds arbitrary corpus files through parsing and mapping onto
// a real program: neither may panic.
func FuzzInputs(f *testing.F) {
	prog := testProgram(f, fixtures.Example(f, "PathsBaz.sol"))
	f.Add([]byte(`{"format":"foresight.corpus/v1","inputs":[{"calls":[{"contract":"Baz","function":"baz(int256,int256,int256)","args":"0x00","sender":-7,"value":"x"}]}]}`))
	f.Add([]byte(`{"format":"foresight.corpus/v1","inputs":[{"calls":[{"contract":"Baz","sender":1,"value":"5"}]},{"calls":[]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ins, err := parseInputs(data)
		if err != nil {
			return
		}
		for _, in := range ins {
			SequenceOf(prog, in)
		}
	})
}

var testProgram = testbuild.Program
