// Package program turns compiler output into what the fuzzer executes: the
// deployable contracts of one or more builds, their ABIs split into fuzzable
// methods and property checks, per-PC source information for the runtime
// code, and mapping of PCs back to user source.
//
// # Files
//
//   - `engine/program`: builds -> deployable contracts, fuzzed methods vs.
//     property/invariant checks, per-PC "maps to user source" tables, function
//     definitions from the AST (`program.go`); `foundry.go` (`IsFoundryTest`:
//     a test contract that needs its `setUp()`); `foreign.go`: which instructions run code the
//     user does not own (a dependency's file, a library's internal function)
//     and the source map's jumps into and out of functions. `asts.go`: each
//     source unit's AST is parsed once per build, in `New`, and shared by the
//     build's contracts with what is read from it for the whole build
//     (literals, function definitions by name, library ranges, assert calls,
//     contract definitions, the legacy INVALID and arithmetic tables), each
//     computed once on first use; `Contract.EachAST` hands the parsed units to
//     other packages (`engine/deploy/ctorast.go`, `engine/deploy/initialize.go`). Nothing per contract re-parses or
//     re-walks the build.
//
//   - `engine/program`: `program.go`, `source.go`, `literals.go`, `arith.go`,
//     `assertcall.go`, `invalid.go`, `factory.go` (`FactoryCalled`: the
//     functions a factory calls on a contract it has just created) (the
//     tables `asts.go` reads once), `inherit.go` (`Contract.Inherited`: a
//     contract another one of the builds derives from, by the AST's
//     `linearizedBaseContracts`; freezing-ether judges the derived one),
//     `metadata.go` (`WithoutMetadata`, `CodeHas`: an instruction scan of
//     runtime code, push data and solc's metadata left out, which the
//     attacker senders, freezing-ether and the fork's code match share).
package program
