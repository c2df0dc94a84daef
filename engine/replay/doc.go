// Package replay is replay from a report: a report's finding and set-up
// (engine/report, which anyone may write, so checked first) mapped back
// onto a program and run again on the chain they name, with the oracle
// that found it on (Steps), and the replayed steps worded for people
// (Trace, Format). The facade's Replay and Recheck (engine/replay.go,
// engine/recheck.go) and the Foundry export's effect run findings
// through it.
//
// # Files
//
//   - `engine/replay`: replay from a report, a finding of `engine/report`
//     (which anyone may write: checked first, `ErrReplay`) mapped back onto
//     a program and run again. `steps.go` (`Steps`: the calls on the
//     recorded deployment under the chain the builds ask for, with only the
//     finding's oracle on, through `fuzz.ReplayFrom`; `WantKey`: the
//     report's finding is the one the oracles look for, as in a shrink, and
//     another on the way is passed over as the campaign did), `plan.go`
//     (`Plan`: a recorded set-up back to an `engine/deploy` plan),
//     `records.go` (`Records`: which record of a set-up is which contract,
//     by name, unit and compiler version, since a library two compilers
//     both compile is two contracts of one name and unit),
//     `program.go` (`Program`: `program.New` plus the proxies'
//     implementation methods; every path that names calls by contract and
//     function, fuzzing, replay, minimizing, sharding and export, makes its
//     program there), `chain.go` (`ChainVersion`, `ChainLimits`: the chain
//     the builds ask for, their EVM version and foundry.toml's gas and
//     code-size limits, for campaigns and replays alike),
//     `trace.go` (`Trace`, `TraceStep`, `Format`, `Outcome`,
//     `DescribeInner`, `SameSite`, `RevertReason`), `events.go`
//     (`DescribeLog`: a replay's logs rendered by the ABI that declares
//     them). It never imports the oracles or the solvers
//     (`architecture_test.go`).
package replay
