// Package finding names what the engine reports: a Kind per class of
// failure (this file) with its one record, Spec (spec.go, the table in
// specs.go: title, SWC identifier, severity, explanation, messages and
// Foundry export), and the Finding record the oracles produce, with its
// deduplication Key (finding.go). It imports no part of the engine that
// runs anything, so the tracer and the oracles can both use it.
//
// # Files
//
//   - `engine/finding`: what the engine reports, a leaf the tracer and the
//     oracles share. `kind.go`: `Kind` per class of failure, the panic codes
//     and `Failure` (a failed transaction's kind). `spec.go`: `Spec`, the one
//     record of a kind (title, SWC id, severity, opt-in, explanation, message
//     templates and the engine's message `Hook`, the Foundry export's
//     `Assert` and `Harm`), `Describe` (any kind's record, a panic's of any
//     code), `Kinds`, `OnByDefault`, `ParsePanic`; `specs.go`: the table of
//     records, the panics' from one row per code; `explain.go`: the
//     `Explanation` `foresight explain` prints. Invariant: no non-test
//     Go file outside `engine/finding` spells a kind's string
//     (`TestNoRawKindStrings` at the root): what a kind means, says and
//     exports is read from its record. `finding.go`: the `Finding` record,
//     its deduplication `Key`, `Via`, `Unreduced`, `Facts` (what an oracle
//     measured that an export reproduces: SWC-128's repeats, SWC-113's
//     rejecting recipient; `engine/export/harm.go` reads them, never
//     `Detail`) (`engine/fuzz` keeps the names as aliases); `flow.go`: `EtherFlow`, the ether a finding's
//     sequence moved as the oracle that judged it recorded.
package finding
