package solc

import (
	"encoding/hex"
	"reflect"
	"sort"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc/position"
)

// opcodeLines returns the sorted distinct one-based lines of the user-source
// locations of every instance of opcode op in code.
func opcodeLines(t *testing.T, b *Build, c Code, op byte) []int {
	t.Helper()
	seen := map[int]bool{}
	for i := 0; i < c.Map.Len(); i++ {
		pc, _ := c.Map.PC(i)
		if c.Bytes[pc] != op {
			continue
		}
		e, ok := c.Map.Entry(pc)
		if !ok {
			continue
		}
		loc, ok := b.Locate(e)
		if !ok {
			continue
		}
		line, _, err := position.NewMapper(b.Units[loc.Unit].Content).LineCol(loc.Start)
		if err != nil {
			t.Fatal(err)
		}
		seen[line+1] = true
	}
	var lines []int
	for l := range seen {
		lines = append(lines, l)
	}
	sort.Ints(lines)
	return lines
}

func artifact(t *testing.T, b *Build, name string) *Artifact {
	t.Helper()
	as, err := b.Artifacts()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	t.Fatalf("no artifact %s", name)
	return nil
}

const (
	opSSTORE       = 0x55
	opSELFDESTRUCT = 0xff
	opINVALID      = 0xfe
)

// TestSourceMapsOfRealOutput checks that the instructions whose effect is
// known from the source (every storage write, the selfdestruct, the 0.4
// assert) map to the lines that cause them, in 0.8 and 0.4 output.
func TestSourceMapsOfRealOutput(t *testing.T) {
	tc := testToolchain(t)

	foo := compileFile(t, tc, fixtures.Example(t, "SequenceFoo.sol"), nil)
	a := artifact(t, foo, "SequenceFoo")
	if got, want := opcodeLines(t, foo, a.Runtime, opSSTORE), []int{23, 25, 27}; !reflect.DeepEqual(got, want) {
		t.Errorf("SequenceFoo runtime SSTORE lines = %v, want %v", got, want)
	}
	if got, want := opcodeLines(t, foo, a.Creation, opSSTORE), []int{11, 12}; !reflect.DeepEqual(got, want) {
		t.Errorf("SequenceFoo constructor SSTORE lines = %v, want %v", got, want)
	}

	wallet := compileFile(t, tc, fixtures.Example(t, "BonusWallet.sol"), nil)
	w := artifact(t, wallet, "BonusWallet")
	if got, want := opcodeLines(t, wallet, w.Runtime, opSELFDESTRUCT), []int{34}; !reflect.DeepEqual(got, want) {
		t.Errorf("BonusWallet SELFDESTRUCT lines = %v, want %v", got, want)
	}
	// 0.4 resizes storage arrays (push, length--) in a shared routine that
	// the source map attributes to the whole contract, which starts at line 7.
	if got, want := opcodeLines(t, wallet, w.Runtime, opSSTORE), []int{7, 19, 29}; !reflect.DeepEqual(got, want) {
		t.Errorf("BonusWallet SSTORE lines = %v, want %v", got, want)
	}
	// 0.4's bounds check on bonusCodes[idx] is an INVALID at line 29.
	if got := opcodeLines(t, wallet, w.Runtime, opINVALID); !contains(got, 29) {
		t.Errorf("BonusWallet INVALID lines = %v, want line 29 among them", got)
	}
}

func selector(sig string) string { return hex.EncodeToString(crypto.Keccak256([]byte(sig))[:4]) }

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func TestFunctionsFromAST(t *testing.T) {
	tc := testToolchain(t)
	for _, tt := range []struct {
		file string
		want []Function
	}{
		{"SequenceFoo.sol", []Function{
			{Contract: "SequenceFoo", Kind: "constructor", Visibility: "public", Mutability: "nonpayable"},
			{Contract: "SequenceFoo", Name: "bar", Kind: "function", Selector: selector("bar()"), Visibility: "public", Mutability: "view"},
			{Contract: "SequenceFoo", Name: "setY", Kind: "function", Selector: selector("setY(int256)"), Visibility: "public", Mutability: "nonpayable"},
			{Contract: "SequenceFoo", Name: "incX", Kind: "function", Selector: selector("incX()"), Visibility: "public", Mutability: "nonpayable"},
			{Contract: "SequenceFoo", Name: "copyY", Kind: "function", Selector: selector("copyY()"), Visibility: "public", Mutability: "nonpayable"},
		}},
		{"BonusWallet.sol", []Function{
			{Contract: "BonusWallet", Kind: "constructor", Visibility: "public", Mutability: "nonpayable"},
			{Contract: "BonusWallet", Kind: "fallback", Visibility: "public", Mutability: "payable"},
			{Contract: "BonusWallet", Name: "pushCode", Kind: "function", Visibility: "public", Mutability: "nonpayable"},
			{Contract: "BonusWallet", Name: "popCode", Kind: "function", Visibility: "public", Mutability: "nonpayable"},
			{Contract: "BonusWallet", Name: "setCodeAt", Kind: "function", Visibility: "public", Mutability: "nonpayable"},
			{Contract: "BonusWallet", Name: "destroy", Kind: "function", Visibility: "public", Mutability: "nonpayable"},
		}},
	} {
		b := compileFile(t, tc, fixtures.Example(t, tt.file), nil)
		ast, err := ParseAST(b.Output.Sources[tt.file].AST)
		if err != nil {
			t.Fatal(err)
		}
		fs := Functions(ast)
		content := string(b.Units[tt.file].Content)
		if len(fs) != len(tt.want) {
			t.Fatalf("%s: %d functions, want %d: %+v", tt.file, len(fs), len(tt.want), fs)
		}
		for i, f := range fs {
			w := tt.want[i]
			if f.Contract != w.Contract || f.Name != w.Name || f.Kind != w.Kind || f.Selector != w.Selector || f.Visibility != w.Visibility || f.Mutability != w.Mutability {
				t.Errorf("%s function %d = %+v, want %+v", tt.file, i, f, w)
			}
			if f.Name != "" && f.NameStart >= 0 && content[f.NameStart:f.NameStart+len(f.Name)] != f.Name {
				t.Errorf("%s: name location of %s wrong", tt.file, f.Name)
			}
			if f.Start < 0 || f.End > len(content) || f.Start >= f.End {
				t.Errorf("%s: range of %s = %d..%d", tt.file, f.Name, f.Start, f.End)
			}
		}
	}
}
