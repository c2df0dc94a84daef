// Package solc owns the Solidity compiler: it finds a compiler for a
// project (explicit configuration, foundry.toml, native binaries from svm or
// solc-select, or the embedded solc-js packages), resolves the project's
// sources and remappings into a standard-JSON input, runs the compiler under a
// context, and returns its output and diagnostics as plain data with byte
// offsets.
//
// Nothing in this package knows about LSP or the fuzzing engine; see
// docs/architecture.md.
package solc
