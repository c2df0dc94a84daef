package program

import (
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// assertsExternalCall reports an assert call whose condition is the
// result of an external call, directly, negated or compared with a
// literal: `assert(token.transfer(to, v))`, `assert(!x.send(v))`,
// `assert(token.approve(s, v) == true)`. Before 0.5 this was the idiom
// for "revert if the token call failed" (OpenZeppelin's SafeERC20 before
// 2.0): it checks what another contract returned, not an invariant of
// the code that asserts.
func assertsExternalCall(call solc.Node) bool {
	args, _ := call["arguments"].([]any)
	if len(args) != 1 {
		return false
	}
	arg, _ := args[0].(map[string]any)
	return externalResult(solc.Node(arg))
}

// externalResult reports an expression that is an external call's
// result, possibly negated or compared with a literal.
func externalResult(n solc.Node) bool {
	switch n.Type() {
	case "UnaryOperation":
		sub, _ := n["subExpression"].(map[string]any)
		return n.String("operator") == "!" && externalResult(solc.Node(sub))
	case "BinaryOperation":
		if op := n.String("operator"); op != "==" && op != "!=" {
			return false
		}
		l, _ := n["leftExpression"].(map[string]any)
		r, _ := n["rightExpression"].(map[string]any)
		left, right := solc.Node(l), solc.Node(r)
		return externalResult(left) && right.Type() == "Literal" ||
			externalResult(right) && left.Type() == "Literal"
	case "FunctionCall":
		return n.String("kind") == "functionCall" && externalCallee(n)
	}
	return false
}

// externalCallee reports a call whose callee is a member of a
// contract-typed expression (an external function) or a low-level call
// (`.call`, `.send`, `.delegatecall`, `.staticcall`, also through
// `.value(v)` / `.gas(g)`).
func externalCallee(call solc.Node) bool {
	e, _ := call["expression"].(map[string]any)
	callee := solc.Node(e)
	for callee.Type() == "FunctionCall" {
		// x.call.value(v)(...): the callee is itself a call of an option.
		e, _ = callee["expression"].(map[string]any)
		callee = solc.Node(e)
	}
	if callee.Type() != "MemberAccess" {
		return false
	}
	base, _ := callee["expression"].(map[string]any)
	switch callee.String("memberName") {
	case "call", "send", "delegatecall", "callcode", "staticcall":
		return strings.HasPrefix(typeString(solc.Node(base)), "address")
	case "value", "gas":
		return externalCallee(solc.Node{"expression": base})
	}
	// A library function bound to a contract value (`using SafeERC20
	// for ERC20`) is internal: only an external function type counts.
	return strings.HasPrefix(typeString(solc.Node(base)), "contract ") &&
		strings.Contains(typeString(callee), " external")
}
