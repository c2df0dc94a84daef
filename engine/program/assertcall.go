package program

import (
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// An assert states what its author takes to hold whatever happens: a
// failing one is the code's own mistake (SWC-110). Two kinds of assert
// check something else, and fail like a revert: one of an external
// call's result (assertsExternalCall) checks another contract, and one
// of the caller's identity (assertsCaller) says who may call.

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

// assertsCaller reports an assert call whose condition compares
// msg.sender with an address, or is a disjunction of such comparisons:
// `assert(msg.sender == WETH)`, the receive() guard of Uniswap's routers
// (only the wrapped-ether contract pays them). Whoever calls chooses
// msg.sender, so any stranger fails it by calling: it is an access check
// written with assert, and its failure is a caller turned away, not a
// state of the contract its author ruled out.
func assertsCaller(call solc.Node) bool {
	args, _ := call["arguments"].([]any)
	if len(args) != 1 {
		return false
	}
	arg, _ := args[0].(map[string]any)
	return callerCheck(solc.Node(arg))
}

// callerCheck reports msg.sender == x (x not msg.sender), either way
// round, a disjunction of such comparisons, or one in parentheses.
func callerCheck(n solc.Node) bool {
	switch n.Type() {
	case "TupleExpression":
		cs, _ := n["components"].([]any)
		return len(cs) == 1 && callerCheck(solc.Node(asMap(cs[0])))
	case "BinaryOperation":
		l, r := child(n, "leftExpression"), child(n, "rightExpression")
		switch n.String("operator") {
		case "||":
			return callerCheck(l) && callerCheck(r)
		case "==":
			return isMsgSender(l) != isMsgSender(r)
		}
	}
	return false
}

// isMsgSender reports the expression msg.sender.
func isMsgSender(n solc.Node) bool {
	return n.Type() == "MemberAccess" && n.String("memberName") == "sender" &&
		child(n, "expression").Type() == "Identifier" && child(n, "expression").String("name") == "msg"
}

// CallerAssert reports whether runtime PC pc of the contract is compiled
// from an assert of the caller's identity (assertsCaller): a Panic(0x01)
// whose origin is pc is an access check that turned a caller away, not
// an assertion failure. (Before 0.8, InvalidSites marks such asserts.)
func (c *Contract) CallerAssert(pc uint64) bool {
	a := c.shared()
	a.callerOnce.Do(func() { a.callerAsserts = a.callerRanges(c.Build) })
	if len(a.callerAsserts) == 0 {
		return false
	}
	e, ok := c.Artifact.Runtime.Map.Entry(pc)
	if !ok {
		return false
	}
	for _, k := range a.callerAsserts {
		if e.File == k.file && e.Start >= k.start && e.Start+e.Length <= k.start+k.length {
			return true
		}
	}
	return false
}

// callerRanges returns the source ranges of the build's asserts of the
// caller's identity, each the statement that holds it when there is one
// (the source map may give the statement's range).
func (a *buildAST) callerRanges(b *solc.Build) []srcKey {
	var out []srcKey
	for _, u := range a.units {
		id, ok := b.FileID(u.name)
		if !ok {
			continue
		}
		solc.Walk(u.ast, func(n solc.Node, parents []solc.Node) bool {
			if n.Type() != "FunctionCall" || child(n, "expression").Type() != "Identifier" ||
				child(n, "expression").String("name") != "assert" || !assertsCaller(n) {
				return true
			}
			at := n
			if len(parents) > 0 && parents[len(parents)-1].Type() == "ExpressionStatement" {
				at = parents[len(parents)-1]
			}
			if start, end, _, ok := at.Src(); ok {
				out = append(out, srcKey{start, end - start, id})
			}
			return false
		})
	}
	return out
}
