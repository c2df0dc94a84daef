package solc

import "fmt"

// foundryBytecodeKeys are the profile keys forge compiles with that
// Foresight does not apply, with the value that makes no difference
// (forge's default; nil when any value does) and why the bytecode
// Foresight fuzzes can differ from forge's. Keys that change only
// forge's output or its checks (extra_output, deny_warnings,
// model_checker) are not here: the bytecode does not depend on them.
var foundryBytecodeKeys = map[string]struct {
	harmless any
	why      string
}{
	"optimizer_details":            {nil, "is not applied: Foresight runs solc's default optimizer steps, so its bytecode can differ from forge's"},
	"revert_strings":               {"default", "is not applied: Foresight compiles with solc's default revert strings, so its bytecode and revert data can differ from forge's"},
	"bytecode_hash":                {"ipfs", "is not applied: Foresight appends solc's default (ipfs) metadata hash, so code sizes and constants can differ from forge's"},
	"cbor_metadata":                {true, "is not applied: Foresight appends solc's default metadata, so code sizes and constants can differ from forge's"},
	"libraries":                    {nil, "is not applied: Foresight deploys the libraries itself and links its own addresses"},
	"compilation_restrictions":     {nil, "is not applied: Foresight compiles each file with the profile's settings"},
	"additional_compiler_profiles": {nil, "is not applied: Foresight compiles each file with the profile's settings"},
	"include_paths":                {nil, "is not applied: imports resolve through remappings and libs only, so a file found there can be a different one or none"},
	"allow_paths":                  {nil, "is not applied: Foresight reads imports inside the project and its libraries only"},
}

// bytecodeKeyNote says why key, set to v, can make Foresight's bytecode
// differ from forge's; false for the keys that cannot (or are applied)
// and for a value equal to forge's default.
func bytecodeKeyNote(key string, v any) (string, bool) {
	k, ok := foundryBytecodeKeys[key]
	if !ok {
		return "", false
	}
	if k.harmless != nil && fmt.Sprint(k.harmless) == fmt.Sprint(v) {
		return "", false
	}
	if arr, isArr := v.([]any); isArr && len(arr) == 0 {
		return "", false // an empty list asks for nothing
	}
	return k.why, true
}
