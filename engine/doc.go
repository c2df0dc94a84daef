// Package engine is the API the language server and the command line use:
// it fuzzes compiled builds and returns findings as plain data (files, byte
// offsets, one-based lines, rendered transaction sequences), and it replays
// recorded findings. It knows nothing of LSP.
//
// # Files
//
// The facade (package `engine`: `Fuzz`, `Replay`, `Options`, `Report`;
// `lsp/` and `cmd/` call it, and use `engine/report` and `engine/corpus`
// for the data it takes and returns):
//   - `engine.go` (`Fuzz`, on a fork or not; `Options`, `Report`, the
//     campaign `Fuzz` runs, `plainFinding`: a fuzzer finding to a
//     `report.Finding`; `setupOf`: the deployment to a `report.Setup`),
//     `fork.go` (the fork a campaign or replay runs on), `replay.go`
//     (`Replay`, with the inner calls as evidence, over `engine/replay`;
//     `Trace` and `FormatTrace` are its names for `replay.Trace` and
//     `replay.Format`), `recheck.go` (`Recheck`: a stored finding replayed on a new build,
//     classified still failing, fixed or stale; plain data for the editor
//     and `replay`), `notes.go` (the
//     unreduced-value notes), `related.go` (a finding's related locations).
//     `Options` embed `fuzz.Settings` (the knobs every layer shares) and
//     `Report` embeds `fuzz.Counts`, so neither is copied field by field.
//   - The campaign's outcome: `Report` (`engine.go`: the fuzzer's counts, the
//     findings and set-up as `engine/report` data, coverage, the final corpus
//     as `corpus.Input`s), `reason.go` (`Report.NotFuzzed`: why a campaign
//     fuzzed nothing, never empty; the budget notes), `summary.go` (contracts and functions fuzzed,
//     lines covered), `funcstats.go` (per function: completions, reverts with
//     the most frequent revert reason decoded, and the share of execution
//     time; a function that never completed is not counted as fuzzed),
//     `guards.go` (`Report.Guards`: the conditions inputs reached and none
//     passed, placed in source with the best input's distance, from
//     `fuzz.Result.Unmet`), `lcov.go` (`FileCoverage.WriteLCOV`: a file's
//     BRDA and DA records, written by the CLI's `--coverage lcov` and the
//     editor's `lcov.info` alike, without the lines outside functions),
//     `linehits.go` (each line's count: its first instruction's, from the
//     JUMPIs' and the user JUMPDESTs' counts, `fuzz.Branch`/`fuzz.Dest`; the
//     dispatcher's and solc's whole-function checks' branches dropped).
//   - Set-up and targets: `setup.go` (the deployment a report records;
//     `skipOf`: a deployment error's `report.SkipReason`, by the errors it
//     wraps; a campaign none of whose targets deployed, `fuzz.ErrNothingDeployed`,
//     sends nothing and reports each skipped),
//     `grants.go` (`grantsOf`: a deployment's grants as a report records
//     them; `replay.Plan` reads them back), `targets.go` (line, function and assert targets to PCs),
//     `shard.go` (`--shard I/N`), `forksetup.go` (`SetUpForks`, the forks a
//     Foundry set-up selects: it resolves `[rpc_endpoints]` aliases and
//     `${VAR}`, opens each fork once per campaign, records it for the report
//     and pins it for replay; it refuses in an untrusted workspace).
//     `setupcache.go` (`SetUpCache`, `NewSetUpCache`: `engine/fuzz`'s cache
//     of set-ups, for callers such as the editor's server).
//   - Saved inputs in a campaign: `share.go` wires a shared corpus directory
//     into a campaign's `OnInput`/`Import` (`corpus.InputOf`,
//     `corpus.SequenceOf`); `minimize.go` (`Minimize`) is afl-cmin over
//     instruction coverage: each input runs alone through `engine/fuzz`,
//     which is why it is here and not in `engine/corpus`.
//   - Foundry export: `engine/export` (`go doc ./engine/export`; `cmd` and `lsp` call
//     `export.FoundryTest`).
//   - Forge's sequences: `forgeseeds.go` (`Options.ForgeSeeds`, forge's
//     corpus and failures by test contract, handed to the campaign from that
//     one's set-up as `fuzz.AddrCall` seeds; `Report.ForgeSeedsUsed`,
//     `Report.ForgeSeeds`).
//   - Mocks: `mock.go` (`isMock`: a finding in a test helper or mock, not a
//     harness's check nor in the set-up's own file).
//   - Replay from a report: `engine/replay` (`go doc ./engine/replay`) runs a report's
//     finding again; the facade's `Replay`, `Recheck` and the export's
//     effect call it.
//   - Messages and names: `renderer.go` (`campaignRenderer`: a campaign's
//     findings worded with the deployment they were found on) over
//     `engine/render` (`go doc ./engine/render`).
package engine
