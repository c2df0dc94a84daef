// Package calldata holds ABI-aware transaction arguments for the fuzzer.
//
// A Value is a tree that mirrors an abi.Type: scalars keep their ABI word in
// Word, bytes and strings keep their contents in Bytes, and arrays, slices
// and tuples keep their members in Elems. The package generates random
// values that are always valid for their type (solc's ABI decoder reverts on
// dirty inputs), mutates exactly one leaf at a time and reports which, encodes
// values into a caller's buffer without allocating, decodes calldata for
// replay and traces, and formats values for traces and Foundry tests.
//
// Leaves are addressed by a Path of indices from the argument list down. A
// Dictionary collects interesting 256-bit words (constants pushed by the
// bytecode, comparison operands, boundaries) and byte strings that generation
// and mutation draw from.
//
// All randomness comes from a caller's *rand.Rand so that a campaign replays
// from its seed. Nothing in the package is safe for concurrent mutation: each
// worker owns its values, its Env and its Dictionary.
//
// # Files
//
//   - `engine/calldata`: ABI values, generation, one-leaf mutation, an
//     allocation-free encoder checked against go-ethereum's `accounts/abi`,
//     decoding and formatting, the dictionary.
//
//   - `engine/calldata`: `doc.go` (the package comment), `value.go`,
//     `word.go`, `generate.go`, `mutate.go` (one-leaf mutation, within
//     `MaxMutLen` and `MaxMutBytes`), `encode.go`, `decode.go`, `format.go`,
//     `dictionary.go`, `recent.go` (the words earlier transactions returned
//     or logged, by ABI kind, for later calls' arguments of that kind) (one concern each).
package calldata
