package lsp

import (
	"context"
	"slices"

	"go.lsp.dev/protocol"
)

// runResult is what foresight.fuzzFile and foresight.fuzzFunction answer
// with "wait": true, once their run ended: the run's end message (as the
// progress' end says it) and the findings it added. A test runner (the
// VS Code Test Explorer) shows a failure from it without reading
// diagnostics. Fuzzed and Execs say, as typed values, whether a
// campaign ran and how far, so a client need not parse Result.
type runResult struct {
	Result string `json:"result"`
	// Fuzzed is true when some contract was deployed and sent
	// transactions (Result then starts "N execs, M findings"); false
	// for a run cancelled, not fuzzed or stopped by compile errors.
	Fuzzed bool `json:"fuzzed"`
	// Execs are the run's executions, its suites' included (0 when
	// nothing ran).
	Execs    uint64       `json:"execs"`
	Findings []runFinding `json:"findings"`
}

// runFinding is one finding of a run, as its diagnostic shows it, with
// the invariant or property it broke (Check) and its sequence, one call
// a line as the diagnostic's related information has it.
type runFinding struct {
	ID       string               `json:"id"`
	Kind     string               `json:"kind"`
	Title    string               `json:"title"`
	Message  string               `json:"message"`
	Contract string               `json:"contract"`
	Check    string               `json:"check,omitempty"`
	URI      protocol.DocumentURI `json:"uri"`
	Range    protocol.Range       `json:"range"`
	Sequence []string             `json:"sequence"`
}

// runEnded ends a run's progress and keeps its end message for a command
// waiting for it.
func (s *server) runEnded(r *run, prog *progress, result string) {
	s.mu.Lock()
	r.result = result
	s.mu.Unlock()
	prog.end(result)
}

// answerRun is a run command's answer: null at once, or with wait the
// run's result once it ended. The wait releases the queue (it reads
// nothing of the session until the run ended); a cancelled request stops
// the run's campaign.
func (s *server) answerRun(ctx context.Context, r *run, wait bool, err error) (any, error) {
	if err != nil || !wait {
		return nil, err
	}
	if r == nil { // shutting down
		return runResult{Result: "cancelled", Findings: []runFinding{}}, nil
	}
	releaseQueue(ctx)
	select {
	case <-r.done:
	case <-ctx.Done():
		s.mu.Lock()
		r.fuzzStopped = true
		if r.stopFuzz != nil {
			r.stopFuzz()
		}
		s.mu.Unlock()
		return nil, ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	res := runResult{Result: r.result, Fuzzed: r.fuzzed, Execs: r.execs, Findings: []runFinding{}}
	seen := map[string]bool{}
	for i := len(r.found) - 1; i >= 0; i-- { // the latest of a bug found twice
		f := r.found[i]
		if seen[f.Key()] {
			continue
		}
		seen[f.Key()] = true
		d := diagnosticOf(f)
		rf := runFinding{ID: f.ID, Kind: f.Found.Kind, Title: f.Found.Title, Message: d.Message, Contract: f.Found.Contract, Check: f.Found.Check,
			URI: uriOf(f.Path), Range: d.Range, Sequence: []string{}}
		for i, c := range f.Found.Calls {
			rf.Sequence = append(rf.Sequence, callLine(i, c))
		}
		res.Findings = append(res.Findings, rf)
	}
	slices.Reverse(res.Findings)
	return res, nil
}
