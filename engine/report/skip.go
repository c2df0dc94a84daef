package report

// A SkipReason is why the engine did not fuzz a contract, set where the
// engine decided it (engine/setup.go), so that the front ends sort skips
// by it and never by the wording of the reason, which names contracts
// ("LibraryRegistry" is no missing library).
type SkipReason uint8

// The reasons the engine gives. SkipNone is no reason: the contract was
// deployed, or its skip is the front end's own (test code).
const (
	SkipNone SkipReason = iota
	// SkipReverted: every constructor input tried reverted.
	SkipReverted
	// SkipTooLarge: the runtime code is over the code-size limit.
	SkipTooLarge
	// SkipLibraryMissing: a library it links is not in the build or
	// could not be deployed.
	SkipLibraryMissing
	// SkipNotDeployed: its deployment failed another way (out of gas,
	// Foresight's token, not deployed by a set-up).
	SkipNotDeployed
	// SkipNoFunctions: deployed, with no public or external function.
	SkipNoFunctions
	// SkipSetUpFailed: the Foundry test contract whose setUp() failed.
	SkipSetUpFailed
	// SkipOtherSetUp: a Foundry test contract whose set-up did not run,
	// because a campaign runs one.
	SkipOtherSetUp
)

// skipText is each reason's short form, the one progress lines give.
var skipText = [...]string{
	SkipNone:           "",
	SkipReverted:       "constructor reverted",
	SkipTooLarge:       "code too large",
	SkipLibraryMissing: "library missing",
	SkipNotDeployed:    "not deployed",
	SkipNoFunctions:    "no callable functions",
	SkipSetUpFailed:    "setUp() failed",
	SkipOtherSetUp:     "another set-up ran",
}

// String is the short form: "constructor reverted".
func (r SkipReason) String() string {
	if int(r) < len(skipText) {
		return skipText[r]
	}
	return "not deployed"
}
