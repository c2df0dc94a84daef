package report

// Setup records how the campaign deployed the program, for replays.
type Setup struct {
	Seed      uint64     `json:"seed"`
	Contracts []Deployed `json:"contracts"`
	// SetUp is the Foundry test contract whose setUp() deployed the
	// contracts ("" when Foresight deployed them itself).
	SetUp string `json:"setUp,omitempty"`
	// Token is where Foresight's own token was deployed for a constructor
	// that takes a token ("" if none did).
	Token string    `json:"token,omitempty"`
	Fork  *ForkInfo `json:"fork,omitempty"` // the live chain it ran on, if any
}

// Deployed is one deployed contract.
type Deployed struct {
	Name string `json:"name"`
	Unit string `json:"unit"`
	// Compiler is the version of the solc that compiled it ("0.8.30"; ""
	// in older reports). A project whose files need two compilers
	// compiles a file both import (a library) with each, so a name and
	// unit can name two contracts.
	Compiler string `json:"compiler,omitempty"`
	Address  string `json:"address,omitempty"`
	CtorArgs string `json:"ctorArgs,omitempty"` // hex
	// CtorValue is the ether (wei, decimal) its constructor was sent.
	CtorValue string `json:"ctorValue,omitempty"`
	// Order is its place in the deployment order, from 1 (0: unknown).
	Order int    `json:"order,omitempty"`
	Error string `json:"error,omitempty"`
	// Skip is why Error kept it from being fuzzed, as a value (the
	// engine's; not in report files, which carry Error's wording).
	Skip SkipReason `json:"-"`
	// Grants are the calls made right after it was deployed, which fund
	// it with the tokens its constructor took (the engine's deployplan.go).
	Grants []Grant `json:"grants,omitempty"`
}

// Grant is a call the deployment made right after a contract was
// deployed: an account that controls a token the constructor took funds
// the contract (deploy.Grant).
type Grant struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Input string `json:"input"` // hex calldata
}

// ForkInfo records the fork a campaign ran on, for reports and replays.
type ForkInfo struct {
	// URL is the endpoint without credentials (fork.Redact); Redacted
	// says some were removed, so a replay needs the URL again.
	URL      string       `json:"url"`
	Redacted bool         `json:"redacted,omitempty"`
	Block    uint64       `json:"block"`
	ChainID  uint64       `json:"chainId"`
	Targets  []ForkTarget `json:"targets,omitempty"`
	// SetUp says the Foundry set-up selected the fork itself
	// (engine/forksetup.go), by Alias when it named one of foundry.toml's
	// [rpc_endpoints]: the chain starts unforked, and a replay pins the
	// set-up's fork at Block.
	SetUp bool   `json:"setUp,omitempty"`
	Alias string `json:"alias,omitempty"`
}

// ForkTarget is a contract already deployed on the fork that the campaign
// fuzzes where it is, with the ABI of the build's contract of that name
// (--target-address ADDR:NAME).
type ForkTarget struct {
	Address  string `json:"address"`
	Contract string `json:"contract"`
}
