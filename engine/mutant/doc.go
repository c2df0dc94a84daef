// Package mutant makes the mutants of changed lines and judges them: a
// Mutant is one exact edit of a source file (a byte range replaced,
// found on the compiler's AST, never by pattern on the text) on a line
// that changed, such as `>=` made `>` or a require removed (Generate);
// SameCode tells a mutant the compiler undoes (equal bytecode but for
// the metadata) from one that changes the code; Classify says, from what
// a campaign on the mutant observed, whether a property of the project
// killed it, it survived although its line was reached, or it was not
// reached. It compiles and fuzzes nothing itself: plan runs the
// campaigns (plan.Mutants), the command line and the editor present them.
//
// # Files
//
//   - `engine/mutant`: the mutants of changed lines and their verdict
//     (docs/mutants.md). `mutant.go` (`Mutant`: one byte range of a file
//     replaced, with its line, operator and description; `Lines`, `Range`,
//     `All`), `generate.go` (`Generate`: a walk of each changed unit's AST,
//     the state variables of every unit, the probe lines that stand for a
//     removal's reach), `operators.go` (comparison, arithmetic, `++`/`--`,
//     `msg.sender`/`tx.origin`, swapped arguments, removed modifiers),
//     `statements.go` (a `require`, an if-revert, a state write or an emit
//     removed; `unchecked` removed or added; integer literals off by one),
//     `equal.go` (`SameCode`: every contract's code equal but for the
//     metadata hash, masked wherever it occurs), `classify.go` (`Classify`:
//     killed, survived or not reached from what the campaigns of a mutant and
//     of the original observed; `IsProperty`: invariants, properties and
//     asserts, not the built-in oracles), `words.go` (`Result.Hint`: a
//     survivor's or an unreached mutant's words, one wording for the
//     editor's hint and the JUnit message). It compiles and fuzzes nothing:
//     `session.Mutants` does (`architecture_test.go`: no loop, oracle, solver,
//     chain or tracer).
package mutant
