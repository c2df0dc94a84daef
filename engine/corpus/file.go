package corpus

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/safefile"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// An Input is one corpus entry in a form that survives recompilation: calls
// name their contract and function signature instead of indices, so a
// corpus saved before an edit can seed the campaign after it.
type Input struct {
	Calls []InputCall `json:"calls"`
}

// InputCall is one transaction of an Input.
type InputCall struct {
	Contract string `json:"contract"`
	Function string `json:"function,omitempty"` // signature; "" sends plain ether
	Args     string `json:"args,omitempty"`     // ABI-encoded arguments, 0x-hex, no selector
	Sender   int    `json:"sender"`
	Value    string `json:"value,omitempty"` // wei, decimal
	Blocks   uint64 `json:"blocks,omitempty"`
	Seconds  uint64 `json:"seconds,omitempty"`
}

// corpusFormat names the file format, so a future change can tell old
// files from corrupt ones.
const corpusFormat = "foresight.corpus/v1"

type corpusFile struct {
	Format string  `json:"format"`
	Inputs []Input `json:"inputs"`
}

// ErrCorrupt is wrapped by LoadInputs' errors about a file that is
// not a corpus (truncated, hand-edited, another format).
var ErrCorrupt = errors.New("corrupt corpus file")

// SaveInputs writes inputs to path atomically (a temporary file renamed
// over it), creating the directory if needed, so a crash never leaves a
// half-written corpus.
func SaveInputs(path string, inputs []Input) error {
	data, err := json.Marshal(corpusFile{Format: corpusFormat, Inputs: inputs})
	if err != nil {
		return fmt.Errorf("encode corpus: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save corpus: %w", err)
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("save corpus: %w", err)
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save corpus: %w", werr)
	}
	return nil
}

// LoadInputs reads a corpus written by SaveInputs (the editor's format
// before corpus directories): a regular file of at most 64 MiB, of which
// the first MaxLoadedInputs inputs are decoded one at a time, so a huge
// corpus cannot exhaust memory. A file that does not parse yields an
// error wrapping ErrCorrupt; callers skip it.
func LoadInputs(path string) ([]Input, error) {
	data, err := safefile.Read(path, maxCorpusFileBytes)
	if err != nil {
		return nil, fmt.Errorf("load corpus: %w", err)
	}
	ins, err := parseInputs(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ins, nil
}

func parseInputs(data []byte) ([]Input, error) {
	ins, err := decodeInputs(json.NewDecoder(bytes.NewReader(data)), MaxLoadedInputs)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return ins, nil
}

// decodeInputs decodes {"format": ..., "inputs": [...]} keeping at most
// limit inputs; the rest are skipped token by token.
func decodeInputs(dec *json.Decoder, limit int) ([]Input, error) {
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	var format string
	var ins []Input
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch tok {
		case "format":
			if err := dec.Decode(&format); err != nil {
				return nil, err
			}
		case "inputs":
			if err := expectDelim(dec, '['); err != nil {
				return nil, err
			}
			for dec.More() {
				var in Input
				var skip json.RawMessage
				if len(ins) < limit {
					err = dec.Decode(&in)
					ins = append(ins, in)
				} else {
					err = dec.Decode(&skip)
				}
				if err != nil {
					return nil, err
				}
			}
			if err := expectDelim(dec, ']'); err != nil {
				return nil, err
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, err
			}
		}
	}
	if err := expectDelim(dec, '}'); err != nil {
		return nil, err
	}
	if format != corpusFormat {
		return nil, fmt.Errorf("format %q, want %q", format, corpusFormat)
	}
	return ins, nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != want {
		return fmt.Errorf("got %v, want %v", tok, want)
	}
	return nil
}

// InputOf renders a sequence of p as an Input.
func InputOf(p *program.Program, seq txseq.Sequence) Input {
	in := Input{Calls: make([]InputCall, len(seq))}
	for i, tx := range seq {
		c := p.Contracts[tx.Contract]
		ic := InputCall{Contract: c.Name, Sender: tx.Sender, Blocks: tx.Blocks, Seconds: tx.Seconds}
		if !tx.Value.IsZero() {
			ic.Value = tx.Value.Dec()
		}
		if tx.Method >= 0 {
			ic.Function = c.Methods[tx.Method].Sig
			ic.Args = "0x" + hex.EncodeToString(calldata.EncodeArgs(nil, tx.Args))
		}
		in.Calls[i] = ic
	}
	return in
}

// SequenceOf maps an Input back onto p. Inputs naming a contract or
// function that no longer exists, or whose arguments no longer decode
// against the function's current types, are dropped (ok false): a stale
// input is worth nothing, and must never crash the engine.
func SequenceOf(p *program.Program, in Input) (txseq.Sequence, bool) {
	if len(in.Calls) == 0 {
		return nil, false
	}
	seq := make(txseq.Sequence, 0, len(in.Calls))
	for _, ic := range in.Calls {
		c, ok := p.Lookup(ic.Contract)
		if !ok || !c.Target || ic.Sender < 0 {
			return nil, false
		}
		tx := txseq.Tx{Contract: c.Index, Method: -1, Sender: ic.Sender, Blocks: ic.Blocks, Seconds: ic.Seconds}
		if ic.Value != "" {
			if err := tx.Value.SetFromDecimal(ic.Value); err != nil {
				return nil, false
			}
		}
		if ic.Function == "" {
			if !c.Payable {
				return nil, false
			}
		} else {
			m := -1
			for j := range c.Methods {
				if c.Methods[j].Sig == ic.Function {
					m = j
					break
				}
			}
			if m < 0 {
				return nil, false
			}
			raw, err := hex.DecodeString(strings.TrimPrefix(ic.Args, "0x"))
			if err != nil {
				return nil, false
			}
			args, err := calldata.Decode(c.Methods[m].Inputs, raw)
			if err != nil {
				return nil, false
			}
			tx.Method, tx.Args = m, args
		}
		seq = append(seq, tx)
	}
	return seq, true
}

// KnownContracts reports whether every call of in names a contract of p:
// an input that does not fit p although it does is stale (its function was
// renamed, removed or changed), while one naming an unknown contract may
// belong to sources this campaign did not compile.
func KnownContracts(p *program.Program, in Input) bool {
	for _, c := range in.Calls {
		if _, ok := p.Lookup(c.Contract); !ok {
			return false
		}
	}
	return len(in.Calls) > 0
}
