package report

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/foresight-sol/foresight/engine/safefile"
)

// Limits on a report that replay or export reads. A campaign's report is
// far below them (its sequences have at most --max-seq-len calls, 64 by
// default); a hostile one is refused before it is decoded.
const (
	// MaxBytes bounds a report file.
	MaxBytes = 16 << 20
	// MaxFindingCalls bounds the calls of one finding.
	MaxFindingCalls = 4096

	maxReportFindings = 4096
	maxReportCalls    = 16384 // all findings together
	maxReportArgs     = 65536 // all calls together
	maxCallArgs       = 1024
	maxReportInputs   = 4096
	maxSetupContracts = 4096
	maxGrants         = 256
	maxRelated        = 256
)

// A File is what replay and export read of a foresight.report/v1 report
// (docs/report-format.md): the files to compile, how the campaign
// deployed them, and the findings.
type File struct {
	Schema string   `json:"schema"`
	Root   string   `json:"root"` // the project root relative inputs were under
	Inputs []string `json:"inputs"`
	Setup  Setup    `json:"setup"`
	// SetUp is the report's own copy of Setup.SetUp. Declared so that
	// its key does not fill Setup: encoding/json matches keys to fields
	// regardless of case.
	SetUp    string    `json:"setUp,omitempty"`
	Findings []Finding `json:"findings"`
}

// Read reads and checks the report at path (ReadFile, Decode).
func Read(path string) (*File, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	rep, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rep, nil
}

// ReadFile reads a report file: a regular file (a symlink to one
// is followed) of at most MaxBytes. A device, FIFO or directory is
// refused before it is opened for reading, so /dev/zero cannot flood
// memory nor a FIFO block.
func ReadFile(path string) ([]byte, error) {
	return safefile.ReadFollow(path, MaxBytes)
}

// Decode decodes a report and checks it: its arrays within the
// limits above (counted before anything is decoded in full), and every
// finding and the setup valid (ValidateFinding, ValidateSetup). Errors
// wrap ErrInvalid, safefile.ErrTooLarge, or are JSON syntax errors.
func Decode(data []byte) (*File, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("%w (%d bytes, limit %d)", safefile.ErrTooLarge, len(data), MaxBytes)
	}
	if err := checkReportShape(data); err != nil {
		return nil, err
	}
	var rep File
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if rep.Root != "" && !printableUnit(rep.Root) {
		return nil, fmt.Errorf("%w: root %q is not a path", ErrInvalid, rep.Root)
	}
	for _, in := range rep.Inputs {
		if in == "" || !printableUnit(in) {
			return nil, fmt.Errorf("%w: input %q is not a path", ErrInvalid, in)
		}
	}
	if err := ValidateSetup(rep.Setup); err != nil {
		return nil, err
	}
	for i, f := range rep.Findings {
		if err := ValidateFinding(f); err != nil {
			return nil, fmt.Errorf("finding %d: %w", i+1, err)
		}
	}
	return &rep, nil
}

// CheckInputs refuses inputs that are neither regular files nor
// directories (a device such as /dev/zero, a FIFO), before a compile
// reads them.
func (r *File) CheckInputs() error {
	for _, in := range r.Inputs {
		fi, err := os.Stat(in)
		if err != nil {
			return fmt.Errorf("report input: %w", err)
		}
		if !fi.IsDir() && !fi.Mode().IsRegular() {
			return fmt.Errorf("report input %s: %w (%s)", in, safefile.ErrNotRegular, safefile.Kind(fi.Mode()))
		}
	}
	return nil
}

// A FunctionStat is what a campaign's transactions to one function did.
// A function that never completed (every transaction reverted) is not
// counted as fuzzed; TopRevert says why it failed most often: the
// Error(string) text, a custom error's name, "Panic(0x..)", "no reason",
// or how the transaction failed otherwise ("out of gas").
type FunctionStat struct {
	Contract string `json:"contract"`
	Function string `json:"function"`
	// Signature tells overloads apart, e.g. for LCOV's FNDA (not in the
	// JSON report, whose "function" is the name).
	Signature string `json:"-"`
	Completed uint64 `json:"completed"`
	Reverted  uint64 `json:"reverted"`
	TopRevert string `json:"topRevert,omitempty"`
	// TimeShare is the percentage of the campaign's transaction time the
	// function took (not in the JSON report: it varies between runs).
	TimeShare float64 `json:"-"`
	// GasShare is the percentage of the campaign's gas the function's
	// transactions used: its share of the work, the same on every run of
	// a seed with one worker.
	GasShare float64 `json:"gasShare"`
	// ShareCut says how far its share was cut at the end for taking most
	// of the work without new coverage: its picks ran one in 2^ShareCut.
	ShareCut int `json:"shareCut,omitempty"`
}

// A PredictionYield is what input prediction did for one target: the
// predicted runs aimed at it and those that reached it, and the function
// whose argument the predictions changed. Target is the cost index (a
// branch edge or a storage slot's), stable within one campaign only.
type PredictionYield struct {
	Contract string `json:"contract"`
	Function string `json:"function"`
	Target   int32  `json:"target"`
	Made     uint64 `json:"made"`
	Reached  uint64 `json:"reached"`
}
