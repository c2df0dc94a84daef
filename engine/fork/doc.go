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
package fork
