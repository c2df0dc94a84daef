package program

import (
	"strings"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/solc"
)

// An InvalidSite is an INVALID (0xfe) instruction of code compiled before
// 0.8, with the Solidity 0.8 panic code of the check it implements.
type InvalidSite struct {
	PC    uint64
	Panic uint64 // 0x01 assert, 0x12 division, 0x21 enum, 0x32 index, 0x51 function pointer, 0x00 unknown
	// Revert marks an assert of an external call's result (the pre-0.5
	// idiom `assert(token.transfer(to, v))`): it checks another
	// contract's behaviour, not an invariant of this code, so it fails
	// like a revert and is no finding. So does an assert of the caller's
	// identity (`assert(msg.sender == WETH)`, assertsCaller), an access
	// check.
	Revert bool
}

// revertPanic is the internal code of an assert that is a revert.
const revertPanic = ^uint64(0)

// InvalidSites classifies the INVALID instructions of code compiled before
// 0.8. Those compilers emit INVALID for assert and for their built-in
// checks alike (index out of bounds, division by zero, enum conversion, a
// zero internal function pointer), where 0.8 reverts with distinct Panic
// codes. Only an INVALID whose source range is an assert(...) call is an
// assertion; the others get the panic code 0.8 would use, found from the
// AST node at the instruction's source range. Nil for 0.8 and later.
func (c *Contract) InvalidSites() []InvalidSite {
	if !c.Legacy() {
		return nil
	}
	a := c.shared()
	a.invalidOnce.Do(func() { a.invalid = a.invalidCodes() })
	codes := a.invalid
	var out []InvalidSite
	code := c.Artifact.Runtime.Bytes
	for pc := 0; pc < len(code); pc++ {
		op := vm.OpCode(code[pc])
		if op == vm.INVALID {
			s := InvalidSite{PC: uint64(pc)}
			if e, ok := c.Artifact.Runtime.Map.Entry(uint64(pc)); ok && e.HasSource() {
				s.Panic = codes[srcKey{e.Start, e.Length, e.File}]
			}
			if s.Panic == revertPanic {
				s.Panic, s.Revert = 0, true
			}
			out = append(out, s)
		}
		if op >= vm.PUSH1 && op <= vm.PUSH32 {
			pc += int(op - vm.PUSH1 + 1)
		}
	}
	return out
}

// invalidCodes maps the source ranges of the build's nodes an INVALID
// can implement a check of to the check's panic code.
func (a *buildAST) invalidCodes() map[srcKey]uint64 {
	codes := map[srcKey]uint64{}
	for _, u := range a.units {
		solc.Walk(u.ast, func(n solc.Node, parents []solc.Node) bool {
			start, end, file, ok := n.Src()
			if !ok {
				return true
			}
			k := srcKey{start, end - start, file}
			if code, ok := invalidPanic(n); ok {
				switch {
				case code == 0x01 && (assertsExternalCall(n) || assertsCaller(n)):
					code = revertPanic
				case code == 0x01 && overflowCheck(n) && libraryArithmetic(parents):
					code = 0x11
				}
				if _, seen := codes[k]; !seen {
					// The outermost node of a range decides: an
					// expression statement's range differs from its
					// expression's, so nested nodes rarely collide.
					codes[k] = code
				}
			}
			return true
		})
	}
	return codes
}

// invalidPanic returns the panic code of the check an INVALID mapped to
// node n implements, if n is a node such a check maps to.
func invalidPanic(n solc.Node) (uint64, bool) {
	switch n.Type() {
	case "FunctionCall":
		e, _ := n["expression"].(map[string]any)
		callee := solc.Node(e)
		switch {
		case callee.Type() == "Identifier" && callee.String("name") == "assert":
			return 0x01, true
		case n.String("kind") == "typeConversion" && isEnum(typeString(n)):
			return 0x21, true
		}
	case "IndexAccess":
		return 0x32, true
	case "BinaryOperation":
		if op := n.String("operator"); op == "/" || op == "%" {
			return 0x12, true
		}
	case "Assignment":
		switch {
		case n.String("operator") == "/=" || n.String("operator") == "%=":
			return 0x12, true
		case isEnum(typeString(n)):
			return 0x21, true
		}
	case "VariableDeclaration":
		// The getter of a public state variable: an enum read from
		// storage is checked, an array index is bounds-checked.
		if !n.Bool("stateVariable") {
			if isEnum(typeString(n)) {
				return 0x21, true // an enum parameter out of range
			}
			return 0, false
		}
		if isEnum(typeString(n)) {
			return 0x21, true
		}
		return 0x32, true
	case "ContractDefinition":
		// The shared target of jumps through internal function pointers
		// that were never assigned.
		return 0x51, true
	}
	return 0, false
}

func isEnum(typ string) bool { return strings.HasPrefix(typ, "enum ") }

// overflowCheck reports an assert call whose condition compares values
// with each other (`c >= a`, `a == 0 || c / a == b`): at least two
// identifiers and no literal but 0, unlike `assert(x != 777)`.
func overflowCheck(call solc.Node) bool {
	args, _ := call["arguments"].([]any)
	if len(args) != 1 {
		return false
	}
	arg, _ := args[0].(map[string]any)
	ids, ok := 0, true
	solc.Walk(solc.Node(arg), func(n solc.Node, _ []solc.Node) bool {
		switch n.Type() {
		case "Identifier":
			ids++
		case "Literal":
			ok = ok && n.String("value") == "0"
		}
		return ok
	})
	return ok && ids >= 2
}

// libraryArithmetic reports an assert inside a function of a library that
// computes with +, -, *, / or %: the overflow and division checks of a
// SafeMath written before 0.8 (`assert(c >= a)`, `assert(b <= a)`). They
// guard the caller's input as 0.8's checked arithmetic does, so they are
// panic 0x11 (opt-in), not assertion failures.
func libraryArithmetic(parents []solc.Node) bool {
	var fn solc.Node
	lib := false
	for _, p := range parents {
		switch p.Type() {
		case "ContractDefinition":
			lib = p.String("contractKind") == "library"
		case "FunctionDefinition":
			fn = p
		}
	}
	if !lib || fn == nil {
		return false
	}
	arith := false
	solc.Walk(fn, func(n solc.Node, _ []solc.Node) bool {
		if n.Type() == "BinaryOperation" && strings.Contains("+-*/%", n.String("operator")) && len(n.String("operator")) == 1 {
			arith = true
		}
		return !arith
	})
	return arith
}
