// Package lsp is Foresight's language server: the only package that speaks
// the Language Server Protocol (go.lsp.dev/protocol over jsonrpc2). It turns
// editor events into requests to package session, which orders a run as
// for the command line (session.Run), and the results (plain data with
// byte offsets) into LSP diagnostics, code actions and commands; it keeps
// the protocol, positions and presentation. Call
// [Serve] with the editor's connection; docs/lsp.md describes what a client
// sees.
//
// # Concurrency
//
// Messages go through a queue (queue.go) in place of
// jsonrpc2.AsyncHandler: each handler runs in its own goroutine, in
// arrival order, and the next starts once it replied (notifications
// included) or released the queue (releaseQueue, for commands whose long
// part reads nothing of the session). $/cancelRequest skips the queue: it
// is handled in the read loop and cancels the context of the request with
// that id, which then answers RequestCancelled, so a cancel never waits
// behind the request it cancels; exit skips it too, and the server waits at
// most stopWait for background work before it returns. Handlers are thin: they decode, update
// the session under server.mu and return. Long work runs in the
// background: a save schedules a run of its project, which cancels the
// project's run in flight: an analysis-only compile whose diagnostics (and
// findings moved for the edit) are published at once, then the full
// compile, the diff against the last full compile, and the campaign.
// Foundry tests and scripts are compiled but never fuzzed, except through
// a Foundry test's setUp(). Requests to the
// client (progress tokens, configuration, workspace edits) are made only
// from background goroutines or from handlers, never from the read loop.
//
// # Positions
//
// Every range is converted with the text it was computed on: compiled
// files, open buffers and findings each keep a session.Text (content and
// position mapper; rangeIn converts to UTF-16 columns). When a buffer changed since the last
// compile, ranges move through a line diff (session.DiffLines; what an
// edit keeps, moves or drops is session's rule, session/edits.go).
//
// # Files
//
//   - server.go: Serve, dispatch, lifecycle checks, panic recovery.
//   - queue.go: ordered dispatch, $/cancelRequest, releasing the queue.
//   - stream.go: Content-Length framing that survives malformed messages,
//     resynchronises after a bad Content-Length and refuses messages over
//     their size limit before decoding them.
//   - initialize.go: initialize, initialized, shutdown, exit.
//   - text_sync.go, edit.go: didOpen/didChange/didSave/didClose, incremental edits.
//   - pipeline.go: runs (schedule, execute, take-over) and what each
//     compile shows (showCompile, publish); session.Run orders the
//     compiles and applies them to the project's session.State (a full
//     compile's good builds go on when others fail).
//     pipeline_suites.go: editorStages, the editor's session.Stages.
//   - campaign.go: what a run fuzzes directly, as session.Run aimed it.
//   - fuzz.go: a run through one session.Run call, streamed
//     findings, its end message; runsink.go: what the editor opens for the
//     run (corpus, fork) and shows of what it decided; runstream.go: what
//     it streams (findings, progress, set-ups, campaign ends); summary.go:
//     each campaign's line in the client's log.
//   - skipped.go: session's notes on the contracts a campaign did not
//     fuzz, as diagnostics.
//   - findingstate.go: what session's replay of the project's findings
//     on a new build changed, shown (published, fixed ones named).
//   - funcfigures.go: each function's figures for lenses and hovers.
//   - coverage.go, coverage_functions.go, coverage_hint.go,
//     coverage_lcov.go: a run's line coverage, its notification, the hint
//     on unreached changed lines and .foresight/lcov.info.
//   - behaviour.go, behaviour_command.go: the behaviour check of a save
//     and its actions.
//   - mutants.go, mutants_command.go, skeleton.go: the mutants of a
//     save's lines, their actions and the property skeleton.
//   - fork.go: the fork a campaign runs on (trusted workspaces only).
//   - corpus.go: the corpus saved per project in .foresight/corpus.
//   - project.go: per-root state and absorbing a new build (focus, staleness).
//   - findings.go, diagnostics.go: session's findings and compiler
//     messages as diagnostics, related information and hover text.
//   - code_action.go, execute_command.go, code_lens.go, hover.go: the features.
//   - testitems.go, testrun.go: foresight/testItems (suites, reproducers,
//     functions) and the run commands' "wait" answer, for test runners.
//   - export.go: the Foundry test export, confined to the workspace, never
//     overwriting.
//   - workspace.go: workspace folders, trust, which paths commands accept
//     (docs/security.md).
//   - size.go: the limit on open documents.
//   - configuration.go, watched_files.go: settings and project files;
//     setting_bounds.go clamps numeric settings (session.Setting.Clamp, the
//     command line's policy); setting_build.go: the compiler settings.
//   - setting_specs.go: the editor's view of session's settings (one
//     record per setting and flag), from which the editor configurations
//     and docs tables are generated.
//   - progress.go: work-done progress, cancellable by the client.
//   - mapper.go, document.go: positions, URIs.
//
// # Files
//
// The language server (`foresight lsp`); docs/lsp.md lists what a client sees.
// One file per concern: `server.go` (dispatch from a method table, so no
// message reaches go.lsp.dev's nil-server panic; every message is replied to;
// panics are recovered), `queue.go` (runs messages in order off the read loop;
// `$/cancelRequest` is handled at once, and a long command may release the
// queue before it replies), `stream.go` (framing that survives malformed
// messages and refuses oversized ones before decoding them), `initialize.go` (capabilities, commands, watched-file
// registration), `document.go` (open buffers, `rangeIn`: a `session.Text` range in LSP positions,
// URIs to paths), `text_sync.go`/`edit.go` (incremental UTF-16 edits),
// `pipeline.go` (per save: `schedule`,
// `execute`, which hands the run to `session.Run`, and `showCompile`, what
// each compile of it shows once session applied it to the project's
// `session.State`: diagnostics published at once, the files whose
// findings and notes moved; a newer save takes the
// campaign over when its build is ready; `settleDiagnostics`),
// `pipeline_suites.go` (`editorStages`, the editor's `session.Stages`:
// each compile shown, the suites' compile queued on the background
// worker, one at a time, an older run's suites fuzzing on until the newer
// ones are ready), `project.go` (per-root protocol state beside session's
// `session.State`: the run in flight, diagnostics, lenses' figures,
// behaviour and mutants), `campaign.go`
// (what a run fuzzes, as `session.Run` aimed it: `editorSink.Aimed`), `corpus.go`
// (the project's saved inputs in `.foresight/corpus`, one file per
// input named by content hash, as `engine/corpus` writes them), `findings.go`/`diagnostics.go`,
// `runsink.go` (a save's side of `session.Run`: what session read and
// saved of the project's corpus (`Request.Corpus`) and of the fork it
// opened (untrusted, failed, closed), a bounded invariant.depth warned, the budgets as the
// progress' countdown), `runstream.go` (its `session.Stream`: findings
// published as found, the direct campaign's and the suites' progress,
// the set-up recorded, each campaign's log line),
// `findingstate.go` (what session's replay of the project's findings on a
// new full build changed, `session.Replayed`: the files published, the
// fixed ones named in a message), `code_action.go`,
// `code_lens.go`, `hover.go`, `execute_command.go`, `progress.go`,
// `configuration.go` (with `setting_specs.go`, the editor's view of
// `session`'s settings, and `setting_bounds.go`, which clamps numeric
// settings with `session.Setting.Clamp`), `watched_files.go`; `mapper.go` converts byte ranges to
// LSP ranges. `coverage.go` (a run's line coverage merged over its
// campaigns, the `foresight/coverage` notification; `coverage_functions.go`
// its functions by lines), `testitems.go` (`foresight/testItems`: the
// invariant suites, reproducers and fuzzable functions a test runner
// lists), `testrun.go` (`"wait"` on `foresight.fuzzFile` and
// `foresight.fuzzFunction`: the answer once the run ended, with its
// findings), `coverage_lcov.go`
// (`.foresight/lcov.info`'s text, written by `session.WriteProjectLCOV`), `coverage_hint.go` (the `unreached` hints on
// changed lines, naming the nearest unmet guard). `behaviour.go` (what
// session's behaviour check after a save's campaign found,
// `session.BehaviourChecked`: the `behaviour-change` Information
// diagnostics and the "behaviour unchanged over N inputs" lenses),
// `behaviour_command.go` (their actions: accept, replay on both builds,
// export as a regression test, `session.BehaviourDifference`). `mutants.go` (with the setting
// `mutants`, what session's mutants of the save's changed lines found,
// `session.MutantsChecked`: the `mutant-survived` and
// `mutant-not-reached` hints per line and the counts' lens),
// `mutants_command.go` (their actions: Show mutant, a diff result;
// Add a property skeleton), `skeleton.go` (the invariant stub and where it
// goes: the suite, else a new test file).
//
//   - `lsp/`: `doc.go` (the package comment, with the concurrency rules),
//     `workspace.go` (workspace folders, with the deprecated RootURI/RootPath
//     fallback staticcheck is told about), `campaign.go` (a run's
//     contracts, focus and targets from `session.Campaigns.AimFor`),
//     `fuzz.go` (the campaigns of a run: `fuzz` calls `session.RunAll`,
//     `addFindingOf` publishes, placed on the text now by
//     `session.Streamed`), `funcfigures.go` (each
//     function's own lens figures from the campaigns' per-function counts
//     and line coverage; an invariant's calls held), `summary.go` (the suite
//     campaigns' progress hooks and one human `window/logMessage` line per
//     campaign), `progress.go` (work-done progress; `countdown`: a time
//     budget's time left in each report), `export.go` (the Foundry export
//     command writes the test into the project `session.ExportPlace` chooses,
//     as `replay --export` does, never inside node_modules nor over a file,
//     named by `session`), `skipped.go` (`session.Note`s, the contracts a
//     campaign did not fuzz, as diagnostics), `corpus.go` and `fork.go` (`session`'s corpus and fork
//     choice, with the editor's messages), `size.go`.
//     `lsp/testdata/harness/client.mjs` is a scripted stdio client on
//     vscode-languageserver-protocol (the Node end-to-end tests,
//     `lsp.test.mjs`); `scripts/soak.mjs` drives it for `scripts/soak`, the
//     half-hour editing soak on `scripts/testdata/soak` (runs left open, RSS).
package lsp
