package engine

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// Checks on an exported test's text that need no compiler, for the fuzz
// target and the injection tests: every line is one of the exporter's
// templates, whose holes each admit one literal or identifier token, so a
// report's value can be a number, an address, hex, a string or a name, but
// never code.

var exportLineREs = func() []*regexp.Regexp {
	r := strings.NewReplacer(
		"ADDR", `0x[0-9a-fA-F]{40}`,
		"NUM", `[0-9]+(?:e[0-9]+)?(?: ether)?`,
		"ARG", `(?:-?NUM|true|false|ADDR|bytes[0-9]+\(HEX\)|HEX|STR)`,
		"HEX", `hex"(?:[0-9a-f]{2})*"`,
		"STR", `"(?:[^"\\]|\\.)*"`,
		"ID", `[A-Za-z_$][A-Za-z0-9_$]*`,
		"VM", `(?:vm|foresightVm)`,
		"CODE", `(?:type\(ID\)\.creationCode|VM\.getCode\(STR\))`,
		"TAIL", `(?: //.*)?`,
		"BAL", `address\(ADDR\)\.balance(?: \+ address\(ADDR\)\.balance)*`,
		"WORD", `bytes32\(0x[0-9a-f]{64}\)`,
		"CHEATS", `address\((?:vm|ADDR)\)`,
	)
	var out []*regexp.Regexp
	for _, l := range []string{
		``, `//.*`,
		`pragma solidity >=0\.[56]\.[02] <0\.9\.0;`,
		`import \{ID(?: as ID)?\} from STR;`,
		`interface ID \{`, `\}`, `contract ID is ID \{`,
		`function deal\(address who, uint256 amount\) external;`,
		`function etch\(address where, bytes calldata code\) external;`,
		`function prank\(address sender, address origin\) external;`,
		`function roll\(uint256 blockNumber\) external;`,
		`function warp\(uint256 timestamp\) external;`,
		`function getCode\(string calldata artifact\) external returns \(bytes memory\);`,
		`ID internal constant VM = ID\(ADDR\);`,
		`address internal constant DEPLOYER = ADDR;`,
		`function _deployTo\(bytes memory creation, address where\) internal \{`,
		`VM\.etch\(where, (?:creation|runtime)\);`,
		`\(bool ok, bytes memory runtime\) = where\.call\(""\);`,
		`require\(ok, "constructor reverted"\);`,
		`function test_[A-Za-z0-9_$]+\(\) public \{`,
		`uint256 (?:blockNumber|timestamp) = (?:NUM|block\.number|block\.timestamp);`,
		`VM\.roll\(blockNumber\);`, `VM\.warp\(timestamp\);`,
		`blockNumber \+= NUM;`, `timestamp \+= NUM;`,
		`VM\.deal\((?:DEPLOYER|ADDR), NUM\);TAIL`,
		`VM\.deal\(address\(this\), address\(this\)\.balance \+ NUM\);`,
		`VM\.deal\(ADDR, ADDR\.balance \+ NUM\);TAIL`,
		`VM\.etch\(ADDR, (?:HEX|CODE|abi\.encodePacked\(CODE, HEX\)|runtime|tokenRuntime)\);TAIL`,
		`VM\.prank\(ADDR(?:, ADDR)?\);TAIL`,
		`VM\.prank\(DEPLOYER, DEPLOYER\);`,
		`\(bool created, bytes memory runtime\) = ADDR\.call\{value: NUM\}\(""\);`,
		`require\(created, "constructor reverted"\);`,
		`_deployTo\((?:CODE|abi\.encodePacked\(CODE, HEX\)), ADDR\);`,
		`\{ \(bool granted, \) = ADDR\.call\(HEX\); require\(granted, "grant reverted"\); \}`,
		`\(bool tokenOk, bytes memory tokenRuntime\) = ADDR\.call\(""\);`,
		`require\(tokenOk, "token constructor reverted"\);`,
		`\(tokenOk, \) = ADDR\.call\(abi\.encodeWithSignature\("mint\(address,uint256\)", ADDR, NUM\)\);`,
		`bool ok;`, `bytes memory ret;`,
		// A regression test's verdict (engine/foundry/lib.go).
		`bool bug = true;TAIL`,
		`bug = bug && !?\((?:ok|ret\.length == 0|gained|harmed|paid|!ok \|\| ret\.length < 32 \|\| ret\[31\] == bytes1\(0\)|loaded && abi\.decode\(word, \(bytes32\)\) == WORD)\);TAIL`,
		`bug = bug && keccak256\(ret\) == keccak256\(abi\.encodeWithSignature\("Panic\(uint256\)", uint256\(0x[0-9a-f]+\)\)\);`,
		`assert(?:False\(bug|True\(!bug), STR\);`,
		// A deployment with new (engine/foundry/deploynew.go).
		`ID ID = new ID\((?:ARG(?:, ARG)*)?\);`,
		`require\(address\((?:ID|new ID\((?:ARG(?:, ARG)*)?\))\) == ADDR, "deployed elsewhere than in the campaign"\);`,
		// A call through the contract's interface (engine/foundry/typed.go).
		`ID ID = ID\(payable\(ADDR\)\);`,
		`\(ok, ret\) = address\(ID\)\.call(?:\{value: NUM\})?\(abi\.encodeCall\(ID\.ID, \((?:ARG(?:, ARG)*)?\)\)\);`,
		`\(ok, ret\) = address\(ADDR\)\.call(?:\{value: NUM\}|\.value\(NUM\))?\(HEX\);`,
		`\(ok, ret\) = address\(ADDR\)\.call\(abi\.encodeWithSignature\("ID\(\)"\)\);`,
		`assert(?:False\(ok|True\(!ok|True\(ok), STR\);`,
		`assertEq0?\(ret, abi\.encodeWithSignature\("Panic\(uint256\)", uint256\(0x[0-9a-f]+\)\)\);`,
		`assertEq\(ret\.length, 0\);TAIL`,
		`assertTrue\(!ok \|\| ret\.length < 32 \|\| ret\[31\] == bytes1\(0\), STR\);`,
		// The harm (engine/foundry/effect.go).
		`uint256 before[0-9]+ = BAL;`, `bool gained = false;`,
		`if \(BAL > before[0-9]+\) gained = true;`, `assertTrue\(gained, STR\);`,
		`bool loaded;`, `bytes memory word;`,
		`\(loaded, word\) = address\(ADDR\)\.staticcall\(abi\.encodeWithSignature\("load\(address,bytes32\)", address\(ADDR\), WORD\)\);`,
		`assertTrue\(loaded && abi\.decode\(word, \(bytes32\)\) == WORD, STR\);`,
		// SWC-113's others paid once the blocker accepts (effectharm.go).
		`uint256 paid[0-9]+ = address\(ADDR\)\.balance;`, `bool paid = false;`,
		`if \(address\(ADDR\)\.balance(?: \+ NUM)? > paid[0-9]+\) paid = true;`, `assertTrue\(paid, STR\);`,
		// The fork (engine/foundry/fork.go), in a set-up's constructor.
		`constructor\(\) public \{`,
		`\(bool hasURL, bytes memory rawURL\) = CHEATS\.call\(abi\.encodeWithSignature\("envString\(string\)", STR\)\);`,
		`require\(hasURL, STR\);`, `string memory forkURL = (?:STR|abi\.decode\(rawURL, \(string\)\));`,
		`\(bool forked, \) = CHEATS\.call\(abi\.encodeWithSignature\("createSelectFork\(string,uint256\)", forkURL, uint256\(NUM\)\)\);`,
		`require\(forked, STR\);`, `require\(block\.chainid == NUM, STR\);`,
	} {
		out = append(out, regexp.MustCompile(`^`+r.Replace(r.Replace(l))+`$`))
	}
	return out
}()

// checkExportShape returns an error unless every line of src is one of
// the exporter's templates and src holds no character that could end a
// comment's line other than '\n'.
func checkExportShape(src string) error {
	for _, r := range src {
		if r != '\n' && !unicode.IsPrint(r) {
			return fmt.Errorf("character %U in the export", r)
		}
	}
	for i, line := range strings.Split(src, "\n") {
		line = strings.TrimLeft(line, " ")
		ok := false
		for _, re := range exportLineREs {
			if re.MatchString(line) {
				ok = true
				break
			}
		}
		if !ok {
			return fmt.Errorf("line %d is no template of the exporter: %q", i+1, line)
		}
	}
	return nil
}

// codeIdents returns the identifiers of Solidity source outside comments
// and string literals.
func codeIdents(src string) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 4
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
		case c == '_' || c == '$' || unicode.IsLetter(rune(c)):
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '$' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j]))) {
				j++
			}
			out[src[i:j]] = true
			i = j
		default:
			i++
		}
	}
	return out
}
