// Package corpus owns the inputs campaigns save and share: an Input names
// its contracts and functions so that it survives recompilation (file.go),
// and a corpus directory holds one file per input and per finding, which
// any number of campaigns, processes and the editor add to at once
// (dir.go, finding.go; docs/scaling.md). Its files are read and written
// through engine/safefile: a corpus directory is shared and may hold
// anything. It runs nothing: the engine's facade replays and minimizes
// inputs.
//
// # Files
//
//   - `engine/corpus`: the inputs campaigns save and share. `file.go`: an
//     `Input` names its contract and function signature instead of indices,
//     so it survives recompilation (`InputOf`, `SequenceOf` onto a
//     `program.Program`; stale inputs are dropped, `KnownContracts` tells
//     stale from foreign), and the older one-file-per-contract format
//     (`SaveInputs`, `LoadInputs`). `dir.go`: the corpus directory (`Dir`)
//     that campaigns, processes and the editor share, one file per input
//     named by content hash, with its limits (docs/scaling.md);
//     `finding.go`: its findings, one file per kind and location
//     (`FindingKey`, `AddFinding`; `CopyFinding` refuses what
//     `report.Decode` refuses). `forge.go`: forge's own corpus entries and
//     persisted invariant failures (`ParseForge`: a JSON array of forge's
//     `BasicTxDetails`, gzip or not, or `{"call_sequence": ...}`, into
//     address-named `ForgeCall`s; bounded, a bad file an error wrapping
//     `ErrForgeFile`; `FuzzParseForge`), `forgedir.go` (`LoadForge`: forge's
//     folders by test contract, failures first, bounded like `Load`).
package corpus
