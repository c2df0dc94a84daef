// Package behaviour compares what a caller can observe of two builds of
// the same contracts: the same transaction sequences run on the old build
// and on the new one (one deployment plan, the same senders and block
// context), and every transaction's outcome, return or revert data,
// events and ether moved, then the public getters and token balances
// afterwards, are compared. Storage is never compared slot by slot, so a
// changed layout with the same behaviour is no difference; gas alone is
// none either. A difference is reported only when it replays the same on
// both builds twice.
//
// # Files
//
//   - `engine/behaviour`: compares two builds of the same contracts by what
//     a caller observes (docs/diff.md): `behaviour.go` (`Compare`, `Options`,
//     `Report`), `match.go` (contracts by name, functions by ABI signature;
//     added and removed are listed), `side.go` (one deployment plan found on
//     the new build and replayed on each side by contract name), `observe.go`
//     (a sequence run on one side: outcome, return data, events kept, ether
//     moved, then the getters and token balances), `diff.go` (the first
//     difference and its message), `runner.go` (generated sequences per
//     function, each difference replayed twice on both sides, shrunk and
//     attributed to the call after which the state already differs),
//     `render.go` (calls, outcomes and events for people), `changed.go`
//     (`Changed`: the functions an edit may have changed, for the command
//     line), `corpus.go` (`FromCorpus`: a corpus input as a sequence, run
//     first), `gas.go` (mean gas per call, reported, never compared),
//     `trace.go` (`Trace`: one sequence on both builds for replay),
//     `export.go` (`ExportFoundry`: a difference as a Foundry test asserting
//     the old behaviour). It never imports the loop (`fuzz`), the solvers or the oracles:
//     it runs its own chains.
package behaviour
