package trace

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestCallSite follows a frame's internal calls through jumps into and
// out of functions and checks the user's call site found for a foreign
// PC. The code is 64 JUMPDESTs: PCs 10 and 20 are the user's calls into a
// library (foreign from 30 on), 30 a call inside the library, 40 and 50
// returns.
func TestCallSite(t *testing.T) {
	code := make([]byte, 64)
	for i := range code {
		code[i] = 0x5b
	}
	user := make([]bool, len(code))
	foreign := make([]bool, len(code))
	for pc := range user {
		user[pc] = true
		foreign[pc] = pc >= 30
	}
	ret := func(dest uint64) []uint256.Int { return []uint256.Int{*uint256.NewInt(dest)} }
	tests := []struct {
		name  string
		steps []struct {
			pc   uint64
			dest uint64
		}
		at   uint64 // the foreign PC asked about
		want Site
	}{
		{"in the library", steps(10), 35, Site{Code: 0, PC: 10, Valid: true}},
		{"in a library's call of itself", steps(10, 30), 35, Site{Code: 0, PC: 10, Valid: true}},
		{"after the library returned", steps(10, 30, 40, 31, 50, 11), 35, Site{}},
		{"unmarked inner return popped by the outer return", steps(20, 30, 50, 21), 35, Site{}},
		{"return to an outer call", steps(20, 30, 10, 50, 11), 35, Site{Code: 0, PC: 20, Valid: true}},
		{"second call after an unmarked inner return", steps(10, 30, 50, 11, 20), 35, Site{Code: 0, PC: 20, Valid: true}},
		{"user PC", steps(10), 12, Site{}},
	}
	for _, tt := range tests {
		c := NewCode(code, user)
		c.SetForeign(foreign, []uint64{10, 20, 30}, []uint64{40, 50})
		tr := New([]*Code{c})
		f := &tr.frames[0]
		f.code = 0
		for _, s := range tt.steps {
			tr.jump(f, c, s.pc, ret(s.dest))
		}
		if got := tr.site(f, tt.at); got != tt.want {
			t.Errorf("%s: site %+v, want %+v (stack %v)", tt.name, got, tt.want, f.fn.pcs[:min(f.fn.n, maxInternal)])
		}
	}
}

// steps lists jumps: a PC of a call (10, 20, 30) is a jump into a
// function; a return (40, 50) is followed by its destination.
func steps(pcs ...uint64) []struct{ pc, dest uint64 } {
	var out []struct{ pc, dest uint64 }
	for i := 0; i < len(pcs); i++ {
		s := struct{ pc, dest uint64 }{pc: pcs[i]}
		if pcs[i] == 40 || pcs[i] == 50 {
			i++
			s.dest = pcs[i]
		}
		out = append(out, s)
	}
	return out
}

// TestCallSiteOuterFrame finds the call instruction of the calling frame
// when the foreign code runs in a frame of its own (a dependency's
// deployed contract).
func TestCallSiteOuterFrame(t *testing.T) {
	code := []byte{0x5b, 0x5b, 0x5b, 0x5b}
	userCode := NewCode(code, []bool{true, true, true, true})
	dep := NewCode(code, []bool{true, true, true, true})
	dep.SetForeign([]bool{true, true, true, true}, nil, nil)
	tr := New([]*Code{userCode, dep})
	tr.frames[0].code, tr.frames[0].lastUser = 0, 2
	tr.frames[1].code = 1
	if got, want := tr.site(&tr.frames[1], 3), (Site{Code: 0, PC: 2, Valid: true}); got != want {
		t.Errorf("site %+v, want %+v", got, want)
	}
	tr.frames[0].code = NoCode // an attacker's frame: not the user's path
	if got := tr.site(&tr.frames[1], 3); got.Valid {
		t.Errorf("site through an attacker %+v, want none", got)
	}
}
