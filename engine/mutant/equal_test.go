package mutant

import (
	"bytes"
	"os"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestSameCode: a comment changes only the metadata hash, which is
// ignored; a mutant changes the code.
func TestSameCode(t *testing.T) {
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	orig, file := compileOps(t, tc, nil)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	commented, _ := compileOps(t, tc, append(bytes.Clone(text), "\n// a comment changes the metadata hash only\n"...))
	if same, err := SameCode(orig, commented); err != nil || !same {
		t.Errorf("a comment: same code %v (%v), want true", same, err)
	}
	m := Mutant{ID: "m", Start: bytes.Index(text, []byte("total++")) + 5, Replace: "--"}
	m.End = m.Start + 2
	edited, err := m.Apply(text)
	if err != nil {
		t.Fatal(err)
	}
	mutated, _ := compileOps(t, tc, edited)
	if same, err := SameCode(orig, mutated); err != nil || same {
		t.Errorf("total-- for total++: same code %v (%v), want false", same, err)
	}
}

// TestMaskMetadata: every ipfs hash is zeroed, the embedded one too, and
// nothing else.
func TestMaskMetadata(t *testing.T) {
	hash := bytes.Repeat([]byte{0xab}, 34)
	meta := append(append([]byte("\xa2\x64ipfs\x58\x22"), hash...), "\x64solc\x43\x00\x08\x25\x00\x33"...)
	code := append(append(append([]byte{0x60, 0x80}, meta...), 0x60, 0x01), meta...)
	got := maskMetadata(bytes.Clone(code))
	if bytes.Contains(got, hash[:4]) {
		t.Errorf("a hash is left: %x", got)
	}
	if len(got) != len(code) || got[0] != 0x60 || !bytes.Contains(got, []byte("solc")) {
		t.Errorf("masked more than the hashes: %x", got)
	}
}

// TestHasCode: a line of a deployed contract has code; a line of an
// abstract contract that nothing in the compile inherits has none, so a
// mutant of it is out of reach, not equivalent.
func TestHasCode(t *testing.T) {
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	_, file := compileOps(t, tc, nil)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, "\nabstract contract Unused {\n    uint256 internal x;\n    function poke() public { x = 7; }\n}\n"...)
	builds, _ := compileOps(t, tc, text)
	unit := "src/Ops.sol"
	for _, tt := range []struct {
		needle string
		want   bool
	}{{"total++", true}, {"x = 7", false}} {
		start := bytes.Index(text, []byte(tt.needle))
		got, err := HasCode(builds, unit, start, start+len(tt.needle))
		if err != nil || got != tt.want {
			t.Errorf("%s: has code %v (%v), want %v", tt.needle, got, err, tt.want)
		}
	}
}
