package cheatcode

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/crypto"
)

// A cheat is one supported function of forge-std's Vm interface, decoded
// from its signature: the selector is keccak256 of sig, as solc computes it.
type cheat struct {
	sig    string
	traced bool // needs the tracing hooks (Cheats.Hooks)
	pure   bool // its result is decided by its arguments and the state reads the chain notes (Cheats.Pure)
	in     abi.Arguments
	out    abi.Arguments
	run    func(c *Cheats, args []any) ([]any, error)
}

// selector returns the first four bytes of keccak256(sig).
func selector(sig string) [4]byte {
	var s [4]byte
	copy(s[:], crypto.Keccak256([]byte(sig)))
	return s
}

// arguments builds ABI arguments from a comma-separated list of
// elementary types ("address,uint256"); the lists here are constants, so a
// bad one panics at start-up.
func arguments(types string) abi.Arguments {
	if types == "" {
		return nil
	}
	var args abi.Arguments
	for _, t := range strings.Split(types, ",") {
		typ, err := abi.NewType(t, "", nil)
		if err != nil {
			panic(fmt.Sprintf("cheatcode table: type %q: %v", t, err))
		}
		args = append(args, abi.Argument{Type: typ})
	}
	return args
}

// params returns the parameter list of a signature: "deal(address,uint256)"
// -> "address,uint256".
func params(sig string) string {
	return sig[strings.IndexByte(sig, '(')+1 : len(sig)-1]
}

// supported lists the cheatcodes Foresight implements, with forge-std's
// exact signatures (src/Vm.sol); out is the return type list.
var supported = append([]cheatEntry{
	{"warp(uint256)", "", (*Cheats).warp},
	{"roll(uint256)", "", (*Cheats).roll},
	{"deal(address,uint256)", "", (*Cheats).deal},
	{"etch(address,bytes)", "", (*Cheats).etch},
	{"store(address,bytes32,bytes32)", "", (*Cheats).store},
	{"load(address,bytes32)", "bytes32", (*Cheats).load},
	{"label(address,string)", "", (*Cheats).label},
	{"getLabel(address)", "string", (*Cheats).getLabel},
	{"addr(uint256)", "address", (*Cheats).addr},
	{"assume(bool)", "", (*Cheats).assume},
	{"getNonce(address)", "uint64", (*Cheats).getNonce},
	{"setNonce(address,uint64)", "", (*Cheats).setNonce},
	{"coinbase(address)", "", (*Cheats).coinbase},
	{"prank(address)", "", (*Cheats).prank},
	{"prank(address,address)", "", (*Cheats).prank},
	{"startPrank(address)", "", (*Cheats).startPrank},
	{"startPrank(address,address)", "", (*Cheats).startPrank},
	{"stopPrank()", "", (*Cheats).stopPrank},
	{"expectRevert()", "", (*Cheats).expectRevert},
	{"expectRevert(bytes)", "", (*Cheats).expectRevert},
	{"expectRevert(bytes4)", "", (*Cheats).expectRevert},
	{"record()", "", (*Cheats).record},
	{"accesses(address)", "bytes32[],bytes32[]", (*Cheats).accesses},
	{"getCode(string)", "bytes", (*Cheats).getCode},
	{"getDeployedCode(string)", "bytes", (*Cheats).getDeployedCode},
	{"stopRecord()", "", (*Cheats).stopRecord},
	{"createFork(string)", "uint256", (*Cheats).createFork},
	{"createFork(string,uint256)", "uint256", (*Cheats).createFork},
	{"createSelectFork(string)", "uint256", (*Cheats).createSelectFork},
	{"createSelectFork(string,uint256)", "uint256", (*Cheats).createSelectFork},
	{"selectFork(uint256)", "", (*Cheats).selectFork},
	{"activeFork()", "uint256", (*Cheats).activeFork},
	{"rollFork(uint256)", "", (*Cheats).rollFork},
	{"rollFork(uint256,uint256)", "", (*Cheats).rollFork},
	{"createFork(string,bytes32)", "uint256", refuseForkTx},
	{"createSelectFork(string,bytes32)", "uint256", refuseForkTx},
	{"rollFork(bytes32)", "", refuseForkTx},
	{"rollFork(uint256,bytes32)", "", refuseForkTx},
	{"projectRoot()", "string", (*Cheats).projectRoot},
	{"readFile(string)", "string", (*Cheats).readFile},
	{"readFileBinary(string)", "bytes", (*Cheats).readFileBinary},
	{"exists(string)", "bool", (*Cheats).exists},
	{"isFile(string)", "bool", (*Cheats).isFile},
	{"isDir(string)", "bool", (*Cheats).isDir},
}, assertions()...)

