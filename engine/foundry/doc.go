// Package foundry writes a finding as a standard Foundry test that
// reproduces it (docs/cli.md, "Exporting a Foundry test"). It renders
// Solidity from typed values only: the engine checks and parses a
// report's text (engine/export.go) before it gets here, and the free text
// it writes (titles, names) goes into comments and string literals
// escaped (text.go).
//
// # Files
//
//   - `engine/foundry`: renders a finding as a Foundry test from typed values
//     only, never from a report's text (docs/foundry-export.md). `input.go`
//     (the typed input the facade's `engine/export.go` fills), `test.go` (`Test`:
//     the deployment-based test and its assertions), `setup.go` (a test that
//     inherits a `setUp()` contract), `deploy.go` (the deployments in the
//     campaign's order: Foresight's token, the contracts with their
//     constructor ether, and the grants), `deploynew.go` (which deploy with
//     `new`: DEPLOYER's next creation, a contract, elementary constructor
//     arguments decoded from the recorded ones), `lib.go` (forge-std or
//     ds-test; the style: a regression test and-s each condition of the bug
//     into `bug` and ends in `assertFalse(bug, ...)`, a proof asserts each),
//     `typed.go` (calls through the contract's interface with
//     `abi.encodeCall`, amounts in units, the test's name), `fork.go` (`createSelectFork`; in a constructor, before
//     `setUp()`, for set-up campaigns), `effect.go` (the harm a committed
//     finding's test asserts: ether gained, storage words read back),
//     `effectstore.go` (the storage harm: words read back with `load`;
//     SWC-104's rejecting callee; SWC-112's marker code), `effectlock.go`
//     (freezing-ether's code scan, owner-lock's unpaid withdrawal, SWC-106's
//     emptied contract), `effecttoken.go` (token-theft's `balanceOf` of the
//     victim or the thief before and after the last call), `effectblock.go` (an SWC-120 test's block data:
//     after every `vm.roll`, the blockhashes (`setBlockhash`) and PREVRANDAO
//     (`prevrandao`, merged EVM versions) of Foresight's chain, set where
//     forge's differ), `effectharm.go` (SWC-115's phished owner call under
//     `vm.prank(sender, origin)`, its words read back; SWC-128's victim call
//     measured after the repeated calls, with storage cooled; SWC-113's
//     blocked loop: the recipient made to reject (`vm.etch`) when the oracle
//     re-ran the call, then, with its code removed, the same call must pay
//     another recipient),
//     `text.go` (escaped strings and one-line comments). It imports no
//     `engine/fuzz` and no `lsp/`.
package foundry
