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
// files, open buffers and findings each keep a source (content and
// position mapper, UTF-16 columns). When a buffer changed since the last
// compile, ranges move through a line diff (diff.go).
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
//     compile changes (applyBuilds, publish); session.Run orders the
//     compiles (a full compile's good builds go on when others fail).
//     pipeline_suites.go: editorStages, the editor's session.Stages.
//   - campaign.go: what a run fuzzes directly, as session.Run aimed it.
//   - fuzz.go: a run through one session.Run call, streamed
//     findings, its end message; runsink.go: what the editor opens for the
//     run (corpus, fork) and shows of what it decided; runstream.go: what
//     it streams (findings, progress, set-ups, campaign ends); summary.go:
//     each campaign's line in the client's log.
//   - skipped.go: notes on the contracts a campaign did not fuzz.
//   - findingstate.go: stored findings rechecked on a new build.
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
//   - findings.go, diagnostics.go: findings and compiler messages as diagnostics.
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
//   - mapper.go, document.go, diff.go: positions, URIs, line diffs.
package lsp
