package solc

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/solc/sourcemap"
)

// An Artifact is one compiled contract, ready to deploy and to map back to
// source.
type Artifact struct {
	Name     string // contract name
	Unit     string // source unit name
	Path     string // absolute path of the source file
	ABI      []byte // JSON
	Creation Code
	Runtime  Code
	// Abstract is true for interfaces and abstract contracts: no code.
	Abstract bool
	// ContractVars are the state variables of a contract type, from the
	// storage layout (none before solc 0.5.13).
	ContractVars []ContractVar
}

// Code is creation or runtime bytecode with its source map.
type Code struct {
	// Bytes is the code with every library placeholder zeroed; link by
	// writing addresses at LinkReferences.
	Bytes          []byte
	Map            *sourcemap.Map
	LinkReferences map[string]map[string][]CodeRange // file -> library -> places
	Immutables     map[string][]CodeRange
}

// Artifacts decodes every contract of the build, sorted by unit and name.
func (b *Build) Artifacts() ([]*Artifact, error) {
	if b.Output == nil {
		return nil, nil
	}
	var out []*Artifact
	for unit, cs := range b.Output.Contracts {
		for name, c := range cs {
			a := &Artifact{Name: name, Unit: unit, ABI: c.ABI}
			if u := b.Units[unit]; u != nil {
				a.Path = u.Path
			}
			var err error
			if a.Creation, err = decodeCode(c.EVM.Bytecode); err != nil {
				return nil, fmt.Errorf("%s:%s creation code: %w", unit, name, err)
			}
			if a.Runtime, err = decodeCode(c.EVM.DeployedBytecode); err != nil {
				return nil, fmt.Errorf("%s:%s runtime code: %w", unit, name, err)
			}
			a.Abstract = len(a.Creation.Bytes) == 0
			a.ContractVars = contractVars(c.StorageLayout)
			out = append(out, a)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Unit != out[j].Unit {
			return out[i].Unit < out[j].Unit
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

func decodeCode(bc Bytecode) (Code, error) {
	obj := strings.TrimPrefix(bc.Object, "0x")
	// Placeholders are "__$<34 hex>$__" (or "__<name>___" before 0.5): 40
	// characters standing for a 20-byte address.
	var sb strings.Builder
	for i := 0; i < len(obj); {
		if strings.HasPrefix(obj[i:], "__") && i+40 <= len(obj) {
			sb.WriteString(strings.Repeat("0", 40))
			i += 40
			continue
		}
		sb.WriteByte(obj[i])
		i++
	}
	code, err := hex.DecodeString(sb.String())
	if err != nil {
		return Code{}, fmt.Errorf("decode bytecode: %w", err)
	}
	m, err := sourcemap.New(code, bc.SourceMap)
	if err != nil {
		return Code{}, err
	}
	return Code{Bytes: code, Map: m, LinkReferences: bc.LinkReferences, Immutables: bc.ImmutableReferences}, nil
}

// A Location is a byte range in a user source file.
type Location struct {
	Unit       string
	Path       string
	Start, End int
}

// Locate maps a source-map entry to a user source file. It reports false for
// entries without source and for compiler-generated sources.
func (b *Build) Locate(e sourcemap.Entry) (Location, bool) {
	if !e.HasSource() || b.Output == nil {
		return Location{}, false
	}
	unit, ok := b.UnitByID(e.File)
	if !ok {
		return Location{}, false
	}
	u := b.Units[unit]
	if u == nil || e.Start+e.Length > len(u.Content) {
		return Location{}, false
	}
	return Location{Unit: unit, Path: u.Path, Start: e.Start, End: e.Start + e.Length}, true
}

// FileID returns the source id of a unit, as used in source maps.
func (b *Build) FileID(unit string) (int, bool) {
	if b.Output == nil {
		return 0, false
	}
	s, ok := b.Output.Sources[unit]
	return s.ID, ok
}
