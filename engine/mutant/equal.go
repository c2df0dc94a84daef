package mutant

import (
	"bytes"

	"github.com/foresight-sol/foresight/solc"
)

// SameCode reports whether two compiles of the same files give every
// contract the same creation and runtime code but for the metadata hash:
// a mutant the optimizer (or the compiler's own folding) undoes, which
// no campaign could tell from the original. The hashes are masked
// wherever they occur, also inside a contract's code that creates
// another (its creation code, with its metadata, is embedded).
func SameCode(a, b []*solc.Build) (bool, error) {
	ca, err := codes(a)
	if err != nil {
		return false, err
	}
	cb, err := codes(b)
	if err != nil {
		return false, err
	}
	if len(ca) != len(cb) {
		return false, nil
	}
	for k, v := range ca {
		if w, ok := cb[k]; !ok || !bytes.Equal(v, w) {
			return false, nil
		}
	}
	return true, nil
}

// codes are the builds' contracts' creation and runtime code, metadata
// hashes masked, by unit and name.
func codes(builds []*solc.Build) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, b := range builds {
		arts, err := b.Artifacts()
		if err != nil {
			return nil, err
		}
		for _, a := range arts {
			code := append(append([]byte{}, a.Creation.Bytes...), 0xff)
			code = append(code, a.Runtime.Bytes...)
			out[a.Unit+":"+a.Name] = maskMetadata(code)
		}
	}
	return out, nil
}

// The keys of solc's CBOR metadata whose values are the source hash:
// "ipfs" (34 bytes), "bzzr0" and "bzzr1" (32 bytes).
var hashKeys = []struct {
	key []byte
	n   int
}{
	{[]byte("\x64ipfs\x58\x22"), 34},
	{[]byte("\x65bzzr0\x58\x20"), 32},
	{[]byte("\x65bzzr1\x58\x20"), 32},
}

// maskMetadata zeroes, in place, every metadata hash in code.
func maskMetadata(code []byte) []byte {
	for _, h := range hashKeys {
		for i := 0; ; {
			j := bytes.Index(code[i:], h.key)
			if j < 0 {
				break
			}
			at := i + j + len(h.key)
			end := min(at+h.n, len(code))
			clear(code[at:end])
			i = end
		}
	}
	return code
}

// HasCode reports whether any contract's code in builds maps an
// instruction into bytes [start, end) of the source unit: the mutated
// range compiles into something a campaign can run. An abstract contract
// nothing in the compile inherits has none, and a mutant of it is not
// "equivalent" (there is no code to compare) but out of reach.
func HasCode(builds []*solc.Build, unit string, start, end int) (bool, error) {
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		src, ok := b.Output.Sources[unit]
		if !ok {
			continue
		}
		arts, err := b.Artifacts()
		if err != nil {
			return false, err
		}
		for _, a := range arts {
			for _, c := range []*solc.Code{&a.Creation, &a.Runtime} {
				if c.Map == nil {
					continue
				}
				for _, e := range c.Map.Entries() {
					if e.HasSource() && e.File == src.ID && e.Start < end && e.Start+e.Length > start {
						return true, nil
					}
				}
			}
		}
	}
	return false, nil
}
