// Package export writes a report's finding as a Foundry test
// (engine/foundry): it checks what the export writes of the finding and
// its set-up, parses their values, replays the finding for the harm its
// kind's record names (engine/replay) and hands the typed values to
// engine/foundry.
//
// # Files
//
//   - `engine/export`: a report's finding as a Foundry test. `export.go`
//     (`FoundryTest`, `FoundryTestWith`, `Options`, `ErrFoundryTest`: checks
//     a report's finding and set-up with `engine/report` and parses them into
//     `engine/foundry`'s typed input) and `effect.go` (replays a finding
//     through `engine/replay` for its export's harm, the harms its kind's
//     record names (`finding.Harm`): words written, ether gained, the
//     account delegatecalled, the callee to reject, the contract emptied)
//     with `harm.go` (the words the owner's phished call writes, SWC-115;
//     the repeated calls that exhaust a block's gas, SWC-128; which
//     recipient blocks a loop of payments and whom else it pays, SWC-113);
//     `forgefailure.go` (`ForgeFailure`: an invariant finding of a set-up
//     campaign as forge 1.7.1's persisted failure file, its settings
//     recomputed by running setUp() again; `ErrNoForgeFailure` for what the
//     file cannot carry)
//     and `token.go` (the token balance a token-theft's last call moved, from
//     its transfer events). docs/foundry-export.md. Its tests that need the
//     engine's campaigns stay in `engine` (`exportinject_test.go`,
//     `exportshape_test.go`, `report_fuzz_test.go`).
package export
