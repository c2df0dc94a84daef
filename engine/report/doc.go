// Package report owns the data a campaign's report records (findings,
// their calls, the setup that deployed the contracts) and the reading of
// a foresight.report/v1 file (docs/report-format.md) for replay, export
// and corpus merges: every array counted against a limit before it is
// decoded, every name and value checked. It is a leaf: the engine's
// facade renders into these types, and the corpus and the export read
// them, without importing each other.
//
// # Files
//
//   - `engine/report`: the data a report records and the reading of a
//     foresight.report/v1 file (docs/report-format.md). `finding.go`
//     (`Finding`, `Call`, `Related`), `setup.go` (`Setup`, `Deployed`,
//     `Grant`, `ForkInfo`, `ForkTarget`): what the facade renders and cmd
//     and the editor show. `skip.go` (`SkipReason`: why the engine did not
//     fuzz a contract, set where it decides, which the front ends sort skips
//     by instead of the reason's words). `report.go` (`File`, `Read`, `ReadFile`, `Decode`,
//     `CheckInputs`: a report as replay, export and corpus merges read it,
//     through `safefile.ReadFollow`, with its limits), `shape.go` (each
//     array counted against its limit before anything is decoded in full),
//     `values.go` (`ValidateFinding`, `ValidateSetup`, `ParseCall`,
//     `ParseDeployed`, `ErrInvalid`: every name and value of a report that
//     others can write is checked before a replay or an export uses it),
//     `names.go` (`IsIdent`, and `Attackers`, the attacker contracts' names
//     in `engine/deploy`'s order, which `TestReportAttackers` in `engine`
//     keeps equal), `mock.go` (`IsMock`, `Own`, `MocksLast`: findings in
//     mocks and test helpers, apart and not counted), `harness.go` (`Harness`: the invariant suite a finding
//     came from, its file and set-up, which replay and export start from).
package report
