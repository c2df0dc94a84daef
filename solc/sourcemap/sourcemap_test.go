package sourcemap

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		in   string
		want []Entry
	}{
		{"", nil},
		{"1:2:0:-:0", []Entry{{1, 2, 0, JumpRegular, 0}}},
		{"1:2:0;:3;;4::1:i;::-1;:::o:2", []Entry{
			{1, 2, 0, JumpRegular, 0},
			{1, 3, 0, JumpRegular, 0},
			{1, 3, 0, JumpRegular, 0},
			{4, 3, 1, JumpInto, 0},
			{4, 3, -1, JumpInto, 0},
			{4, 3, -1, JumpOut, 2},
		}},
		{"-1:-1:-1:-", []Entry{{-1, -1, -1, JumpRegular, 0}}},
		{"5", []Entry{{5, -1, -1, JumpRegular, 0}}},
	}
	for _, tt := range tests {
		got, err := Decode(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Decode(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestDecodeMalformed(t *testing.T) {
	for in, field := range map[string]int{
		"a:1:0":          0,
		"1:-2:0":         1,
		"1:1:x":          2,
		"1:1:0:q":        3,
		"1:1:0:-:-1":     4,
		"1:1:0:-:0:9":    5,
		"1:1:0;1:1:0:ii": 3,
		"99999999999":    0,
	} {
		_, err := Decode(in)
		var se *SyntaxError
		if !errors.Is(err, ErrMalformed) || !errors.As(err, &se) || se.Field != field {
			t.Errorf("Decode(%q) = %v, want a SyntaxError in field %d", in, err, field)
		}
	}
}

func TestMapPCs(t *testing.T) {
	// PUSH1 01, PUSH0, PUSH32 <32 bytes>, ADD, JUMPDEST, then metadata bytes
	// beyond the map, then a truncated PUSH2.
	code := []byte{0x60, 0x01, 0x5f, 0x7f}
	code = append(code, make([]byte, 32)...)
	code = append(code, 0x01, 0x5b, 0xa2, 0x61, 0x00)
	m, err := New(code, "0:1:0;2:1:0;4:1:0;6:1:0;8:1:0")
	if err != nil {
		t.Fatal(err)
	}
	wantPCs := []uint64{0, 2, 3, 36, 37, 38, 39}
	if m.Len() != len(wantPCs) {
		t.Fatalf("Len = %d, want %d", m.Len(), len(wantPCs))
	}
	for i, pc := range wantPCs {
		if idx, ok := m.Index(pc); !ok || idx != i {
			t.Errorf("Index(%d) = %d, %v; want %d", pc, idx, ok, i)
		}
		if back, ok := m.PC(i); !ok || back != pc {
			t.Errorf("PC(%d) = %d, %v; want %d", i, back, ok, pc)
		}
	}
	for _, pc := range []uint64{1, 4, 35, 40, 41, 1000} {
		if _, ok := m.Index(pc); ok {
			t.Errorf("Index(%d) should not be an instruction start", pc)
		}
	}
	if e, ok := m.Entry(36); !ok || e.Start != 6 {
		t.Errorf("Entry(36) = %+v, %v", e, ok)
	}
	if _, ok := m.Entry(38); ok {
		t.Error("metadata instruction has an entry")
	}
	if got := m.PCsInRange(0, 2, 7); !reflect.DeepEqual(got, []uint64{2, 3, 36}) {
		t.Errorf("PCsInRange(0, 2, 7) = %v", got)
	}
	if got := m.PCsInRange(1, 0, 100); got != nil {
		t.Errorf("PCsInRange for another file = %v", got)
	}
}

// encode writes entries uncompressed, for round trips.
func encode(es []Entry) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = fmt.Sprintf("%d:%d:%d:%s:%d", e.Start, e.Length, e.File, e.Jump, e.ModifierDepth)
	}
	return strings.Join(parts, ";")
}

func FuzzDecode(f *testing.F) {
	f.Add("1:2:0;:3;;4::1:i;::-1;:::o:2")
	f.Add("-1:-1:-1:-;0:10:2:o")
	f.Fuzz(func(t *testing.T, s string) {
		es, err := Decode(s)
		if err != nil {
			return
		}
		again, err := Decode(encode(es))
		if err != nil || !reflect.DeepEqual(again, es) {
			t.Fatalf("round trip of %q: %v, %v", s, again, err)
		}
	})
}

func FuzzNew(f *testing.F) {
	f.Add([]byte{0x60, 0x01, 0x5f, 0x7f, 0x00}, "0:1:0;2:1:0")
	f.Fuzz(func(t *testing.T, code []byte, s string) {
		m, err := New(code, s)
		if err != nil {
			return
		}
		starts := InstructionStarts(code)
		if m.Len() != len(starts) {
			t.Fatalf("Len %d, %d starts", m.Len(), len(starts))
		}
		for i, pc := range starts {
			if idx, ok := m.Index(uint64(pc)); !ok || idx != i {
				t.Fatalf("Index(%d) = %d, %v; want %d", pc, idx, ok, i)
			}
		}
		for pc := range code {
			m.Entry(uint64(pc))
		}
	})
}
