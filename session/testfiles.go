package session

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/harness"
)

// What the front ends need to know of test files and of the test chain,
// from the engine packages they do not import themselves (the import
// rule in architecture_test.go: cmd and lsp see the engine through its
// API packages and this one).

// ReadSmall reads a test file's text, or nil when it is too large to be
// one (harness.ReadSmall).
func ReadSmall(path string) []byte { return harness.ReadSmall(path) }

// HasSetUp reports whether a test file's text declares a setUp()
// (harness.HasSetUp): it can be fuzzed from its own set-up.
func HasSetUp(text []byte) bool { return harness.HasSetUp(text) }

// IsSuite reports whether a test file's text is an invariant suite
// (harness.IsSuite), as For decides which suites a run fuzzes.
func IsSuite(text []byte) bool { return harness.IsSuite(text) }

// The test chain's defaults a front end names to the user.
const (
	// DefaultGasLimit is the gas per transaction unless --gas-limit says
	// otherwise.
	DefaultGasLimit = chain.DefaultGasLimit
	// DefaultSenders is how many senders a campaign without a set-up has.
	DefaultSenders = chain.DefaultSenders
)

// Deployer is the address that deploys the contracts of a campaign
// without a set-up.
var Deployer = chain.Deployer
