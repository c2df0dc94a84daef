package finding

import (
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc"
)

// A Finding is a failure the oracles accepted, with the (shrunk) sequence
// that reproduces it.
type Finding struct {
	Kind     Kind
	Contract int // program contract index of the failing code
	PC       uint64
	Location solc.Location // user source range; zero if unknown
	Located  bool
	// Via lists where the failure happened in code the user does not own
	// (a dependency's file, a library), when Contract, PC and Location are
	// the call in the user's own code that led there.
	Via []Via
	// Check names the property or invariant function for those kinds.
	Check string
	// Detail adds what was observed (e.g. the panic code).
	Detail string
	// Flow is the ether the sequence moved, for the kinds whose message
	// tells it (HookEtherFlow); nil otherwise or when the last
	// transaction paid no account the fuzzer controls.
	Flow *EtherFlow
	// Facts are what the oracle measured that an export reproduces;
	// Detail words the same for people.
	Facts Facts
	Seq   txseq.Sequence
	// Unreduced lists the integers of Seq the shrinker could not reduce:
	// the finding needs these values.
	Unreduced []Unreduced
	Worker    int
	Execs     uint64        // campaign executions when first found
	Time      time.Duration // since the campaign started
}

// Facts hold an oracle's measurements as values, so that the export
// (engine/export/harm.go) never reads them back out of Detail's words.
type Facts struct {
	// Repeats is, for GasDoS, how many calls of the growing function the
	// oracle made before the checked function ran out of a block's gas
	// (its confirmation); 0 when it confirmed none.
	Repeats uint64
	// Rejecter is, for DoSFailedCall confirmed by running the transaction
	// again, the recipient made to reject payments; zero otherwise.
	Rejecter common.Address
}

// Key identifies a finding for deduplication: kind and source location.
type Key struct {
	Kind       Kind
	Path       string
	Start, End int
	Contract   int
	PC         uint64
}

// Key returns f's deduplication key: the same kind at the same source
// range is one finding, whatever the PC.
func (f *Finding) Key() Key {
	if f.Located {
		return Key{Kind: f.Kind, Path: f.Location.Path, Start: f.Location.Start, End: f.Location.End}
	}
	return Key{Kind: f.Kind, Contract: f.Contract, PC: f.PC}
}

// Via is a location on a finding's path in code the user does not own.
type Via struct {
	Contract int
	PC       uint64
	Location solc.Location
}

// Unreduced names a value of a shrunk sequence that the shrinker tried
// to reduce and could not: for an integer, zero, small values and every
// smaller magnitude its search tried; for an address, zero and every
// account and contract the campaign knows; for bytes and strings, empty
// and every shorter prefix tried. None reproduces the finding.
type Unreduced struct {
	Tx  int           // index in the sequence
	Arg calldata.Path // the argument; nil for the transaction's ether value
}
