// Package cheatcode owns Foundry's cheatcodes on Foresight's chain: the
// contract at forge-std's VM address (a Go precompile that changes the
// chain's state and block), the tracing hooks that vm.prank and
// vm.expectRevert need to redirect the next call, and the runner that
// deploys a Foundry test contract and runs its setUp() the way forge does.
//
// docs/cheatcodes.md lists what is supported and the limits of each.
//
// # Files
//
//   - `engine/cheatcode`: Foundry's cheatcodes (a Go precompile at forge-std's
//     VM address, plus the hooks `vm.prank` and `vm.expectRevert` redirect calls
//     with: `OnEnter`/`OnExit`, and the chain's `OpHook` and `GasHook`, which
//     keep go-ethereum's fast loop) and `RunSetUp` (`setup.go`), which deploys
//     a Foundry test contract at forge's addresses, runs its `setUp()` and
//     reports the contracts, StdInvariant choices and invariants it yields
//     (`targets.go`: forge's rules for target contracts and selectors)
//     (docs/cheatcodes.md). The file list follows. `engine/fuzz/setup.go` runs a campaign from such a
//     set-up: each worker's chain carries the cheatcodes in front of its
//     tracer, `setUp()` replaces the plain deployment, and the set-up's
//     targets, selectors and invariants replace the program's.
//
//   - `engine/cheatcode`: `cheatcode.go` (the precompile and dispatch),
//     `table.go` (selectors, and the unsupported list), `prank.go`,
//     `assert.go`, `create.go`, `swap.go` (`Swap`: a creation code replaced
//     by another at `CREATE`, from the GasHook), `record.go`, `state.go`, `interposer.go` (the
//     hooks that redirect pranked calls), `setup.go` (`RunSetUp`, `SetUp`,
//     forge's default addresses), `resume.go` (`Resume`: another chain
//     started from a set-up's state; `Setup.Reusable`), `targets.go` (forge's target rules),
//     `artifact.go` (`getCode`'s artifact names, deploying with linked
//     libraries), `fork.go` (above), `files.go` (the file cheatcodes `projectRoot`, `readFile`, `readFileBinary`, `exists`, `isFile`, `isDir`: reads only, inside the project root with symlinks resolved, where foundry.toml's `fs_permissions` grant; `SetUp` takes the root and permissions from the test contract's `solc.Project`), `revert.go` (a set-up's revert rendered
//     as forge does: a custom error by name with its arguments, from any ABI
//     of the build; `Panic(code)` in words; an `Error(string)` message). The
//     test contract's deployment and `setUp()` run with `SetUpGas`, Foundry's
//     default `gas_limit` of 2^30.
package cheatcode
