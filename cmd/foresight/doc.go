// Command foresight is a Solidity language server and command line that
// compiles contracts with solc and fuzzes them on an in-process EVM.
//
// Usage:
//
//	foresight check [flags] [FILE|DIR...] compile, fuzz briefly, print findings
//	foresight fuzz [flags] [FILE|DIR...]  run a fuzzing campaign
//	foresight replay REPORT.json          re-execute a report's findings and print traces
//	foresight diff [--base REV] [PATH...] compare the behaviour at a git revision with the working tree's
//	foresight mutants [--base REV] [PATH...] fuzz the mutants of the changed lines against the project's properties
//	foresight explain [KIND...]           say what a finding kind means and what to do
//	foresight bench [flags] FILE...       compare engine configurations over seeds
//	foresight corpus merge|min ...        maintain shared corpus directories
//	foresight solc VERSION --version|--standard-json   solc-js as a native solc, for forge
//	foresight lsp                         serve the Language Server Protocol on stdio
//	foresight version [--licenses]        print the version (and the third-party licences)
//	foresight help [COMMAND]              explain a command, its flags and exit codes
//
// Exit codes: 0 no findings, 1 findings, 2 usage or compile errors, 130
// check or fuzz interrupted (SIGINT, SIGTERM, SIGHUP).
//
// # Files
//
// The one binary. `interrupt.go`: check and fuzz ended by a signal exit
// 130 with a line saying so. One file per subcommand (`check.go`, ...); `main.go` only
// dispatches. check and fuzz are one `session.Run` call with the paths
// named: session compiles the files `session.CompileNamed` selects, as
// the editor's save does (a file named on its own that cannot be fuzzed
// alone brings the files it is fuzzed in, `session.Dependents`), and
// `check.go` prints what compiled (`printCompiled`).
// `runsink.go`: check's and fuzz's `session.Request` (the flags the user
// gave win over Foundry's configuration, the fork flags its
// `ForkRequest`), the shared corpus they open for it, and what they print
// of its `Sink` values (the fork session opened and what it fetched) (`Compiled` stops the
// run when nothing compiled or a flag names no contract compiled). `settingflags.go`: the
// flags that are run settings registered and clamped from their
// `session.Setting`. Flags may follow positional arguments. Logs go to stderr; stdout
// carries results (or, for `lsp`, the protocol).
//
//   - `cmd/foresight`: `flags.go` and `help.go` (flag parsing after
//     positionals, usage text), `errors.go` (exit codes), `contracts.go`
//     (the report's contract list from `session.Statuses`, what did not
//     compile), `senders.go`, `solc.go` (the compiler flags),
//     `reportpaths.go` (report paths relative to the project), `sarif.go`
//     (SARIF 2.1.0: files under `%SRCROOT%`, which `sarifroot.go` puts at
//     the git repository's top level, else the working directory, else the
//     project root; `sarifrules.go` a rule per kind
//     from its record, `sarifflow.go` the sequence as a code flow and the
//     content fingerprint), `junit.go` (`--format junit` of check, fuzz,
//     replay and diff: a testcase per target, reproducer or function),
//     `lcov.go` (`--coverage lcov`: FN, BRDA and DA
//     records, dependencies left out unless `--coverage-deps`), `sources.go`
//     (the compiled files' text and function definitions both read),
//     `mock.go` (the text output's mock heading and label, the summary's
//     mock count),
//     `labels.go` (`--labels` scoring: the tally and table of
//     `session.RunLabelled`), `lsp.go` (the `lsp` subcommand),
//     `buildflags.go` (`--optimize`, `--optimizer-runs`, `--via-ir`,
//     `--evm-version`, `--gas-limit`), `units.go` (`-v`'s line per compilation
//     unit, dependency warnings as one line), `summary.go` (check's and
//     fuzz's summary: by default what was fuzzed, `session.Skips` with their
//     places, lines reached, findings, fuzz and compile time; the engine's
//     internals under `-v`), `funcsummary.go` (functions that
//     never completed, with their top revert reason, and, under `-v`, where
//     the time went), `foundryfuzz.go` (what of forge's corpus ran, said
//     under `-v`; `session.Run` applies Foundry's configuration and loads
//     the corpus),
//     `forkflags.go` (`--fork-url`,
//     `--fork-block`, `--target-address`, translated into `session`'s fork
//     choice), `explain.go` (`foresight explain`,
//     `--explain`), `replay.go` (`foresight replay`: each finding re-run on
//     its fork, if any, on the code as it is now) with `replaycounts.go` (its
//     last line: still failing, as reported or elsewhere, fixed, stale),
//     `diff.go` (`foresight diff`: both trees compiled and compared,
//     `session.Compare`), `diffgit.go` (git under the context with the
//     repository's hooks off; the revision's tree extracted into a temporary
//     folder), `diffout.go` (its text, JSON and SARIF), `diffexport.go`
//     (`--export`: each difference as a Foundry test, `session.WriteNewIn`: confined, never over a
//     file),
//     `mutants.go` (`foresight mutants`: the changed lines, every project's
//     `session.Mutants`), `mutantsgit.go` (the lines `git diff -U0 REV` adds or
//     modifies), `mutantsout.go` (its text, JSON and SARIF),
//     `mutantsjunit.go` (its JUnit: a testcase per mutant fuzzed, a
//     survivor failing with the hint's words and the mutant as a diff),
//     `export.go` (`replay --export`: every path the report names confined
//     to the project the command runs in or for, `session.ExportRoot`; the
//     tests written into the test folder of their project inside it,
//     `session.ExportPlace`, by `session.WriteExportIn`, never over a file; an
//     invariant finding's forge failure file beside, `session.ForgeFailureFor`),
//     `corpus.go`
//     (`foresight corpus`: merge directories or minimise one, by
//     `session.CorpusDir`), `share.go`
//     (`--shard`, `--corpus`, `--corpus-sync`: campaigns that share a corpus
//     directory, `session.Share`, and what it says of it, docs/scaling.md), `harness.go`
//     (the invariant suites `session` picks for the named files or directory:
//     each compiled alone, run with an even share of the budget, its findings
//     naming it; docs/cli.md).
package main
