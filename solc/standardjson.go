package solc

import "encoding/json"

// Input is solc's standard-JSON input.
type Input struct {
	Language string                 `json:"language"`
	Sources  map[string]InputSource `json:"sources"`
	Settings InputSettings          `json:"settings"`
}

// InputSource is one source given by content (never by URL: unsaved editor
// buffers must win over the disk).
type InputSource struct {
	Content string `json:"content"`
}

// InputSettings are the standard-JSON settings Foresight sets.
type InputSettings struct {
	Remappings      []string                       `json:"remappings,omitempty"`
	Optimizer       *OptimizerSettings             `json:"optimizer,omitempty"`
	ViaIR           bool                           `json:"viaIR,omitempty"`
	EVMVersion      string                         `json:"evmVersion,omitempty"`
	OutputSelection map[string]map[string][]string `json:"outputSelection"`
}

// OptimizerSettings mirrors settings.optimizer.
type OptimizerSettings struct {
	Enabled bool `json:"enabled"`
	Runs    int  `json:"runs"`
}

// Output is solc's standard-JSON output, restricted to what Foresight reads.
type Output struct {
	Errors    []Error                        `json:"errors"`
	Sources   map[string]OutputSource        `json:"sources"`
	Contracts map[string]map[string]Contract `json:"contracts"`
}

// OutputSource carries a source unit's id (the f field of source maps) and
// its compact JSON AST.
type OutputSource struct {
	ID  int             `json:"id"`
	AST json.RawMessage `json:"ast"`
}

// Contract is one compiled contract.
type Contract struct {
	ABI           json.RawMessage `json:"abi"`
	EVM           ContractEVM     `json:"evm"`
	StorageLayout *StorageLayout  `json:"storageLayout"`
}

// ContractEVM holds the creation and runtime code.
type ContractEVM struct {
	Bytecode         Bytecode `json:"bytecode"`
	DeployedBytecode Bytecode `json:"deployedBytecode"`
}

// Bytecode is hex code with its source map and the places to patch before
// it can run.
type Bytecode struct {
	Object              string                            `json:"object"`
	SourceMap           string                            `json:"sourceMap"`
	LinkReferences      map[string]map[string][]CodeRange `json:"linkReferences"`
	ImmutableReferences map[string][]CodeRange            `json:"immutableReferences"`
}

// CodeRange is a byte range in the code.
type CodeRange struct {
	Start  int `json:"start"`
	Length int `json:"length"`
}

// Error is an entry of the output's errors array (errors and warnings).
type Error struct {
	Severity                 string           `json:"severity"`
	ErrorCode                string           `json:"errorCode"`
	Type                     string           `json:"type"`
	Component                string           `json:"component"`
	Message                  string           `json:"message"`
	FormattedMessage         string           `json:"formattedMessage"`
	SourceLocation           *SourceLocation  `json:"sourceLocation"`
	SecondarySourceLocations []SourceLocation `json:"secondarySourceLocations"`
}

// SourceLocation is a byte range in a source unit; -1 means unknown.
type SourceLocation struct {
	File    string `json:"file"`
	Start   int    `json:"start"`
	End     int    `json:"end"`
	Message string `json:"message"`
}

// OutputMode selects how much solc is asked to produce.
type OutputMode int

const (
	// Diagnostics asks for nothing but errors and warnings: fast.
	Diagnostics OutputMode = iota
	// Full asks for everything the fuzzer needs: ABI, bytecode with source
	// maps, generated sources, immutable and link references, storage layout
	// and the AST.
	Full
)

func outputSelection(m OutputMode) map[string]map[string][]string {
	if m == Diagnostics {
		return map[string]map[string][]string{"*": {"": {}, "*": {}}}
	}
	return map[string]map[string][]string{"*": {
		"": {"ast"},
		"*": {
			"abi",
			"evm.bytecode.object", "evm.bytecode.sourceMap", "evm.bytecode.linkReferences",
			"evm.deployedBytecode.object", "evm.deployedBytecode.sourceMap", "evm.deployedBytecode.linkReferences",
			"evm.deployedBytecode.immutableReferences",
			"storageLayout",
		},
	}}
}
