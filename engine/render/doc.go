// Package render words findings for people, as every surface shows them
// (the report, check and replay output, the editor, Foundry exports): a
// finding's one-line message, its senders' names, amounts of ether, and
// what each kind means. It runs nothing: what it words is in the finding
// (the ether flow the oracle recorded, finding.EtherFlow).
//
// # Files
//
//   - `engine/render`: a finding worded for people, from what the finding
//     carries; it runs nothing (`architecture_test.go`: no `fuzz`, `solve`,
//     `oracle` or `trace`). `message.go` (`Message`, `MaxMessage`),
//     `flow.go` (`Flow`, `FlowOf`: the ether flow the oracle recorded,
//     `finding.EtherFlow`, with the payer named and what it started with),
//     `ether.go` (`Ether`), `senders.go` (`SenderName`, `Principals`,
//     `NameAddresses`, `CheckedSenderName`), `explain.go` (`Explain`,
//     `ExplainedKinds`).
//
//   - Messages: `engine/render/message.go` (a finding's message, at most two short
//     sentences, `MaxMessage` 160: the kind's record's templates, or its
//     `Hook`'s wording from what the finding carries), `engine/render/flow.go`
//     (the SWC-105 message's ether: `finding.EtherFlow`, recorded by the
//     oracle set from the run it judged, `engine/oracle/flow.go`, and taken
//     from the shrunk run; neither the message nor a replay runs the
//     sequence again to measure it), `engine/render/senders.go`
//     (`SenderName`: "user N", "the deployer", "attacker contract (kind)",
//     the one naming for every output), `engine/render/explain.go`
//     and `engine/finding/explain.go` (what each kind means, from its record:
//     `foresight explain`, `-v`, the hover, and a generated section of
//     docs/oracles.md);
//     `engine/fuzz/shrink.go`'s `shrinkLeaf` shrinks one argument (integers toward 0,
//     small or a boundary, addresses toward known accounts, bytes and strings
//     toward shorter and zeros). `lsp/setting_build.go`: the build-setting
//     overrides of the editor.
package render
