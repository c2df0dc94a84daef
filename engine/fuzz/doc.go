// Package fuzz is Foresight's greybox fuzzer of transaction sequences: a
// corpus keyed by path identifiers, a pluggable power schedule (AFLFast's
// cut-off exponential by default), mutations that change exactly one field
// of one transaction or the sequence's shape, oracles checked after every
// transaction, shrinking of failing sequences, and workers that share the
// corpus. A fixed seed and an execution budget reproduce a campaign exactly
// with one worker.
package fuzz
