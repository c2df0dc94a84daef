// Package maze generates walker mazes: Solidity contracts whose state is a
// position, moved by one function per direction, where every move out of
// a cell is guarded by nested conditions over the move's uint64 arguments
// (linear with constant factors, in wrap-around 64-bit arithmetic, in the
// Standard tier; also products of two arguments in the Hard tier) and
// sometimes msg.value, and where digging at some cells fails an assert.
// Every satisfiable guard is drawn around a known witness and every
// unsatisfiable one around a proof, so the generator knows exactly which
// bug sites are reachable and gives a witness sequence for each. The
// mazes benchmark how deep a fuzzer gets (scripts/bench-maze); the
// committed ones live in engine/testdata/maze (regenerate with
// `go generate ./engine/internal/maze`).
//
// # Files
//
//   - `engine/internal/maze`: generates walker mazes (guarded moves per
//     direction over uint64 arguments, payable moves, assert sites; a standard
//     tier of guards linear in the arguments, a hard one that multiplies
//     arguments, and an easy one of single comparisons that measures sequence
//     depth apart from solving: `easy1`, `easy2`; `Params.Shapes`,
//     `shapes.go`, adds guards of other shapes to about half the exits:
//     hashes of an argument, bytes compares, loops, calls to a second
//     contract, products of two arguments: `shapes1`; `Params.State`,
//     `state.go`, guards over state earlier calls wrote: a slot, a tally of
//     repeated calls, string and bytes compares in a setter, a value kept in
//     the second contract, each witness running the setup calls first:
//     `state1`) with the
//     exact list of reachable bug sites and a witness for each; the committed
//     ones are in `engine/testdata/maze` (`go generate ./engine/internal/maze`,
//     a test keeps them in sync; `flat1.sol` is maze1's guard chains as
//     functions of their own, `RenderFlat`, which measures solving apart
//     from depth), `mazescore` and `scripts/bench-maze` measure
//     found/reachable per maze. `RenderRecorded` (`forge.go`) is a maze whose
//     bug sites record their hits in storage instead of asserting (forge's
//     invariant mode ignores reverts) and `ForgeHarness` its invariant test;
//     `scripts/bench-forge` runs forge and Foresight on them.
//
//   - `engine/txseq/txseq.go`; `engine/internal/maze`: `maze.go`, `tier.go`,
//     `cond.go`, `shapes.go`, `state.go`, `render.go`, `flat.go`, `forge.go`, and `mazescore/main.go` (the
//     command that scores a report against a maze's reachable sites), and
//     `mazegen/main.go` (writes generated mazes to a folder: `mazegen -depth
//     28 DIR SEED...`; `MAZEDIR=DIR scripts/bench-maze` measures them;
//     `mazegen -forge` writes the recorded maze and its harness as a Foundry
//     project for `scripts/bench-forge`);
package maze
