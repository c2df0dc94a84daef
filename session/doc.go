// Package session runs a request end to end, the one place both front
// ends share: the command line (check, fuzz) and the editor (a save,
// "Fuzz this file") hand it files, settings and a focus, and it decides
// the campaigns: the direct campaign on the code that changed or was
// named and, beside it, each invariant suite of the project whose set-up
// reaches that code ([SuitesFor]), every one with the same seed and an
// equal share of the budget ([Split]). Each suite is compiled alone, as
// when its file is named ([CompileSuites]; the editor takes it from its
// full compile with [FromBuilds], which fuzzes the same code), and
// started from each of its test contracts ([RunSuites]); the findings of
// a suite carry it (report.Finding.Harness), so that replay and export
// start from the same set-up. cmd and lsp translate flags or LSP
// messages into a request and present its results; neither plans
// campaigns itself.
//
// # Files
//
//   - `session/`: runs a request end to end for `cmd` and `lsp`.
//     `request.go` (`Run`, `Request`, `Sink`, `FoundryApplied`, `Result`:
//     the one order of a run, the compile included, for both front ends),
//     `compile.go` (`Compiled`: a command's paths compiled with their
//     suites), `stream.go` (`Stream`: findings, progress, set-ups and
//     campaign ends sent to the `Sink` as typed values, each naming its
//     `Campaign`: direct, a suite's or a carried set-up's; `Discard`, the
//     Sink a front end embeds to define only what it shows), `staged.go` (an editor's run: the analysis and full compiles,
//     the aim at what a save changed, dependents, the suites' compile beside
//     the direct campaign, each applied to the project's `State`, the
//     findings rechecked and the suites kept; `Stages`, what the editor
//     shows of each and where it hands its campaigns over),
//     `selection.go` (`CompileNamed`:
//     the files, suites and dependents of paths named on the command line;
//     `Dependents`; `CompileSuiteFiles`), `settings.go` and
//     `settings_list.go` (`Setting`: one record per editor setting and
//     command-line flag, its bounds, `Clamp` and `ClampNote`, the one
//     policy and message of both), `testfiles.go` (what the front ends need
//     of test files and the test chain's defaults, from packages they do not
//     import). `limits.go`
//     (`Limit`: the bounds and clamp of the run settings both take;
//     `Depth`, `FoundryNote`: Foundry's invariant.depth bounded and said
//     alike). `plan.go`
//     (`For`: a run's direct campaign and the invariant suites beside it, by
//     mode: files named on the command line, an editor save of the open
//     files, a command; `SuitesFor`; `Split`: the same seed for every
//     campaign, the budget split evenly by suite file, the direct campaign
//     taking the remainder, a suite's test contracts dividing its share),
//     `suite.go` (`CompileSuites`: each suite compiled alone;
//     `SuiteContracts`; `Texts`), `run.go` (`RunSuites`: each suite's test
//     contracts from their `setUp()`, findings streamed and merged with their
//     suite in `Finding.Harness`; `RunAll`: the direct campaign and the
//     suites side by side, the command line's and the editor's; `RunStaged`:
//     the same with the suites compiled beside the direct campaign, the
//     editor's save, and `Hooks.Carried` fuzzed while they compile;
//     `SuiteRun`, `Merge`, `NotFuzzedWhy`), `carry.go` (`Carry`: a suite's
//     last builds carried to the saved code, the changed contracts' creation
//     code swapped at `CREATE`, or why not), `direct.go`
//     (`Direct`: the direct campaign, an empty report saying so when only
//     suites have something to call; `Without`: a compile's builds less the
//     suites' files, which run alone), `skipped.go` (`Statuses`: every
//     contract of the fuzzed files, fuzzed or not, why (`Why`, from the
//     engine's `report.SkipReason`)
//     and where a note goes; `Skips`: the noted ones of a run, its suites'
//     included; `Summary`), `corpus.go` (`LoadCorpus`, `Corpus.Save`:
//     seeds by contract, stale ones deleted, each contract pruned to its
//     bound; `ProjectCorpus`, `EnsureIgnored`), `forgecorpus.go`
//     (`ForgeDirs`, `LoadForgeCorpus`: forge's `invariant.corpus_dir` and
//     `failure_persist_dir` of a Foundry project, inside its root, as
//     `engine.Options.ForgeSeeds`; `ForgeFailureFor`, `WriteForgeFailure`:
//     where an invariant finding's forge failure file goes, never over
//     forge's own; docs/foundry.md), `fork.go` (`CampaignFork`,
//     `ReplayFork`, `SetUpForks`, `ForkCacheDir`; `ForkRequest`, `Forks`:
//     the fork `Run` opens for a run's campaigns; `OpenReplayFork`: a
//     replay's; `ForkFailure`: a fork error's kind, for the front ends; `CorpusRequest` in
//     `corpus.go`: the corpus `Run` loads and saves), `export.go`
//     (`ExportName`, `FreeExportName`, `WriteExport`: an export's name, the
//     test's own, else the first free `-2`, `-3`, ...), `exportroot.go`
//     (`ExportRoot`: the project a report's export runs in or for, never a
//     package in `node_modules`; `ConfineExport`: every path inside it,
//     symbolic links resolved; `ExportDest`: the project the test goes
//     into; `ExportPlace`: that project and how the test is written there,
//     for the CLI and the editor; `ExportTarget.Test`: the finding's
//     test rendered in an `ExportStyle`; `WriteExportIn`), `aim.go`
//     (`Campaigns.AimFor`: the direct campaign's contracts, test code only
//     when `Campaigns.TestCode`: a test file named or saved alone is fuzzed
//     from its own set-up, as check does; focus and targets outside test code; "only
//     test files changed"), `budget.go` (the
//     default budgets, `CheckBudget`, `FuzzBudget`, `SaveBudget`; `Budget`,
//     `ClockSeed`: the one rule for a campaign's time budget and seed), `mutants.go` (`Mutants`: the files and their suites compiled
//     together, the original fuzzed once, then each mutant of
//     `engine/mutant` compiled with its edit as an overlay and, unless
//     invalid or of the original's bytecode, fuzzed by the direct campaign
//     and the suites with the seed and budget, aimed at its line and seeded
//     with the original's corpus) with `mutantobserve.go` (one build's
//     campaigns, their findings and the mutated file's line reach),
//     `after.go` (`AfterSave`: a save's behaviour check and mutants,
//     started by `Run` in the background once its campaigns ended;
//     `Checks`: those in flight, which a newer save's replace; `Check`:
//     what they found, sent to the `Sink`), `labels.go`
//     (`RunLabelled`: each labelled file fuzzed alone for `fuzz --labels`,
//     its findings beside its `//@finding(KIND)` labels), `bench.go`
//     (`Bench`: `foresight bench`'s engine configurations over seeds, what
//     each run found and how fast), `edits.go` (`DiffLines`, `Move`,
//     `ShiftFunctions`, `Changes`: what an edit keeps, moves or drops of
//     the editor's findings and notes, and the focus and targets it
//     gives), `findings.go` (`Finding`, `Findings`: the editor's
//     record of a project's findings in byte offsets of their texts, moved
//     by edits, with the set-ups and suites' builds that replay them;
//     `Streamed`: a run's finding placed on the text now),
//     `findingstate.go` (`FindingState`, `Replayable`, `Rechecked`,
//     `Findings.Rechecks`, `Replay`, `Findings.Apply`: which stored
//     findings a new build replays, the replay, and the state each is
//     left in; `Replayed`: what a run's replay changed, for the front end
//     to show), `state.go` (`State`: the editor's state of one project,
//     with its own lock: each file's compiled text (`File`), the last
//     builds, the findings; `Gen`: one run of it, superseded once a newer
//     one begins, with the texts its compiles saw; `Gen.Record`: a
//     streamed finding placed and recorded), `absorb.go` (a compile of
//     the latest run applied to the `State`: the texts absorbed, the
//     findings and notes moved, the changed functions and lines, or
//     nothing once superseded), `notes.go` (`Note`, `Gen.SetNotes`: the
//     contracts a campaign did not fuzz, placed on their compiled texts),
//     `text.go` (`Text`: a file's text as a
//     compile saw it, the one a finding's byte offsets refer to),
//     `behaviour.go` (`Compare`: `foresight diff`'s
//     comparison of two builds; `Comparison`, what one found, `diff`'s
//     and a save's check's; `BehaviourDifference`: one difference, with
//     its `Export` as a Foundry test and its `Trace`),
//     `share.go` (`Share`: a corpus folder shared by campaigns at once,
//     `fuzz --corpus`: seeds, inputs and findings written as they come,
//     others' inputs picked up; `MaxCorpusInputs`, `MaxPrunedInputs`),
//     `corpusdir.go` (`CorpusDir`: `foresight corpus`'s merge and
//     minimisation; `folderSequences`: a folder's inputs as `diff`'s
//     sequences), `output.go` (`WriteOutput`: a file the command line names, replaced
//     whole; `WriteProjectLCOV`: the editor's tracefile in `StateDir`;
//     `WriteNewIn`: `diff --export`'s tests, never over a file).
package session
