package maze

import (
	"fmt"
	"math/rand/v2"
)

// Guard shapes of Params.State: conditions over storage that earlier
// calls wrote, in the maze or in a second contract, and the string and
// bytes compares that decide those writes. A fuzzer meets them only in
// sequences (the write first, then the move), and a solver that reads one
// transaction's comparisons sees a constant on both sides of the guard:
// what it must solve lies in the earlier call.
const (
	kindSlot   condKind = iota + 200 // slot[K2] == K3: set(K2, K3) earlier
	kindTally                        // tally >= K1: add(x) earlier, x % 2^16 each, as often as it takes
	kindLabel                        // (labels & 1<<K2) != 0: label(s) earlier with s the K2-th string
	kindCode                         // (coded & 1<<K2) != 0: code(b) earlier with b the K2-th bytes8, compared byte by byte
	kindRemote                       // h.kept() == K3: send(K3) earlier, which stores it in the helper
)

// tallyStep is the most one add call puts into the tally.
const tallyStep = 1<<16 - 1

// stateful draws one condition over state that a witness's earlier calls
// set (setup gives them); labels and codes count the string and bytes
// constants drawn so far, so each gets its own bit.
func (m *Maze) stateful(r *rand.Rand) Cond {
	switch r.IntN(5) {
	case 0:
		return Cond{Kind: kindSlot, K2: r.Uint64N(4), K3: word(r)}
	case 1:
		// Two to eight full adds.
		return Cond{Kind: kindTally, K1: tallyStep + 1 + r.Uint64N(7*tallyStep)}
	case 2:
		if m.labels < 256 {
			m.labels++
			return Cond{Kind: kindLabel, K2: uint64(m.labels - 1), K3: r.Uint64()}
		}
	case 3:
		if m.codes < 256 {
			m.codes++
			return Cond{Kind: kindCode, K2: uint64(m.codes - 1), K3: r.Uint64()}
		}
	}
	return Cond{Kind: kindRemote, K3: word(r)}
}

// label is the string kindLabel's K3 stands for.
func label(k uint64) string { return fmt.Sprintf("key-%x", k) }

// stateSolidity renders a stateful condition (ok false for the others).
func (c Cond) stateSolidity() (string, bool) {
	switch c.Kind {
	case kindSlot:
		return fmt.Sprintf("slot[%d] == %s", c.K2, lit(c.K3)), true
	case kindTally:
		return fmt.Sprintf("tally >= %s", lit(c.K1)), true
	case kindLabel:
		return fmt.Sprintf("(labels & (1 << %d)) != 0", c.K2), true
	case kindCode:
		return fmt.Sprintf("(coded & (1 << %d)) != 0", c.K2), true
	case kindRemote:
		return fmt.Sprintf("h.kept() == %s", lit(c.K3)), true
	}
	return "", false
}

// setup returns the calls that make a stateful condition hold before the
// move it guards (none for the others): the witness runs them first.
func (c Cond) setup() []Move {
	one := func(f string, args ...string) Move { return Move{Function: f, Args: args, Value: "0"} }
	switch c.Kind {
	case kindSlot:
		return []Move{one("set", fmt.Sprint(c.K2), fmt.Sprint(c.K3))}
	case kindTally:
		// tally only grows, so a move's adds keep every earlier
		// tally guard of the witness.
		var out []Move
		for n := uint64(0); n < c.K1; n += tallyStep {
			out = append(out, one("add", fmt.Sprint(tallyStep)))
		}
		return out
	case kindLabel:
		return []Move{one("label", label(c.K3))}
	case kindCode:
		return []Move{one("code", fmt.Sprintf("0x%016x", c.K3))}
	case kindRemote:
		return []Move{one("send", fmt.Sprint(c.K3))}
	}
	return nil
}

// stateDecls is the main contract's state and the functions that write
// it, for the conditions conds (labels and codes: one compare each).
func stateDecls(conds []Cond) []string {
	out := []string{
		"uint64[4] internal slot;",
		"uint64 internal tally;",
		"uint256 internal labels;",
		"uint256 internal coded;",
		"",
		"function set(uint64 i, uint64 v) external {",
		"    slot[i % 4] = v;",
		"}",
		"",
		"function add(uint64 x) external {",
		"    unchecked {",
		"        tally += x % 65536;",
		"    }",
		"}",
		"",
		"function send(uint64 v) external {",
		"    h.keep(v);",
		"}",
		"",
		"function label(string calldata s) external {",
		"    bytes32 k = keccak256(bytes(s));",
	}
	for _, c := range conds {
		if c.Kind == kindLabel {
			out = append(out, fmt.Sprintf("    if (k == keccak256(%q)) labels |= 1 << %d;", label(c.K3), c.K2))
		}
	}
	out = append(out, "}", "", "function code(bytes calldata b) external {")
	for _, c := range conds {
		if c.Kind == kindCode {
			out = append(out, fmt.Sprintf("    if (_same(b, 0x%016x)) coded |= 1 << %d;", c.K3, c.K2))
		}
	}
	return append(out, "}",
		"",
		"function _same(bytes calldata b, bytes8 k) internal pure returns (bool) {",
		"    if (b.length != 8) return false;",
		"    for (uint256 i = 0; i < 8; i++) {",
		"        if (b[i] != k[i]) return false;",
		"    }",
		"    return true;",
		"}",
	)
}

// helperState is the helper's state for kindRemote: a value the maze
// stores there on send.
var helperState = []string{
	"    uint64 public kept;",
	"",
	"    function keep(uint64 v) external {",
	"        kept = v;",
	"    }",
}
