package report

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// checkReportShape counts a report's arrays against the limits before it
// is decoded: json.Unmarshal would allocate a million calls before any
// check could see them. Each capped array is decoded one element at a
// time into a shape that keeps only the counts, and the first element
// past a limit stops the decoding.
func checkReportShape(data []byte) error {
	var s struct {
		Inputs capped[skipped, inputsLimit] `json:"inputs"`
		Setup  struct {
			Contracts capped[deployedShape, contractsLimit] `json:"contracts"`
		} `json:"setup"`
		SetUp    skipped                             `json:"setUp"` // not Setup (keys match fields regardless of case)
		Findings capped[findingShape, findingsLimit] `json:"findings"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	calls, args := 0, 0
	for _, f := range s.Findings {
		calls += f.calls
		args += f.args
	}
	if calls > maxReportCalls {
		return fmt.Errorf("%w: %d calls in all, limit %d", ErrInvalid, calls, maxReportCalls)
	}
	if args > maxReportArgs {
		return fmt.Errorf("%w: %d call arguments in all, limit %d", ErrInvalid, args, maxReportArgs)
	}
	return nil
}

// findingShape counts a finding's calls and their arguments: only the
// counts outlive the finding's decoding.
type findingShape struct{ calls, args int }

func (f *findingShape) UnmarshalJSON(data []byte) error {
	var s struct {
		Calls   capped[callShape, callsLimit] `json:"calls"`
		Related capped[skipped, relatedLimit] `json:"related"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	f.calls = len(s.Calls)
	for _, n := range s.Calls {
		f.args += int(n)
	}
	return nil
}

// callShape is the number of a call's arguments: a report's calls are
// its most numerous objects, so the shape keeps one int of each.
type callShape int

func (c *callShape) UnmarshalJSON(data []byte) error {
	var s struct {
		Args capped[skipped, argsLimit] `json:"args"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*c = callShape(len(s.Args))
	return nil
}

type deployedShape struct {
	Grants capped[skipped, grantsLimit] `json:"grants"`
}

// skipped is an element whose content the shape ignores.
type skipped struct{}

func (*skipped) UnmarshalJSON([]byte) error { return nil }

// An arrayLimit names an array of the report and bounds its length.
type arrayLimit interface {
	limit() (max int, what string)
}

type (
	inputsLimit    struct{}
	contractsLimit struct{}
	findingsLimit  struct{}
	callsLimit     struct{}
	argsLimit      struct{}
	relatedLimit   struct{}
	grantsLimit    struct{}
)

func (inputsLimit) limit() (int, string)    { return maxReportInputs, "inputs" }
func (contractsLimit) limit() (int, string) { return maxSetupContracts, "setup contracts" }
func (findingsLimit) limit() (int, string)  { return maxReportFindings, "findings" }
func (callsLimit) limit() (int, string)     { return MaxFindingCalls, "calls in a finding" }
func (argsLimit) limit() (int, string)      { return maxCallArgs, "arguments in a call" }
func (relatedLimit) limit() (int, string)   { return maxRelated, "related locations in a finding" }
func (grantsLimit) limit() (int, string)    { return maxGrants, "grants of a setup contract" }

// capped is a JSON array (or null) of at most L's limit of elements.
type capped[T any, L arrayLimit] []T

func (c *capped[T, L]) UnmarshalJSON(data []byte) error {
	var l L
	max, what := l.limit()
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		*c = nil
		return nil
	}
	if tok != json.Delim('[') {
		return fmt.Errorf("%s: not an array", what)
	}
	*c = (*c)[:0]
	for dec.More() {
		if len(*c) == max {
			return fmt.Errorf("more than %d %s", max, what)
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*c = append(*c, v)
	}
	return nil
}
