package behaviour

// This file sums the gas of the calls that behaved the same on both
// builds: never a difference, but the mean per function is reported.

// gasSum is a function's calls' gas on both builds.
type gasSum struct {
	calls         uint64
	before, after uint64
}

// addGas adds the gas of seq's calls, which behaved the same.
func (r *runner) addGas(seq Sequence, ob, oa seqObs) {
	for i, c := range seq {
		f, ok := r.functionOf(c)
		if !ok || r.results[f] == nil {
			continue
		}
		g := r.gas[f]
		if g == nil {
			g = &gasSum{}
			r.gas[f] = g
		}
		g.calls++
		g.before += ob.txs[i].gas
		g.after += oa.txs[i].gas
	}
}

// meanGas sets a result's mean gas per call.
func (r *runner) meanGas(fr *FunctionResult) {
	if g := r.gas[fr.Function]; g != nil && g.calls > 0 {
		fr.GasBefore, fr.GasAfter = g.before/g.calls, g.after/g.calls
	}
}
