// Package chain is Foresight's test chain: go-ethereum's EVM and state
// database in memory, one per fuzzing worker, with funded accounts, contract
// deployment with library linking, transactions with advancing block time and
// number, and fast exact resets between transaction sequences.
//
// A Chain is not safe for concurrent use; each worker owns one.
//
// # Files
//
//   - `engine/chain`: go-ethereum `core/vm` + `core/state` in memory
//     (`chain.go`): funded senders; deployment with library linking (code of
//     any size at every depth unless the project sets `code_size_limit`,
//     `vm.Config.MaxCodeSize`, as in forge's tests); `Call`
//     (Prepare, Call, Finalise per transaction);
//     `Snapshot`/`Reset` by journal (`reset.go`): a reset borrows the
//     snapshot's working state and reverts it to a journal revision instead of
//     copying it, so the first transaction after a reset copies nothing and
//     leaves no allocation to the fuzzer; a second transaction, a snapshot or
//     a direct storage write first copies and finalises it (exact, as
//     before); a property probe after that first transaction runs on the
//     borrowed state under a journal revision instead, unless the
//     transaction self-destructed or wrote transient storage, which the EVM's
//     view of the state notes (`view.go`), and a probe on a finalised state
//     starts as a transaction does (`Prepare`: no transient storage left
//     over, the access list of a transaction) (`Probe`); a probe is answered
//     from memory (`probememo.go`) when the same call ran on a state whose
//     content the chain knows (a snapshot's, or its own since) and no write
//     since reached what it read: the view notes every write (storage to a
//     new value, a balance by a non-zero amount, a nonce, code, an account
//     made or destroyed; a failed transaction's are dropped, `State()` counts
//     as a write of everything) and, while a probe runs, every read (slots,
//     balances, nonces, code, existence), and a per-opcode wrapper notes the
//     opcodes that read the block, around `SetProbeHook`'s hook (the
//     tracer's `ProbeStep`, which marks instruction coverage only) or else
//     the transactions' own; a probe that called an installed
//     precompile (the cheatcodes keep state of their own) is run every time,
//     unless the call is pure (an assertion) or `vm.load`, which reads
//     through the view (`Chain.Load`); `ProbeFailed` (`probe.go`) calls a
//     ds-test suite's `failed()` after the check, on the state it left and
//     before the revert, remembered with it (`Result.Failed`);
//     up to 256 probes are remembered per state, looked up from the entry
//     after the last one found (the campaign probes in a fixed order), and
//     `probebloom.go` sums up a probe's reads and the writes since in 64-bit
//     Bloom filters, so that most remembered probes stand after three ANDs; `ResetFor(s, txs)`: a sequence known to hold more
//     than one transaction starts on its own copy of the snapshot's state (the
//     second transaction would otherwise copy the borrowed state, journal
//     included, and revert it), which `engine/fuzz/exec.go` resets with;
//     `BlockHashFactor` and `PrevRandaoFactor` define the test chain's block
//     data (hash n*F, PREVRANDAO n*F+1, mod 2^64; `vm.roll`, `SetNumber`,
//     gives the rolled block's PREVRANDAO); `stored.go`: `ResetWithStorage`, a snapshot with
//     one slot overwritten for aggressive mode, kept as one finalised copy per
//     snapshot and slot, each value written and finalised on it and each run
//     reverted by journal (no state copy per value); on a fork only, a reusable
//     wall-clock guard per transaction (`evm.Cancel`: RPC reads are not bounded
//     by gas; on a local chain the gas limit bounds a transaction's work, so no
//     wall clock decides a result); the rules of the project's EVM version
//     (`evmversion.go`); Go precompiles installed next to the fork's (the
//     cheatcodes, `precompile.go`); `fork.go` and `forkswitch.go` (fork mode,
//     with `engine/fork`).
//
//   - `engine/chain` snapshots and many contracts: `StateDB.Copy` copies every
//     account the state holds, so once 16 accounts have been created since the
//     last commit (deployments, installed accounts), a snapshot commits the
//     state to the chain's in-memory trie database and continues on a fresh
//     state over the committed root, which reads accounts as transactions
//     touch them (`commit.go`); working states of such snapshots are refreshed
//     every 16 resets. Instruction coverage saves copy only the codes entered
//     while they are open (`engine/trace/instr.go`).
package chain
