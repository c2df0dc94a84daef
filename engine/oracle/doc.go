// Package oracle decides which executions are findings: every oracle is
// an Oracle, judging one transaction or one sequence through the Context
// the loop passes it, with the state it keeps its own; the searches that
// propose sequences for the loop to run (a privileged payout sent by
// others, an owner's deposit named for another account, a privileged
// setting at its bound) are Searches. registry.go lists them all, in the
// order they run. The kinds they report are engine/finding's; explain.go
// says what each kind means.
//
// # Files
//
//   - `engine/oracle`: the oracles, each an `Oracle` (`Check(*Context)
//     *finding.Finding`) that owns the state it remembers, and the searches
//     that propose sequences for the loop to run, each a `Search` (`Step`).
//     Read in this order:
//   - `oracle.go`: the two interfaces, `Phase`, `Context` (per execution
//     step, as go-ethereum's ScopeContext: the sequence, its history
//     `[]TxInfo`, the transaction and its result, the probe flag, the key
//     being shrunk) and `TxInfo`. `machine.go`: `Machine`, a worker's
//     chain, tracer, deployment and principals, which the loop and the
//     oracles both run transactions on (`RunTx`; an oracle's re-run is
//     `Rerun`, and `EndRerun` drops its coverage), and `Campaign`, what an
//     oracle asks of the campaign (`Enabled`, `Known`, `Report`).
//   - `registry.go`: the pipeline and the one registration list (`New`).
//     After every transaction: `failures`, `credit` (notes), `events`,
//     `tokens`, `privilege`, `freezing` (notes), `properties`; after the sequence: `order`,
//     `dos`, `lock`; on a new corpus entry: `twins`; searches: `depriv`,
//     `credit`, `worse`. A campaign and `Replay` run the same `Set`, so they
//     cannot disagree about what a sequence does. `flow.go`: the run's
//     ether transfers (a `ledger` the `Set` keeps, reused) and the
//     `finding.EtherFlow` it attaches to a finding whose kind's message
//     tells it (SWC-105): the record the message and a replay's trace
//     word, so neither replays the sequence to measure it.
//   - One file per oracle: `check.go` (the transaction's failure, the
//     storage-write probe, SWC-113's revert in a loop; properties and
//     invariants, a suite with `failed()` (ds-test) failed also when it
//     returns true after the check: ds-test's assertions record, not revert), `vulns.go` (`events`: the tracer's events to findings,
//     docs/oracles.md) with its re-runs `unchecked.go` (SWC-104),
//     `recollect.go` (a payout re-run at once: in an owner's sequence,
//     and a depositor's first in a sequence of users), `leak.go` and
//     `usurp.go` (SWC-105; `usurp.go`'s
//     `Machine.NoteOwners` reads the owner words at deployment), `loopfail.go`
//     (SWC-113), `stakeback.go` (SWC-116's own stake paid back after a
//     delay, to the sender or an address it names, also when the payee
//     re-enters);
//     `token.go` (token-theft: the standard transfer events of the
//     deployment's token contracts, read from the logs `Machine.RunTx` files
//     under a key of their own, `IsToken` the ABI shape) with
//     `tokengain.go` (its net-gain rule: each transaction's `TxInfo.Moves`
//     between the fuzzer's accounts and anything else, the sequence re-run
//     with no time passing, the holdings read with `balanceOf`);
//     `privilege.go` (privilege-takeover: a watched word changed by
//     unprivileged senders, whether it decides access, the sequence
//     minimised to the missing check) with `privwords.go` (the watched
//     words, found on the deployed state: owner words, proxy slots, role
//     mapping entries, open entries of mappings no privileged account holds
//     a flag in), `privgrant.go` (an open entry granted, not paid; a
//     takeover an earlier stranger's grant in the sequence enabled) and
//     `privgetter.go` (a word another contract's access check reads through
//     a getter, `require(provider.getPoolAdmin() == msg.sender)`, watched
//     as an owner word, its readers probed first; a write that names only
//     its own sender in a word nobody held is a poke, not a grant) and
//     `privrepoint.go` (a state variable of a contract type the deployment
//     set, replaced with an address a sender named: a dependency word);
//     `freezing.go` (`Receipts`, shared by the workers, and `Frozen` at the
//     end of a campaign); `order.go` (SWC-114), `dos.go` (SWC-128),
//     `lock.go` (owner-lock, with `lockpriv.go`: a privileged call that an
//     unprivileged sender could send with the same effect is not blamed);
//     `twin.go` (SWC-101 on the twins
//     `engine/deploy` plans: `NewTwins`, `FormatArgs`).
//   - The searches, which run a sequence again as ordinary executions:
//     `depriv.go` (a sequence in which a privileged sender was paid by its
//     own transaction, sent again by an unprivileged sender, so the payout
//     oracles, which judge unprivileged payees only, see what the owner
//     opened; and, noted by the token-theft oracle, a transfer out of
//     another principal's balance in a sequence with privileged senders or
//     out of a privileged principal's, with an ordinary user sending the
//     privileged transactions and named where they were), `credit.go` (an owner's deposit for one account and a later
//     call naming another, sent again with both naming one unprivileged
//     sender), `payee.go` (a payout of a watched token out of a contract to
//     the sender or to an address the transaction named, sent again by a
//     stranger naming itself there, noted by the token-theft oracle),
//     `standin.go` (a committed call to a target that pulls the token it is
//     passed, whose arguments name an attacker contract, which answers
//     transferFrom and so covers a deposit's code with nothing moved: run
//     again with the pulled token in its place, an address field that must
//     be the token the senders approved; value feedback keeps the variant
//     once it deposited), `lockworse.go` (a privileged call's unsigned argument set to the bound
//     it was compared with, noted by the owner-lock oracle). Each tries at
//     most four sequences per payout site (or pair of functions, or
//     function) and worker.
//   - `tracecode.go`: `TraceCode`, the tracer's static description of a
//     contract (branches, and what the oracles need of legacy arithmetic,
//     INVALID and AssertionFailed). `explain.go`: each kind's explanation
//     (`foresight explain`, `-v`, the hover, and the generated section of
//     docs/oracles.md).
//   - Tests: unit tests per oracle on a `Machine` built from a fixture
//     (`machine_test.go`'s `testMachine`); the fixture campaigns
//     (`TestOracleFixtures`, `TestVulnerabilityFixtures`) stay in `engine`.
package oracle
