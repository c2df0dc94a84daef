package corpus

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/foresight-sol/foresight/engine/safefile"
)

func testInput(contract, fn string, arg int) Input {
	return Input{Calls: []InputCall{{Contract: contract, Function: fn, Args: fmt.Sprintf("0x%064x", arg), Sender: 1}}}
}

// TestCorpusDirShared: two handles on one directory (as two processes)
// see each other's inputs through Scan, never their own, and an equal
// input is stored once under its content hash.
func TestCorpusDirShared(t *testing.T) {
	dir := t.TempDir()
	a, _, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	name, added, err := a.Add(testInput("C", "f(uint256)", 1))
	if err != nil || !added {
		t.Fatalf("add: %v %v", added, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, inputsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if _, want, _ := EncodeInput(testInput("C", "f(uint256)", 1)); name != want || !strings.HasPrefix(name, "C-") {
		t.Errorf("name %q, want %q", name, want)
	}
	if in, err := ParseInput(data); err != nil || in.Calls[0].Args != testInput("C", "", 1).Calls[0].Args {
		t.Errorf("stored input %s: %v", data, err)
	}
	if _, added, _ := b.Add(testInput("C", "f(uint256)", 1)); added {
		t.Error("an equal input was stored twice")
	}
	a.Add(testInput("D", "g()", 2))
	got, err := b.Scan(100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Inputs) != 1 || got.Inputs[0].Calls[0].Contract != "D" {
		t.Errorf("b scanned %+v; want only D's input (C's it wrote itself)", got.Names)
	}
	if got, _ := b.Scan(100); len(got.Inputs) != 0 {
		t.Errorf("second scan returned %v", got.Names)
	}
	b.Add(testInput("E", "h()", 3))
	if got, _ := a.Scan(100); len(got.Inputs) != 1 || got.Inputs[0].Calls[0].Contract != "E" {
		t.Errorf("a scanned %v; want only b's E input", got.Names)
	}
	l, err := b.Load([]string{"D"})
	if err != nil || len(l.Inputs) != 1 || l.Inputs[0].Calls[0].Contract != "D" {
		t.Errorf("load of D: %+v %v", l, err)
	}
	if err := b.Remove(l.Names); err != nil {
		t.Fatal(err)
	}
	if l, _ := a.Load(nil); len(l.Inputs) != 2 {
		t.Errorf("after removing D's input: %d inputs, want C's and E's", len(l.Inputs))
	}
}

// TestCorpusDirLimits: a load stops at MaxLoadedInputs, and files that are
// not regular (a symlink to /dev/zero, a FIFO without a writer) or too
// large are skipped with an error instead of hanging or exhausting memory.
func TestCorpusDirLimits(t *testing.T) {
	dir := t.TempDir()
	d, _, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	for i := range MaxLoadedInputs + 10 {
		if _, _, err := d.Add(testInput("C", "f(uint256)", i)); err != nil {
			t.Fatal(err)
		}
	}
	in := filepath.Join(dir, inputsDir)
	if err := os.Symlink("/dev/zero", filepath.Join(in, "A-zero.json")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(in, "A-fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := make([]byte, maxInputBytes+1)
	os.WriteFile(filepath.Join(in, "A-big.json"), big, 0o644)
	l, err := d.Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Inputs) != MaxLoadedInputs || l.Skipped != 3 || l.OverLimit != 10 {
		t.Errorf("loaded %d, skipped %d, over the limit %d; want %d, 3, 10", len(l.Inputs), l.Skipped, l.OverLimit, MaxLoadedInputs)
	}
	var notRegular, tooLarge int
	for _, p := range l.Problems {
		if errors.Is(p, safefile.ErrNotRegular) {
			notRegular++
		}
		if errors.Is(p, safefile.ErrTooLarge) {
			tooLarge++
		}
	}
	if notRegular != 2 || tooLarge != 1 {
		t.Errorf("problems %v: want 2 not regular, 1 too large", l.Problems)
	}
	// The older format: the same checks on the file itself.
	fifo := filepath.Join(dir, "fifo.json")
	syscall.Mkfifo(fifo, 0o644)
	if _, err := LoadInputs(fifo); !errors.Is(err, safefile.ErrNotRegular) {
		t.Errorf("LoadInputs(FIFO) = %v, want safefile.ErrNotRegular", err)
	}
}

// TestLoadInputsLimit: a file of the older format with more inputs than
// the limit yields the first MaxLoadedInputs of them.
func TestLoadInputsLimit(t *testing.T) {
	var ins []Input
	for i := range MaxLoadedInputs + 100 {
		ins = append(ins, testInput("C", "f(uint256)", i))
	}
	path := filepath.Join(t.TempDir(), "C.json")
	if err := SaveInputs(path, ins); err != nil {
		t.Fatal(err)
	}
	got, err := LoadInputs(path)
	if err != nil || len(got) != MaxLoadedInputs || got[MaxLoadedInputs-1].Calls[0].Args != ins[MaxLoadedInputs-1].Calls[0].Args {
		t.Errorf("loaded %d inputs, %v; want the first %d", len(got), err, MaxLoadedInputs)
	}
}

// TestCorpusDirMigrates: files of the editor's older per-contract format
// become one file per input, and are removed.
func TestCorpusDirMigrates(t *testing.T) {
	dir := t.TempDir()
	old := []Input{testInput("C", "f(uint256)", 1), testInput("C", "f(uint256)", 2)}
	if err := SaveInputs(filepath.Join(dir, "C.json"), old); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "D.json"), []byte(`{"format": "foresight.corpus/v1", "inputs": [`), 0o644)
	d, m, err := Open(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if m.Migrated != 2 || m.Skipped != 1 || !errors.Is(m.Problems[0], ErrCorrupt) {
		t.Errorf("migrated %d, skipped %d (%v); want 2, 1 corrupt", m.Migrated, m.Skipped, m.Problems)
	}
	if _, err := os.Stat(filepath.Join(dir, "C.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the migrated file is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "D.json")); err != nil {
		t.Errorf("the corrupt file was lost: %v", err)
	}
	l, err := d.Load([]string{"C"})
	if err != nil || len(l.Inputs) != 2 {
		t.Errorf("loaded %d, %v; want 2", len(l.Inputs), err)
	}
}

// TestCorpusDirConfined: with a root, nothing is written through a
// symlink leading out of it, and a dangling symlink is never followed to
// create its target.
func TestCorpusDirConfined(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, ".foresight")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Open(filepath.Join(root, ".foresight", "corpus"), root); !errors.Is(err, safefile.ErrOutsideRoot) {
		t.Errorf("open through a symlink out of the root: %v, want ErrOutsideRoot", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("created outside the root: %v", entries)
	}
	// A symlink inside the root is fine.
	os.Remove(filepath.Join(root, ".foresight"))
	os.Mkdir(filepath.Join(root, "real"), 0o755)
	os.Symlink(filepath.Join(root, "real"), filepath.Join(root, ".foresight"))
	d, _, err := Open(filepath.Join(root, ".foresight", "corpus"), root)
	if err != nil {
		t.Fatal(err)
	}
	if _, added, err := d.Add(testInput("C", "f()", 0)); !added || err != nil {
		t.Errorf("add inside the root: %v %v", added, err)
	}
}

// FuzzParseInput: no input file makes parsing panic, and what parses
// encodes back to a file that parses to the same input.
func FuzzParseInput(f *testing.F) {
	data, _, _ := EncodeInput(testInput("C", "f(uint256)", 7))
	f.Add(data)
	f.Add([]byte(`{"format":"foresight.input/v1","calls":[{"contract":"","sender":-1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ParseInput(data)
		if err != nil {
			return
		}
		enc, _, err := EncodeInput(in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseInput(enc); err != nil {
			t.Fatalf("re-encoded input does not parse: %v", err)
		}
	})
}

// BenchmarkCorpusScan measures a re-scan of a directory of 10,000 inputs
// in which nothing is new: what every sharing process pays per
// --corpus-sync interval (docs/scaling.md).
func BenchmarkCorpusScan(b *testing.B) {
	dir := b.TempDir()
	d, _, err := Open(dir, "")
	if err != nil {
		b.Fatal(err)
	}
	for i := range 10_000 {
		if _, _, err := d.Add(testInput("C", "f(uint256)", i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if l, err := d.Scan(MaxLoadedInputs); err != nil || len(l.Inputs) != 0 {
			b.Fatal(len(l.Inputs), err)
		}
	}
}

// BenchmarkCorpusAdd measures writing one new input file.
func BenchmarkCorpusAdd(b *testing.B) {
	d, _, err := Open(b.TempDir(), "")
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		if _, _, err := d.Add(testInput("C", "f(uint256)", i)); err != nil {
			b.Fatal(err)
		}
	}
}
