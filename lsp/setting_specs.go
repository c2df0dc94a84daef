package lsp

import (
	findingkind "github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// settingSpec describes one editor setting: its key, JSON type, default
// and documentation. settingSpecs is the one definition of the settings;
// `go test ./lsp -run TestSettingArtifacts -update` writes from it the VS
// Code extension's configuration (package.json), its list of server keys
// (src/settingKeys.ts) and the settings tables of docs/lsp.md,
// editors/README.md and editors/vscode/README.md, and that test fails when
// any of them is stale. Settings' json tags must match the server keys.
type settingSpec struct {
	Key     string // in the "foresight" section
	Type    string // JSON schema type
	Default any
	// Minimum and Maximum bound a numeric setting: the server clamps a
	// value outside them (configuration.go), and the VS Code schema
	// declares them. Every numeric setting has both, since a value from a
	// workspace's settings file is not to be trusted with the machine.
	Minimum, Maximum *float64
	// CPUBound: the server also uses at most runtime.NumCPU().
	CPUBound bool
	Items    string   // element type of an array
	Values   string   // value type of an object
	Enum     []string // allowed strings
	Scope    string   // VS Code scope, when not the default
	Doc      string   // Markdown for the VS Code settings editor
	Short    string   // one line for the docs tables (Markdown)
	// Editor is empty for a setting the server reads, else the one editor
	// extension that reads it ("vscode").
	Editor string
}

func bound(n float64) *float64 { return &n }

// maxSafeInteger is the largest integer a JSON number keeps exactly in
// JavaScript (Number.MAX_SAFE_INTEGER), so in VS Code's settings.
const maxSafeInteger = 1<<53 - 1

// settingSpecs lists the settings in the order editors show them.
var settingSpecs = []settingSpec{
	{Key: "path", Type: "string", Default: "", Editor: "vscode",
		Doc:   "Path of the `foresight` binary. Empty: the binary bundled with the extension for this platform, else `foresight` on `PATH`. A relative path is resolved against the first workspace folder; `~` is your home directory.",
		Short: "the `foresight` binary (see above); a change restarts the server"},
	{Key: "serverArgs", Type: "array", Items: "string", Default: []string{}, Editor: "vscode",
		Doc:   "Extra arguments after `foresight lsp`, e.g. `[\"--log-file\", \"/tmp/foresight.log\", \"-v\"]` or `[\"--no-install\"]`. Changing them restarts the server.",
		Short: "extra arguments after `foresight lsp`, e.g. `[\"--log-file\", \"/tmp/foresight.log\", \"-v\"]`; a change restarts the server"},
	{Key: "solcPath", Type: "string", Default: "",
		Doc:   "A `solc` binary to use for every file. Empty: the version each file's `pragma` asks for (a native solc from svm or solc-select if installed, else the npm package `solc`).",
		Short: "a `solc` binary for every file (untrusted workspace: only an absolute path outside it)"},
	{Key: "solcVersion", Type: "string", Default: "",
		Doc:   "A solc version to use for every file, e.g. `0.8.26` (native if installed, else solc-js). Empty: from each file's `pragma`.",
		Short: "a solc version for every file, e.g. `\"0.8.26\"` (native if installed, else solc-js)"},
	{Key: "optimizer", Type: "string", Default: "project", Enum: []string{"project", "on", "off"},
		Doc:   "Compile with the optimizer on or off, whatever the project's configuration (foundry.toml, Hardhat config) says; `project` keeps the project's. Like `foresight check --optimize`.",
		Short: "`on` or `off` overrides the project's optimizer; `project` keeps it (`--optimize`)"},
	{Key: "optimizerRuns", Type: "integer", Default: 0, Minimum: bound(0), Maximum: bound(4294967295),
		Doc:   "The optimizer's runs, instead of the project's; turns the optimizer on unless `#foresight.optimizer#` is `off`. `0` keeps the project's. Like `--optimizer-runs`.",
		Short: "the optimizer's runs instead of the project's; 0 keeps them (`--optimizer-runs`)"},
	{Key: "viaIR", Type: "string", Default: "project", Enum: []string{"project", "on", "off"},
		Doc:   "Compile through Yul IR or not, whatever the project's configuration says; `project` keeps the project's. Like `--via-ir`.",
		Short: "`on` or `off` overrides the project's via-IR; `project` keeps it (`--via-ir`)"},
	{Key: "evmVersion", Type: "string", Default: "", Enum: append([]string{""}, solc.EVMVersions...),
		Doc:   "The EVM version to compile for, instead of the project's (e.g. `cancun`); empty keeps the project's. Like `--evm-version`.",
		Short: "EVM version to compile for instead of the project's; empty keeps it (`--evm-version`)"},
	{Key: "fuzzBudgetSeconds", Type: "number", Default: 10, Minimum: bound(0), Maximum: bound(3600),
		Doc:   "Wall-clock budget in seconds of the campaign after each save. `0` means no time limit and needs `#foresight.fuzzExecs#`.",
		Short: "wall-clock budget of the campaign after a save; 0 = none (only together with `fuzzExecs`)"},
	{Key: "fuzzExecs", Type: "integer", Default: 0, Minimum: bound(0), Maximum: bound(1e9),
		Doc:   "Budget of a campaign in executed transaction sequences; `0` means none. With a fixed `#foresight.seed#` and one worker, a campaign is reproducible.",
		Short: "budget in executed transaction sequences; 0 = none"},
	{Key: "workers", Type: "integer", Default: 1, Minimum: bound(session.WorkersLimit.Min), Maximum: bound(session.WorkersLimit.Max), CPUBound: session.WorkersLimit.CPUBound,
		Doc:   "Parallel workers per campaign; the server uses at most one per CPU.",
		Short: "parallel workers per campaign"},
	{Key: "oracles", Type: "object", Values: "boolean", Default: map[string]bool{},
		Doc:   "Finding kinds to switch on or off, e.g. `{\"panics\": true, \"" + string(findingkind.AssertFailure) + "\": false}` (`panics` switches on every opt-in panic kind such as `" + string(findingkind.PanicKind(0x11)) + "`).",
		Short: "finding kinds on or off, e.g. `{\"panics\": true, \"" + string(findingkind.AssertFailure) + "\": false}`; `panics` switches on every opt-in panic kind such as `" + string(findingkind.PanicKind(0x11)) + "`"},
	{Key: "targeted", Type: "boolean", Default: true,
		Doc:   "Focus the campaign after a save on the functions the save changed (and the changed lines). Off: fuzz every function each time.",
		Short: "focus the campaign on the functions the save changed; false fuzzes every function each time"},
	{Key: "maxSequenceLength", Type: "integer", Default: 64, Minimum: bound(session.SeqLenLimit.Min), Maximum: bound(session.SeqLenLimit.Max),
		Doc:   "Longest transaction sequence a campaign tries.",
		Short: "longest transaction sequence"},
	{Key: "seed", Type: "integer", Default: 0, Minimum: bound(0), Maximum: bound(maxSafeInteger),
		Doc:   "Campaign seed; `0` picks one from the clock. A seed, `#foresight.fuzzExecs#` and one worker reproduce a campaign.",
		Short: "campaign seed; 0 picks one from the clock (a seed, `fuzzExecs` and one worker reproduce a campaign)"},
	{Key: "forkUrl", Type: "string", Default: "",
		Doc:   "Fuzz on the state of a live chain: the JSON-RPC URL of a node (read lazily and cached on disk per chain and block; see docs/cli.md). Used only in a trusted workspace. Empty: an empty chain.",
		Short: "fuzz on a live chain's state through this JSON-RPC URL (trusted workspaces only)"},
	{Key: "forkBlock", Type: "integer", Default: 0, Minimum: bound(0), Maximum: bound(maxSafeInteger),
		Doc:   "The block `#foresight.forkUrl#` forks at; `0` is the latest block when a campaign starts.",
		Short: "the block `forkUrl` forks at; 0 = the latest when a campaign starts"},
	{Key: "mutants", Type: "boolean", Default: false,
		Doc:   "After a save's campaign has ended (never before, so it delays no finding), fuzz the mutants of the lines the save changed against the project's own properties, as `foresight mutants` does (docs/mutants.md), with `#foresight.seed#` (1 when 0) and `#foresight.mutantExecs#` executions per mutant. A line with a mutant no property notices gets an Information diagnostic (source `foresight-mutants`), its function a lens with the counts. The next save cancels it.",
		Short: "after a save's campaign, fuzz the mutants of the changed lines and hint where no property notices one (docs/mutants.md)"},
	{Key: "mutantExecs", Type: "integer", Default: int(session.DefaultMutantExecs), Minimum: bound(100), Maximum: bound(1e7),
		Doc:   "Executions per mutant (and for the unmutated code's run) when `#foresight.mutants#` is on; like `foresight mutants --execs`.",
		Short: "executions per mutant with `mutants` on (`foresight mutants --execs`)"},
	{Key: "showConflictNotice", Type: "boolean", Default: true, Editor: "vscode",
		Doc:   "Tell (once) when another Solidity extension that reports diagnostics is enabled.",
		Short: "the one-time notice about other Solidity extensions"},
	{Key: "trace.server", Type: "string", Default: "off", Enum: []string{"off", "messages", "compact", "verbose"}, Scope: "window", Editor: "vscode",
		Doc:   "Traces the messages between VS Code and the Foresight server in the *Foresight Trace* output channel.",
		Short: "protocol trace in the *Foresight Trace* output (`messages`, `compact`, `verbose`)"},
}

// serverSettingKeys are the keys of the settings the server reads.
func serverSettingKeys() []string {
	var keys []string
	for _, sp := range settingSpecs {
		if sp.Editor == "" {
			keys = append(keys, sp.Key)
		}
	}
	return keys
}
