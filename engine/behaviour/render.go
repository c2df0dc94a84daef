package behaviour

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/program"
)

// This file renders calls, outcomes and events for people, decoded with
// the new build's ABI (the functions compared have the same signature in
// both).

// renderCall is "withdraw(1000)", with the value sent and the sender
// when it is not the first.
func (r *runner) renderCall(c Call) string {
	m, ok := r.method(c)
	if !ok {
		return c.Contract + ".0x" + hex.EncodeToString(c.Input)
	}
	s := m.RawName + "(…)"
	if args, err := calldata.Decode(m.Inputs, c.Input[4:]); err == nil {
		s = m.RawName + calldata.FormatArgs(args)
	}
	if !c.Value.IsZero() {
		s += " with " + c.Value.Dec() + " wei"
	}
	if i := r.senderIndex(c.Sender); i != 0 {
		s += " from " + senderName(i, c.Sender)
	}
	return s
}

func (r *runner) senderIndex(a common.Address) int {
	for i, s := range r.senders {
		if s == a {
			return i
		}
	}
	return -1
}

// renderOutcome is "returned 333", "succeeded", "reverted \"not owner\""
// or the failure.
func (r *runner) renderOutcome(c Call, m *program.Method, o txObs) string {
	switch o.status {
	case "ok":
		if m == nil || len(m.Outputs) == 0 || len(o.ret) == 0 {
			return "succeeded"
		}
		return "returned " + decoded(m.Outputs, o.ret)
	case "revert":
		return "reverted" + r.revertText(c.Contract, o.ret)
	default:
		return "failed (" + o.status + ")"
	}
}

// renderRead is a getter's answer.
func (r *runner) renderRead(o readObs) string {
	if o.status != "ok" {
		return "reverted" + r.revertText(o.contract, o.ret)
	}
	for _, p := range r.m.pairs {
		if p.name != o.contract {
			continue
		}
		for _, g := range p.getters {
			if g.Sig == o.getter {
				return "returned " + decoded(g.Outputs, o.ret)
			}
		}
	}
	return "returned " + decoded(abi.Arguments{{Type: uint256Type}}, o.ret)
}

var uint256Type, _ = abi.NewType("uint256", "", nil)

// decoded renders return data by its types, else as hex.
func decoded(outs abi.Arguments, ret []byte) string {
	vals, err := calldata.Decode(outs, ret)
	if err != nil {
		return "0x" + hex.EncodeToString(ret)
	}
	s := calldata.FormatArgs(vals)
	if len(vals) == 1 {
		s = s[1 : len(s)-1]
	}
	return s
}

// revertText is ` "reason"`, ` Panic(0x11)`, ` Custom(args)` or the raw
// data.
func (r *runner) revertText(contract string, ret []byte) string {
	if len(ret) == 0 {
		return ""
	}
	if reason, err := abi.UnpackRevert(ret); err == nil {
		return " " + calldata.Quote(reason)
	}
	for _, p := range r.m.pairs {
		if p.name != contract || len(ret) < 4 {
			continue
		}
		for _, e := range p.new.ABI.Errors {
			if string(e.ID[:4]) == string(ret[:4]) {
				return " " + e.Name + decoded(e.Inputs, ret[4:])
			}
		}
	}
	return " with 0x" + hex.EncodeToString(ret)
}

// renderEvents lists events decoded by their emitter's ABI.
func (r *runner) renderEvents(evs []event) string {
	if len(evs) == 0 {
		return "emitted nothing"
	}
	parts := make([]string, len(evs))
	for i, e := range evs {
		parts[i] = r.renderEvent(e)
	}
	return "emitted " + strings.Join(parts, ", ")
}

func (r *runner) renderEvent(e event) string {
	for _, p := range r.m.pairs {
		if p.name != e.emitter || len(e.topics) == 0 {
			continue
		}
		for _, ev := range p.new.ABI.Events {
			if ev.ID != e.topics[0] {
				continue
			}
			if s, ok := eventArgs(ev, e); ok {
				return ev.RawName + s
			}
		}
		for _, ev := range p.old.ABI.Events {
			if ev.ID != e.topics[0] {
				continue
			}
			if s, ok := eventArgs(ev, e); ok {
				return ev.RawName + s
			}
		}
	}
	return fmt.Sprintf("log%d(0x%s)", len(e.topics), hex.EncodeToString(e.data))
}

// eventArgs renders an event's arguments in declaration order: indexed
// ones from the topics, the others from the data.
func eventArgs(ev abi.Event, e event) (string, bool) {
	data, err := calldata.Decode(ev.Inputs.NonIndexed(), e.data)
	if err != nil {
		return "", false
	}
	var parts []string
	topic, k := 1, 0
	for _, in := range ev.Inputs {
		if !in.Indexed {
			parts = append(parts, calldata.Format(data[k]))
			k++
			continue
		}
		if topic >= len(e.topics) {
			return "", false
		}
		t := e.topics[topic]
		topic++
		switch in.Type.T {
		case abi.AddressTy:
			parts = append(parts, common.BytesToAddress(t[:]).Hex())
		case abi.UintTy, abi.BoolTy:
			parts = append(parts, new(big.Int).SetBytes(t[:]).String())
		default:
			parts = append(parts, t.Hex())
		}
	}
	return "(" + strings.Join(parts, ", ") + ")", true
}

// renderMoves is "moved sender 1 -5, Vault +5".
func renderMoves(ms []move) string {
	if len(ms) == 0 {
		return "moved no ether"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.account + " " + m.delta
	}
	return "moved " + strings.Join(parts, ", ") + " wei"
}
