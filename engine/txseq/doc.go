// Package txseq holds the fuzzer's inputs as plain data: a transaction
// (Tx), a Sequence of them, the Mutation that made one from another, and
// the CostEntry records a run measures for input prediction. It imports
// nothing of the engine but calldata, so the loop (engine/fuzz), the
// solvers (engine/solve) and deployment (engine/deploy) share it.
//
// # Files
//
//   - `engine/txseq`: the fuzzer's inputs as plain data: `Tx`, `Sequence`,
//     `Mutation` (what one mutation changed) and `CostEntry` (one metric of a
//     run's cost vector). A leaf: the loop, the solvers and deployment share it.
package txseq
