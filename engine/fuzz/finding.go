package fuzz

import (
	"time"

	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/solc"
)

// A Finding is a failure the oracles accepted, with the (shrunk) sequence
// that reproduces it.
type Finding struct {
	Kind     oracle.Kind
	Contract int // program contract index of the failing code
	PC       uint64
	Location solc.Location // user source range; zero if unknown
	Located  bool
	// Check names the property or invariant function for those kinds.
	Check string
	// Detail adds what was observed (e.g. the panic code).
	Detail string
	Seq    Sequence
	Worker int
	Execs  uint64        // campaign executions when first found
	Time   time.Duration // since the campaign started
}

// Key identifies a finding for deduplication: kind and source location.
type Key struct {
	Kind       oracle.Kind
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
