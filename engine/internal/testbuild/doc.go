// Package testbuild compiles the engine's Solidity test fixtures, once per
// test binary's toolchain (the embedded solc-js, never a native solc, so
// every machine tests with the same compiler). Only tests import it.
//
// # Files
//
// `engine/internal/testbuild`: `testbuild.go`, `many.go`.
//
//   - `engine/internal/testbuild`: compiles the engine tests' Solidity fixtures
//     with one shared solc-js toolchain (tests only); `clean.go`
//     (`CompilesCleanly`: an exported test must compile without errors).
package testbuild