// A cheatEntry is a row of the table of supported cheatcodes.
type cheatEntry struct {
	sig, out string
	run      func(c *Cheats, args []any) ([]any, error)
}

// unsupported lists cheatcodes of forge-std's Vm that Foresight knows but
// does not implement: a call to one fails naming it.
var unsupported = []string{
	"ffi(string[])", "writeFile(string,string)", "writeFileBinary(string,bytes)", "writeLine(string,string)",
	"readLine(string)", "closeFile(string)", "removeFile(string)", "readDir(string)", "readLink(string)",
	"fsMetadata(string)", "createDir(string,bool)", "removeDir(string,bool)", "copyFile(string,string)",
	"envUint(string)", "envAddress(string)", "envString(string)", "envBool(string)",
	"envOr(string,uint256)", "envOr(string,address)", "envOr(string,bool)",
	"makePersistent(address)", "rpcUrl(string)",
	"expectEmit()", "expectEmit(bool,bool,bool,bool)", "expectEmit(bool,bool,bool,bool,address)",
	"expectCall(address,bytes)", "expectCall(address,uint256,bytes)",
	"expectRevert(bytes4,address)", "expectRevert(bytes,address)", "expectRevert(address)",
	"mockCall(address,bytes,bytes)", "mockCallRevert(address,bytes,bytes)", "clearMockedCalls()",
	"prank(address,bool)", "startPrank(address,bool)", "prank(address,address,bool)",
	"startPrank(address,address,bool)", "readCallers()",
	"broadcast()", "broadcast(address)", "startBroadcast()", "startBroadcast(address)", "stopBroadcast()",
	"sign(uint256,bytes32)", "signP256(uint256,bytes32)", "rememberKey(uint256)", "deriveKey(string,uint32)",
	"snapshot()", "revertTo(uint256)", "snapshotState()", "revertToState(uint256)",
	"recordLogs()", "getRecordedLogs()", "startStateDiffRecording()", "stopAndReturnStateDiff()",
	"chainId(uint256)", "fee(uint256)", "prevrandao(bytes32)", "prevrandao(uint256)",
	"txGasPrice(uint256)", "blobBaseFee(uint256)", "skip(bool)", "pauseGasMetering()", "resumeGasMetering()",
	"deployCode(string)", "deployCode(string,bytes)", "parseJson(string)", "parseJson(string,string)",
	"parseToml(string)", "parseToml(string,string)",
	"toString(address)", "toString(uint256)", "toString(bytes32)", "parseUint(string)", "parseAddress(string)",
	"allowCheatcodes(address)", "cool(address)", "warmSlot(address,bytes32)", "coolSlot(address,bytes32)",
	"resetNonce(address)", "startMappingRecording()", "getMappingSlotAt(address,bytes32,uint256)",
}

var (
	cheatTable      map[[4]byte]*cheat
	unsupportedSigs map[[4]byte]string
)

func init() {
	cheatTable = make(map[[4]byte]*cheat, len(supported))
	for _, s := range supported {
		name := s.sig[:strings.IndexByte(s.sig, '(')]
		traced := name == "prank" || name == "startPrank" || name == "expectRevert" || name == "record"
		// load reads through the chain (chain.Load), which notes the read.
		pure := strings.HasPrefix(name, "assert") || name == "addr" || name == "load"
		cheatTable[selector(s.sig)] = &cheat{sig: s.sig, traced: traced, pure: pure, in: arguments(params(s.sig)), out: arguments(s.out), run: s.run}
	}
	unsupportedSigs = make(map[[4]byte]string, len(unsupported))
	for _, sig := range unsupported {
		unsupportedSigs[selector(sig)] = sig
	}
}
