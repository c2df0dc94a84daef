// Package fuzz is Foresight's greybox fuzzer of transaction sequences: a
// corpus keyed by path identifiers, a pluggable power schedule (AFLFast's
// cut-off exponential by default), mutations that change exactly one field
// of one transaction or the sequence's shape, oracles checked after every
// transaction, shrinking of failing sequences, and workers that exchange
// what they found at fixed execution counts. A fixed seed, worker count
// and execution budget reproduce a campaign exactly.
//
// # Files
//
// The loop's files, in reading order (this file has the package comment):
//
//   - `config.go`: `Settings` (shared knobs), `Config`, `Progress`, `Counts`,
//     `Result`. `campaign.go`: `Run`, the campaign's shared state (targets,
//     corpus, findings, counters) and its setup.
//     Set-up (`engine/deploy/interrupt.go`, `SetupStep`) checks the
//     campaign's context before each contract's step (deployment plan and search, preparation, lookahead
//     analyses, each worker's deployment), so a cancel or the time budget,
//     which covers set-up, ends it within one contract's work; `Run` then
//     returns the context's error and `engine.Fuzz` a report whose `Note`
//     says nothing was fuzzed.
//   - `deployment.go`: the campaign's side of deployment (the plan made
//     once and counted in its executions, each worker's chain, the
//     constructors' findings); `setup.go`: a Foundry set-up's chain;
//     `addrseed.go`: seeds named by addresses (`Config.AddrSeeds`, forge's
//     sequences), mapped by each worker onto its deployed system (target
//     address, selector, sender) or counted as skipped (`AddrSkip`);
//     `setupcache.go`: `SetUpCache` (`Settings.SetUps`), the set-ups kept
//     across campaigns by the bytecode they ran, from which a later
//     campaign's chains resume (`cheatcode.Resume`) instead of running
//     `setUp()`, with the constructors' coverage of the run they keep;
//     `creation.go`: that coverage (`Result.Creation`), recorded by a
//     per-opcode hook on one chain's deployment or `setUp()` alone.
//     `finding.go`: the aliases of `engine/finding`'s record (`Finding`,
//     `Key`, `Via`, `Unreduced`), so the loop's API keeps its names, and
//     `campaignOf`, a worker's view of the campaign for the oracles
//     (`oracle.Campaign`).
//   - `seeds.go`: the inputs a worker did not mutate (the campaign's
//     seeds, a shared corpus's imports, the address seeds), fitted to the
//     campaign by `sanitize` and run by `try`.
//   - `worker.go`: a worker is its `oracle.Machine` (chain, tracer,
//     deployment, principals), its `oracle.Set`, its random source,
//     dictionary and coverage, the `reuse` caches (prefix, end), the
//     predictor and the keep burst, and scratch buffers. `newWorker` is its
//     one constructor, also used by `Replay`. Its loop: `run` ->
//     `fuzzEntry` (a search's sequence from `Set.Step` when one waits,
//     else mutate, or explore, or aggressive mode) -> `runPrediction`; every input goes
//     through `exec` then `count` then `consider` (one `Corpus.record`
//     call, and `Set.Added` for a sequence that joined the corpus) or
//     `report` (shrink, then the finding; a new finding behind a known one
//     earlier in its sequence, `outcome.masked`, only if the shrunk
//     sequence finds it alone, as its replay must). A predicted input comes from
//     `engine/solve` (`Predictor.Predict`), starts only if the predictor's
//     yield schedule admits it (`admit`, `Predictor.Admit`), and its run is
//     handed back with `Predictor.Observe` and `Predictor.Settle`; the next
//     step comes from `Predictor.Next`. `yield.go` sums the workers'
//     per-target yield for `Result.PredictionTargets`.
//   - `exec.go`: the per-execution path, like an interpreter loop: `exec`
//     takes the sequence and an `execInput` (start state, first transaction,
//     probe, prediction target, key being shrunk) and returns one `outcome`
//     (paths, state signature, new coverage, the finding, and the last
//     transaction's costs, loads, path and operands). After every
//     transaction `check` fills the worker's one `oracle.Context` and calls
//     `Set.AfterTx`; after the last, `checkEnd` calls `Set.AfterSeq`. A
//     property or invariant the same transaction broke beside a built-in
//     finding (`Context.Also`) is reported too (`stops`), never hidden by
//     it.
//     `funcstats.go`: per worker, fixed arrays by function of completions,
//     reverts (each distinct revert data kept once), gas and time, timed
//     per transaction, never per opcode. `share.go`: a function
//     that takes over seven eighths of a worker's gas, two 2,048-execution
//     windows in a row, without new coverage
//     has the picks of entries calling it cut (`funcShare`, judged every
//     2,048 executions; `entryCut`, `pickCall`).
//     `execMutant` and the `prefixCache` reuse the state after an entry's
//     prefix. A replay sends recorded calldata as it is (`Tx.Raw`) through
//     the same steps.
//   - `corpus.go`: entries keyed by path identifier (plus coverage and
//     storage-state novelty), LID and split-point counts; `schedule.go`:
//     pluggable `Schedule` (AFLFast COE, Lookahead). Entries are grouped by
//     their last transaction's contract (`fairness.go`); `Next` serves the group that was
//     given the least energy per weight (a contract weighs what its
//     functions do: 4 for one that writes, 2 for a view or pure one; a
//     pick next to no open user-source branch is charged four times), and
//     inside it the function its entries end in that was given the least,
//     judges each group by its own mean path frequency,
//     and gives every other pick to the group's entries that opened
//     coverage or a new storage state, newest first: so a campaign over
//     several contracts starves none. `scout.go`: an entry that opened
//     coverage, still next to an untaken branch and never picked after 64
//     of its group's picks, is scouted once on a pick that is not a
//     favoured one: 16 mutants of its last transaction's arguments and
//     value, each followed by its prediction, so a comparison it first
//     reached is aimed at though newer entries bury it. `closer.go`: an input that brings an
//     untaken user-source branch a bit closer (HARVEY's cost) joins the
//     corpus, and entries next to such a branch keep energy; the corpus
//     keeps, per such branch, the entry that came closest. `plateau.go`:
//     after 32,768 executions without progress (new coverage, a new
//     finding, an input closer to an untaken branch), doubling per plateau
//     up to 2^20, a worker refocuses: those nearest entries are queued again
//     as if they had just opened coverage (favoured, then scouted), and the
//     prediction back-off and the growth give-ups start over (the share
//     cuts stay). Nothing in the search depends on the budget (docs/schedule.md,
//     `TestBudgetPrefix`).
//     `unmet.go`: after the workers stop, the branches no worker took one
//     side of with the closest distance the corpus recorded
//     (`Result.Unmet`, what the editor's unreached hints name).
//     `mapkey.go`: input-to-state for mapping reads (REDQUEEN §3.1 applied
//     to storage): a reverting transaction whose guard read an unset entry
//     of a mapping (`isIrmEnabled[irm]`, Morpho's `market[id]` keyed by the
//     hash of a struct argument) gets mutants with the key replaced by one
//     an earlier transaction set, or with a writer's whole sequence (the
//     owner's `enableIrm`, a `createMarket`) run before it with the
//     writer's key. `mapkey_round.go`: a mutant that passed a guard and
//     reverts at the next mapping read gets its own round at once (a few
//     rounds deep: createMarket's IRM, then its LLTV); `mapkey_due.go`: a
//     round that found no writer leaves its entry waiting on that mapping,
//     and the mapping's first writer makes it due before the next pick.
//     `earlier.go`: values from earlier transactions: the words a
//     committed transaction that wrote storage returned or logged go to the
//     worker's `calldata.Recent` by their ABI type (the method's outputs,
//     the event's inputs by topic 0, indexed and data: uint, int, address,
//     bytesN; a word wider than 160 bits, typed or not, is an untyped id
//     offered to every number three picks in four; an address only if it
//     holds code, a contract a call made, and only the newest is offered),
//     the first kept per transaction in the history
//     (`oracle.TxInfo.Made`, `MadeKind`) so an execution resumed from a
//     prefix's snapshot notes its prefix's again; generation and mutation
//     pass them back to arguments of their kind (a `createSubscription`'s
//     hashed id, an order's 64-bit id, the pool a factory's `create`
//     returned);
//     and the sources' string literals join the dictionary, as byte strings
//     and left-aligned words.
//     `mutate.go`: mutations of exactly one field or the sequence shape,
//     and who sends (`randomSender`: the deployer and role holders, one
//     transaction in `deployerShare` to a contract that names them;
//     `privsenders.go`: who they are, their share per contract,
//     `sentByPriv`, a sequence whose payouts count as no value progress,
//     and `lends`: a transaction added beside theirs is not theirs too);
//     `delay.go`: the delays drawn before a transaction, and a delay's
//     mutation with its old and new value, so a time guard (block.timestamp
//     against a stored cliff or deadline) is solved for the delay
//     (`engine/solve` `delay.go`);
//     transactions added to a sequence call its own contract seven times in
//     eight. `keep.go`: a mutant whose last transaction matched a value its
//     parent missed by far (an equality now holds, such as a stored hash)
//     and now measures an untaken branch on another scale gets a burst of
//     24 mutants that keep what it changed and vary its msg.value and other
//     arguments, each followed by prediction (at most four bursts per
//     branch); an inserted writer (`writers.go`) gets a burst of its own.
//     `extend.go`: an entry that opened coverage grows at its end,
//     run on the state it left (cached per worker), so a step costs one
//     executed transaction; sequences grow up to `MaxSeqLen` (default 64),
//     fresh random ones stay at most 8 long; the first appends to a state
//     whose last transaction wrote storage call each function of its
//     contract once; every append, and every transaction inserted before
//     another, keeps that neighbour's sender half the time. `compact.go`: an
//     input that covered new code enters the corpus without its inert
//     transactions (reverted, or no storage write, no ether moved, not
//     through an attacker), if a re-run without oracles shows every kept
//     transaction on its old path and storage, balances and contract
//     nonces unchanged. `shrink.go`: shrinking, and `shrinkLeaf` (below);
//     `shrinkcouple.go`: equal integers shrunk together, and an integer to
//     a smaller literal of the source that still fails.
//     `demand.go`: demand-driven sequence fuzzing (§5: aggressive mode with
//     p_a = 0.125, growth only for marked functions; the code its runs on
//     directly written state reach stays out of the coverage report).
//     `writers.go`: writer -> reader sequences: the last transaction of a
//     corpus entry that wrote storage is kept as a writer per slot and
//     class of value, and half the insertions before a last call take a
//     writer (of another function) of a slot that call's function needs
//     (aggressive mode, `demand.go`, took an edge no sequence took by
//     writing it; until one does, at most 64 insertions per function; a
//     mapping's values are one slot; when the call aggressive mode ran
//     had evaluated that edge's branch, only before calls that reach it,
//     and, if some call of the function does not, that entry's next
//     mutant is one), half the time with a writer of a slot the writer
//     read before it (setY(v), copyY(), bar()), followed
//     by a burst (`keep.go`) that varies the first inserted arguments
//     with prediction; a writer function whose insertions before a
//     reader helped nothing 8 times goes there no more until it writes
//     a value of a new class.
//     `children.go`: contracts the deployment's constructors created
//     with a program contract's exact runtime code (`Helper h = new
//     Helper()`), bound in the tracer to that code, so a target's guard
//     over its helper's storage shows in aggressive mode (which writes
//     the helper the target created, `slotAddr`) and in the writers.
//     `value.go`: value feedback: an input that raised the best payout of
//     its contract, sender and currency is kept and extended, and so is
//     the first that made a sender deposit tokens into a contract (per
//     contract and sender: a deposit that a stand-in asset covered with
//     nothing moved opens no coverage; oracle `standin.go`).
//   - `exchange.go`: several workers' exchange (issue 71): each has its own
//     corpus, known findings, progress and demand marks (worker 0 the
//     campaign's) and its share of an execution budget; every
//     `exchangeEvery` (4,096) of its own executions it publishes a round
//     (`batch`: entries it admitted, findings it shrank, progress, marks),
//     and between two inputs takes each round its count passed by
//     `exchangeLag` (2) rounds from the others, in worker order, waiting
//     for those behind (`sync`, `take`: their entries run as its inputs). Findings join the campaign's
//     (`OnFinding`) round by round in worker order; `view` is the
//     campaign's execution count a worker decides by (its own times the
//     workers'), so nothing a worker does depends on thread timing.
//   - `replaysender.go`: a recorded call's sender found by its address
//     (`RawCall.From`) among the replayed system's principals, since the
//     report's index is the campaign's numbering (role holders come before
//     the attackers and the deployer); `RecordedCallError`.
//   - `replay.go`: raw calls (`Raw`, `RawCall`) and `Replay`/`ReplayFrom`,
//     which run a finding's calls through the same oracles (with `want`, the
//     report's finding is looked for as in a shrink, `Step.Passed` marks
//     another passed over). `Step.Stored`:
//     the words a step wrote (the last step's with their prior values),
//     which the export asserts.
package fuzz
