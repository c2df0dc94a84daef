package engine

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
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

// ErrCorruptCorpus is wrapped by LoadInputs' errors about a file that is
// not a corpus (truncated, hand-edited, another format).
var ErrCorruptCorpus = errors.New("corrupt corpus file")

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

// LoadInputs reads a corpus written by SaveInputs. A file that does not
// parse yields an error wrapping ErrCorruptCorpus; callers skip it.
func LoadInputs(path string) ([]Input, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("load corpus: %w", err)
	}
	return parseInputs(data)
}

func parseInputs(data []byte) ([]Input, error) {
	var f corpusFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorruptCorpus, err)
	}
	if f.Format != corpusFormat {
		return nil, fmt.Errorf("%w: format %q, want %q", ErrCorruptCorpus, f.Format, corpusFormat)
	}
	return f.Inputs, nil
}

// inputOf renders a sequence as an Input.
func inputOf(p *program.Program, seq fuzz.Sequence) Input {
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

// sequenceOf maps an Input back onto p. Inputs naming a contract or
// function that no longer exists, or whose arguments no longer decode
// against the function's current types, are dropped (ok false): a stale
// input is worth nothing, and must never crash the engine.
func sequenceOf(p *program.Program, in Input) (fuzz.Sequence, bool) {
	if len(in.Calls) == 0 {
		return nil, false
	}
	seq := make(fuzz.Sequence, 0, len(in.Calls))
	for _, ic := range in.Calls {
		c, ok := p.Lookup(ic.Contract)
		if !ok || !c.Target || ic.Sender < 0 {
			return nil, false
		}
		tx := fuzz.Tx{Contract: c.Index, Method: -1, Sender: ic.Sender, Blocks: ic.Blocks, Seconds: ic.Seconds}
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
