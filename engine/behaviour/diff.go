package behaviour

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// This file finds the first observable difference between two runs of a
// sequence and says it in the words of a caller.

// firstDiff compares a sequence's observations on the old (ob) and the
// new (oa) build: per transaction its outcome, return or revert data,
// events and ether moved, then the reads afterwards. Gas is not looked at.
func (r *runner) firstDiff(seq Sequence, ob, oa seqObs) (Difference, bool) {
	for i := range seq {
		b, a := ob.txs[i], oa.txs[i]
		aspect, before, after := r.txDiff(seq[i], b, a)
		if aspect == "" {
			continue
		}
		f, _ := r.functionOf(seq[i])
		return r.difference(seq, i, f, aspect, before, after, ""), true
	}
	for i := range min(len(ob.reads), len(oa.reads)) {
		b, a := ob.reads[i], oa.reads[i]
		if b.status == a.status && bytes.Equal(b.ret, a.ret) {
			continue
		}
		f, _ := r.functionOf(seq[len(seq)-1])
		read := "`" + strings.TrimSuffix(b.getter, "()") + "()`"
		if strings.HasPrefix(b.getter, "balanceOf(") {
			read = "`" + b.contract + ".balanceOf(" + strings.TrimSuffix(strings.TrimPrefix(b.getter, "balanceOf("), ")") + ")`"
		} else if i := strings.IndexByte(b.getter, '('); i >= 0 {
			read = "`" + b.getter[:i] + "()`"
		}
		before, after := r.renderRead(b), r.renderRead(a)
		d := r.difference(seq, len(seq), f, "getter", before, after, read)
		d.read = i
		return d, true
	}
	return Difference{}, false
}

// txDiff says how one transaction differs, if it does.
func (r *runner) txDiff(c Call, b, a txObs) (aspect, before, after string) {
	m, _ := r.method(c)
	switch {
	case b.status != a.status:
		return "outcome", r.renderOutcome(c, m, b), r.renderOutcome(c, m, a)
	case !bytes.Equal(b.ret, a.ret) && b.status == "ok":
		return "return", r.renderOutcome(c, m, b), r.renderOutcome(c, m, a)
	case !bytes.Equal(b.ret, a.ret):
		return "revert", r.renderOutcome(c, m, b), r.renderOutcome(c, m, a)
	case !slices.EqualFunc(b.events, a.events, equalEvent):
		return "events", r.renderEvents(b.events), r.renderEvents(a.events)
	case !slices.Equal(b.ether, a.ether):
		return "ether", renderMoves(b.ether), renderMoves(a.ether)
	}
	return "", "", ""
}

// difference builds the record and its message: "`withdraw(1)` after
// `deposit(3)`: before returned 333, now 334".
func (r *runner) difference(seq Sequence, step int, f Function, aspect, before, after, read string) Difference {
	d := Difference{Function: f, Sequence: seq, Step: step, Aspect: aspect, Before: before, After: after}
	for _, c := range seq {
		d.Calls = append(d.Calls, r.renderCall(c))
	}
	var subject string
	var prior []string
	if step < len(seq) {
		subject, prior = "`"+d.Calls[step]+"`", d.Calls[:step]
	} else {
		subject, prior = read, d.Calls
	}
	var b strings.Builder
	b.WriteString(subject)
	if len(prior) > 0 {
		b.WriteString(" after `" + strings.Join(prior, "`, `") + "`")
	}
	// "before returned 333, now 334": the verb once when both share it.
	now := after
	if verb, _, ok := strings.Cut(before, " "); ok && verb == "returned" && strings.HasPrefix(after, verb+" ") {
		now = strings.TrimPrefix(after, verb+" ")
	}
	fmt.Fprintf(&b, ": before %s, now %s", before, now)
	d.Message = b.String()
	return d
}

// equalObs reports whether two runs of one sequence on one build showed
// the same.
func equalObs(x, y seqObs) bool {
	return slices.EqualFunc(x.txs, y.txs, func(a, b txObs) bool {
		return a.status == b.status && bytes.Equal(a.ret, b.ret) && slices.EqualFunc(a.events, b.events, equalEvent) && slices.Equal(a.ether, b.ether)
	}) && slices.EqualFunc(x.reads, y.reads, func(a, b readObs) bool {
		return a.contract == b.contract && a.getter == b.getter && a.status == b.status && bytes.Equal(a.ret, b.ret)
	})
}

func equalEvent(a, b event) bool {
	return a.emitter == b.emitter && slices.Equal(a.topics, b.topics) && bytes.Equal(a.data, b.data)
}
