package solc

import (
	"context"
	"fmt"
	"strings"
)

// viaIRStable is the first release whose via-IR pipeline is no longer
// experimental; older ones are not retried with it.
var viaIRStable = Version{0, 8, 13}

// compileUnit compiles one compilation unit (compileGroup). A full compile
// that fails with "Stack too deep", in a project whose configuration names
// neither the optimizer nor via-IR, is compiled again with the optimizer
// on, then (solc 0.8.13 and later) with via-IR as well, as a user would
// to get the project built, and Notify says so in one line. Builds from
// a retry say what changed in Retried.
func (t *Toolchain) compileUnit(ctx context.Context, p *Project, units map[string]*Unit, u unitPlan, mode OutputMode) ([]*Build, error) {
	bs, err := t.compileGroup(ctx, p, units, u.comp, u.settings, u.roots, mode)
	if err != nil || mode != Full || p.SettingsStated || !stackTooDeep(bs) {
		return bs, err
	}
	label := bs[0].Label()
	var tried []string
	for _, r := range stackRetries(u.comp.Version(), u.settings) {
		next, err := t.compileGroup(ctx, p, units, u.comp, r.settings, u.roots, mode)
		if err != nil {
			return nil, err
		}
		tried = append(tried, r.what)
		if !stackTooDeep(next) {
			for _, b := range next {
				b.Retried = r.what
			}
			t.tell(fmt.Sprintf("%s: Stack too deep with default settings (the project sets none); compiled again with %s (--optimize, --via-ir choose)", label, r.what))
			return next, nil
		}
	}
	t.tell(fmt.Sprintf("%s: Stack too deep with default settings, and again with %s", label, strings.Join(tried, ", then with ")))
	return bs, nil
}

type stackRetry struct {
	settings Settings
	what     string
}

// stackRetries are the settings to try after "Stack too deep" with st.
func stackRetries(v Version, st Settings) []stackRetry {
	opt := st
	opt.Optimizer = true
	if opt.OptimizerRuns <= 0 {
		opt.OptimizerRuns = 200
	}
	out := []stackRetry{{opt, fmt.Sprintf("the optimizer on (%d runs)", opt.OptimizerRuns)}}
	if !v.Less(viaIRStable) {
		ir := opt
		ir.ViaIR = true
		out = append(out, stackRetry{ir, "via-IR and the optimizer"})
	}
	return out
}

// stackTooDeep reports whether some build failed with solc's "Stack too
// deep" (a StackTooDeepError, or an internal "Compiler error" naming it).
func stackTooDeep(bs []*Build) bool {
	for _, b := range bs {
		for _, d := range b.Diagnostics {
			if d.Severity == SeverityError && strings.Contains(strings.ToLower(d.Message), "stack too deep") {
				return true
			}
		}
	}
	return false
}

// onlyStackTooDeep reports whether every error of b is "Stack too deep".
func onlyStackTooDeep(b *Build) bool {
	n := 0
	for _, d := range b.Diagnostics {
		if d.Severity != SeverityError {
			continue
		}
		if !strings.Contains(strings.ToLower(d.Message), "stack too deep") {
			return false
		}
		n++
	}
	return n > 0
}

// tell gives the user one line of progress (Notify) and logs it at info
// level, so a console log does not print it a second time.
func (t *Toolchain) tell(msg string) {
	t.cfg.Log.Info(msg)
	if t.cfg.Notify != nil {
		t.cfg.Notify(msg)
	}
}
