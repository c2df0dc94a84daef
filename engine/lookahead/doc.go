// Package lookahead is the static lookahead analysis of Wüstholz and
// Christakis, "Targeted Greybox Fuzzing with Static Lookahead Analysis"
// (ICSE 2020): given the path one transaction took through a contract's
// bytecode, it finds the shortest prefix after which no target location can
// be reached any more (a no-target-ahead prefix, Def. 2) by replaying the
// prefix abstractly (prefix inference) and running a forward fixpoint over
// every suffix (suffix checking), both in a constant-propagation domain over
// the stack, memory words and storage slots. It needs no control-flow graph
// recovered in advance: jump targets come from the abstract stack.
//
// The analysis is sound: when it says no target is reachable after a
// prefix, no execution that follows that prefix reaches one. Anything it
// cannot resolve (a jump to an unknown address, a call to another contract)
// counts as possibly reaching a target.
//
// # Files
//
//   - `engine/lookahead`: the lookahead analysis (constant propagation over
//     EVM bytecode, prefix inference and suffix fixpoint) that proves targets
//     unreachable from a path prefix. The campaign analyses each new path once
//     and counts every execution against its LID and split points
//     (`engine/fuzz/corpus.go`); docs/lookahead.md has the design and numbers.
//
//   - `engine/lookahead`: `lookahead.go`, `domain.go`, `state.go`,
//     `transfer.go`.
package lookahead
