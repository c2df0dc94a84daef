package corpus

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// This file reads forge's own files (docs/foundry.md, "Forge's corpus and
// failures"): a corpus entry of `corpus_dir` (a JSON array of forge's
// BasicTxDetails, gzip-compressed above 4 KiB) and a persisted invariant
// failure of `failure_persist_dir` ({"call_sequence": [...], "settings":
// ...}). Both name calls by addresses and calldata alone, so they become
// ForgeCalls, which the engine maps onto a campaign once its set-up has
// deployed the contracts (fuzz.AddrCall).

// A ForgeCall is one call of a forge sequence.
type ForgeCall struct {
	Sender, Target common.Address
	Calldata       []byte
	Value          uint256.Int
	// Warp and Roll are the seconds and blocks forge advanced before the
	// call (forge's max_time_delay/max_block_delay), 0 when none.
	Warp, Roll uint64
}

// A ForgeSequence is one forge corpus entry or persisted failure.
type ForgeSequence []ForgeCall

// Limits on forge's files, which are the project's and may hold anything.
const (
	// MaxForgeFileBytes bounds one file as stored and, for a gzip entry,
	// what it expands to.
	MaxForgeFileBytes = 4 << 20
	// MaxForgeCalls bounds the calls kept of one sequence (forge's depth
	// defaults to 500).
	MaxForgeCalls = 1024
	// maxCalldata bounds one call's calldata.
	maxCalldata = 64 << 10
)

// ErrForgeFile is wrapped by ParseForge's errors: a file that is not one
// of forge's corpus entries or failures.
var ErrForgeFile = errors.New("not a forge corpus entry or failure")

// forgeCall is a call as either file writes it: a corpus entry's
// "target", a failure's "addr"; U256 values as forge's serde writes
// them (0x-hex strings) or reads them (decimal strings, numbers).
type forgeCall struct {
	Sender   string          `json:"sender"`
	Target   string          `json:"target"`
	Addr     string          `json:"addr"`
	Calldata string          `json:"calldata"`
	Value    json.RawMessage `json:"value"`
	Warp     json.RawMessage `json:"warp"`
	Roll     json.RawMessage `json:"roll"`
}

// ParseForge decodes a forge corpus entry or persisted failure, gzip or
// not. A call that does not parse fails the whole file: a half-read
// sequence would not reach what the whole did.
func ParseForge(data []byte) (ForgeSequence, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		var err error
		if data, err = gunzip(data); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrForgeFile, err)
		}
	}
	data = bytes.TrimSpace(data)
	var calls []forgeCall
	switch {
	case len(data) > 0 && data[0] == '[':
		if err := json.Unmarshal(data, &calls); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrForgeFile, err)
		}
	case len(data) > 0 && data[0] == '{':
		var f struct {
			CallSequence []forgeCall `json:"call_sequence"`
		}
		if err := json.Unmarshal(data, &f); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrForgeFile, err)
		}
		calls = f.CallSequence
	default:
		return nil, fmt.Errorf("%w: neither a JSON array nor an object", ErrForgeFile)
	}
	if len(calls) == 0 {
		return nil, fmt.Errorf("%w: no calls", ErrForgeFile)
	}
	if len(calls) > MaxForgeCalls {
		calls = calls[:MaxForgeCalls]
	}
	seq := make(ForgeSequence, len(calls))
	for i, c := range calls {
		fc, err := c.parse()
		if err != nil {
			return nil, fmt.Errorf("%w: call %d: %w", ErrForgeFile, i+1, err)
		}
		seq[i] = fc
	}
	return seq, nil
}

func (c forgeCall) parse() (ForgeCall, error) {
	var out ForgeCall
	var err error
	if out.Sender, err = parseAddr("sender", c.Sender); err != nil {
		return out, err
	}
	target := c.Target
	if target == "" {
		target = c.Addr
	}
	if out.Target, err = parseAddr("target", target); err != nil {
		return out, err
	}
	h, ok := strings.CutPrefix(c.Calldata, "0x")
	if !ok || len(h) > 2*maxCalldata {
		return out, fmt.Errorf("calldata: want 0x-hex of at most %d bytes", maxCalldata)
	}
	if out.Calldata, err = hex.DecodeString(h); err != nil {
		return out, fmt.Errorf("calldata: %w", err)
	}
	v, err := parseU256("value", c.Value)
	if err != nil {
		return out, err
	}
	out.Value = v
	for _, d := range []struct {
		name string
		raw  json.RawMessage
		to   *uint64
	}{{"warp", c.Warp, &out.Warp}, {"roll", c.Roll, &out.Roll}} {
		v, err := parseU256(d.name, d.raw)
		if err != nil {
			return out, err
		}
		if !v.IsUint64() {
			return out, fmt.Errorf("%s: %s does not fit 64 bits", d.name, v.Dec())
		}
		*d.to = v.Uint64()
	}
	return out, nil
}

func parseAddr(field, s string) (common.Address, error) {
	h, ok := strings.CutPrefix(s, "0x")
	if !ok || len(h) != 40 {
		return common.Address{}, fmt.Errorf("%s: %q is not an address", field, s)
	}
	if _, err := hex.DecodeString(h); err != nil {
		return common.Address{}, fmt.Errorf("%s: %q is not an address", field, s)
	}
	return common.HexToAddress(s), nil
}

// parseU256 reads a U256 as forge's serde may write it: absent or null
// (zero), a 0x-hex or decimal string, or a JSON number.
func parseU256(field string, raw json.RawMessage) (uint256.Int, error) {
	var v uint256.Int
	s := string(bytes.TrimSpace(raw))
	if s == "" || s == "null" {
		return v, nil
	}
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(raw, &s); err != nil {
			return v, fmt.Errorf("%s: %w", field, err)
		}
	}
	if len(s) > 80 {
		return v, fmt.Errorf("%s: %.20q... is no 256-bit number", field, s)
	}
	n, ok := new(big.Int), false
	if h, isHex := strings.CutPrefix(strings.ToLower(s), "0x"); isHex {
		_, ok = n.SetString(h, 16)
	} else {
		_, ok = n.SetString(s, 10)
	}
	if !ok || n.Sign() < 0 || v.SetFromBig(n) {
		return v, fmt.Errorf("%s: %q is no 256-bit number", field, s)
	}
	return v, nil
}

// gunzip expands a gzip stream up to MaxForgeFileBytes: a small file
// that expands without bound is refused, not read.
func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	out, err := io.ReadAll(io.LimitReader(zr, MaxForgeFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(out) > MaxForgeFileBytes {
		return nil, fmt.Errorf("expands past %d bytes", MaxForgeFileBytes)
	}
	return out, nil
}
