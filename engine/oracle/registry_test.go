package oracle

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestNewOrder pins the pipeline's order (registry.go): which oracle runs
// first decides which finding a transaction reports, so reordering New
// changes reports.
func TestNewOrder(t *testing.T) {
	s := New(&Machine{}, Config{Twins: &Twins{}})
	names := func(xs any) []string {
		var out []string
		v := reflect.ValueOf(xs)
		for i := range v.Len() {
			out = append(out, fmt.Sprintf("%T", v.Index(i).Interface()))
		}
		return out
	}
	for _, tt := range []struct {
		got  []string
		want []string
	}{
		{names(s.afterTx), []string{"*oracle.standin", "*oracle.failures", "*oracle.credit", "*oracle.events", "*oracle.tokens", "*oracle.privilege", "*oracle.freezing", "*oracle.properties"}},
		{names(s.afterSeq), []string{"*oracle.order", "*oracle.dos", "*oracle.lock"}},
		{names(s.added), []string{"*oracle.twins"}},
		{names(s.searches), []string{"*oracle.depriv", "*oracle.credit", "*oracle.payee", "*oracle.standin", "*oracle.worse"}},
	} {
		if !reflect.DeepEqual(tt.got, tt.want) {
			t.Errorf("registered %v, want %v", tt.got, tt.want)
		}
	}
	if s := New(&Machine{}, Config{}); len(s.added) != 0 {
		t.Errorf("without twins, %d oracles judge new entries", len(s.added))
	}
}

// fakeOracle reports its finding and counts its calls.
type fakeOracle struct {
	f     *finding.Finding
	calls int
}

func (o *fakeOracle) Check(*Context) *finding.Finding { o.calls++; return o.f }

// fakeSearch runs its sequence once.
type fakeSearch struct {
	seq     txseq.Sequence
	pending bool
}

func (s *fakeSearch) Step(try func(txseq.Sequence)) bool {
	if !s.pending {
		return false
	}
	s.pending = false
	try(s.seq)
	return true
}

// TestSetFirstFinding checks that the first finding in registration order
// ends a step and the oracles after it are not asked.
func TestSetFirstFinding(t *testing.T) {
	a := &fakeOracle{}
	b := &fakeOracle{f: &finding.Finding{Kind: finding.Reentrancy}}
	c := &fakeOracle{f: &finding.Finding{Kind: finding.EtherLeak}}
	s := &Set{m: &Machine{}, afterTx: []Oracle{a, b, c}, afterSeq: []Oracle{c, b}}
	if f := s.AfterTx(&Context{}); f != b.f {
		t.Errorf("AfterTx reported %v, want the second oracle's", f)
	}
	if f := s.AfterSeq(&Context{}); f != c.f {
		t.Errorf("AfterSeq reported %v, want its first oracle's", f)
	}
	if a.calls != 1 || b.calls != 1 || c.calls != 1 {
		t.Errorf("calls %d, %d, %d; want 1 each", a.calls, b.calls, c.calls)
	}
}

// TestSetAlsoInvariant checks that an invariant the transaction broke is
// not hidden by a built-in finding of the same transaction: it is
// Context.Also beside it, or, while it is the finding shrunk, the one
// reported.
func TestSetAlsoInvariant(t *testing.T) {
	wrap := &fakeOracle{f: &finding.Finding{Kind: finding.IntegerWrap}}
	inv := &fakeOracle{f: &finding.Finding{Kind: finding.Invariant, Check: "invariant_total"}}
	s := &Set{m: &Machine{}, afterTx: []Oracle{wrap, inv}, props: inv}
	x := &Context{}
	if f := s.AfterTx(x); f != wrap.f || x.Also != inv.f {
		t.Errorf("AfterTx reported %v beside %v, want the wrap beside the invariant", f, x.Also)
	}
	key := inv.f.Key()
	x = &Context{Shrinking: &key}
	if f := s.AfterTx(x); f != inv.f || x.Also != nil {
		t.Errorf("shrinking the invariant, AfterTx reported %v beside %v, want the invariant alone", f, x.Also)
	}
	inv.f = nil
	x = &Context{}
	if f := s.AfterTx(x); f != wrap.f || x.Also != nil {
		t.Errorf("with the invariant holding, AfterTx reported %v beside %v, want the wrap alone", f, x.Also)
	}
}

// TestSetStep checks that Step runs the first pending search's sequence
// with Config.Try, one per call, in registration order.
func TestSetStep(t *testing.T) {
	x := &fakeSearch{seq: txseq.Sequence{{Method: 1}}, pending: true}
	y := &fakeSearch{seq: txseq.Sequence{{Method: 2}}, pending: true}
	var ran []int
	s := &Set{searches: []Search{x, y}, try: func(seq txseq.Sequence) { ran = append(ran, seq[0].Method) }}
	for s.Step() {
	}
	if !reflect.DeepEqual(ran, []int{1, 2}) {
		t.Errorf("ran %v, want [1 2]", ran)
	}
}
