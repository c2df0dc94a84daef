// Package fork reads the state of a live chain over JSON-RPC for campaigns
// that fuzz against it (fork mode): accounts, storage and code at one
// pinned block, fetched lazily and batched, every request under a
// deadline, retried with back-off when the node rate-limits, cached in
// memory for the campaign and on disk per chain id and block, so that a
// second run at the same block makes no request. Credentials in the URL
// never appear in what it prints or returns (internal/redact).
//
// A Source is a go-ethereum state.Reader; engine/chain puts it under the
// StateDB of a forked chain.
//
// # Files
//
//   - `engine/fork` (fork mode): `rpc.go` (batched JSON-RPC, every request
//     under a deadline, 429 back-off), `parse.go` (replies; `FuzzParseReplies`),
//     `header.go` (the fork block's fields), `reader.go` (a go-ethereum
//     `state.Reader` that reads what the local state lacks from the node),
//     `cache.go` (per chain id and block, under the user cache),
//     `redirect.go` (a redirect to another origin is refused, a same-origin
//     one goes without Referer or Authorization), `errors.go`, `source.go`;
//     URLs are printed only through `internal/redact`.
//     `engine/chain/fork.go` puts it under the StateDB (a forked chain never
//     commits: a slot written back to zero would read the fork's old value);
//     `engine/fork.go` is the engine's fork (its targets checked, what a report
//     records of it), `engine/foundry/fork.go` the
//     export's `createSelectFork`; a campaign's fork is opened by
//     `session.Run` (`Request.Fork`, `session/fork.go` `openForks`) for both
//     front ends, the editor's only in a trusted workspace
//     (`session.CampaignFork`'s `ErrForkUntrusted`); `lsp/fork.go` opens a
//     replay's. `engine/fork/doc.go` has the package comment.
//     Set-ups that fork (docs/cli.md, "Set-ups that fork"):
//     `engine/cheatcode/fork.go` (the fork cheatcodes: `createFork`,
//     `createSelectFork`, `selectFork`, `rollFork`, `activeFork`),
//     `engine/chain/forkswitch.go` (`Forker` and `SelectFork`, which move a
//     chain onto a fork during `setUp()`; kept accounts are read from the old
//     state, and nothing runs per opcode), `engine/forksetup.go`
//     (`engine.SetUpForks`) and `solc/foundry_rpc.go` (`RPCEndpoints`:
//     foundry.toml's `[rpc_endpoints]`).
package fork
