package solc

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"go.uber.org/zap"
)

// forgeTimeout bounds `forge remappings`; a variable for tests.
var forgeTimeout = 30 * time.Second

// maxForgeOutput bounds what Foresight reads from forge.
const maxForgeOutput = 1 << 20

// forgePath returns the forge on PATH that Foresight may run for p, or "":
// the one execPath finds (never through a relative PATH entry), unless it
// lies inside the project (even a trusted one: a workspace does not get
// to choose the program); never any when the workspace is untrusted or
// Config.NoForge.
func (t *Toolchain) forgePath(p *Project) string {
	if t.cfg.NoForge || t.cfg.Untrusted {
		return ""
	}
	forge, err := t.execPath("forge")
	if err != nil {
		return ""
	}
	if within(p.Root, forge) {
		// It shadows the user's forge: run none rather than another one.
		t.say(fmt.Sprintf("ignoring %s: Foresight does not run a forge inside the project; using Foundry's remapping rules instead", forge), zap.String("path", forge))
		return ""
	}
	return forge
}

// withForge returns p with the remappings `forge remappings` prints, when
// p is a Foundry project and forge may run (forgePath); else p itself,
// whose remappings follow the same rules by hand. Answers are kept per
// root and configuration, so forge runs once per project state.
func (t *Toolchain) withForge(ctx context.Context, p *Project) *Project {
	if p.Kind != "foundry" {
		return p
	}
	forge := t.forgePath(p)
	if forge == "" {
		return p
	}
	var key strings.Builder
	key.WriteString(p.Root)
	for _, r := range p.Remappings {
		key.WriteString("\n" + r.String())
	}
	t.mu.Lock()
	rs, ok := t.forged[key.String()]
	t.mu.Unlock()
	if !ok {
		var err error
		rs, err = t.forgeRemappings(ctx, forge, p)
		if ctx.Err() != nil {
			return p // not remembered: the next compile asks again
		}
		if err != nil {
			t.say(fmt.Sprintf("forge remappings failed (%v); using Foundry's remapping rules instead", err), zap.String("root", p.Root))
			rs = nil // remembered, so a failing forge is not run on every compile
		}
		t.mu.Lock()
		t.forged[key.String()] = rs
		t.mu.Unlock()
	}
	if rs == nil {
		return p
	}
	q := *p
	q.Remappings = rs
	return &q
}

func (t *Toolchain) forgeRemappings(ctx context.Context, forge string, p *Project) ([]Remapping, error) {
	r := runProcess(ctx, procSpec{path: forge, args: []string{"remappings"}, dir: p.Root, maxOut: maxForgeOutput, maxErr: maxForgeOutput, timeout: forgeTimeout, life: t.life})
	if r.err != nil {
		msg := strings.TrimSpace(string(r.stderr))
		if len(msg) > 300 {
			msg = msg[:300]
		}
		return nil, fmt.Errorf("%s remappings: %w: %s", forge, r.err, msg)
	}
	return parseForgeRemappings(string(r.stdout), p.Root)
}

// parseForgeRemappings reads `forge remappings` output: one remapping a
// line, targets relative to root (absolute ones inside root are made
// relative).
func parseForgeRemappings(out, root string) ([]Remapping, error) {
	var rs []Remapping
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		r, err := ParseRemapping(line)
		if err != nil {
			return nil, err
		}
		if filepath.IsAbs(r.Target) {
			if rel, err := filepath.Rel(root, r.Target); err == nil && !strings.HasPrefix(rel, "..") {
				r.Target = filepath.ToSlash(rel) + "/"
			}
		}
		rs = append(rs, r)
	}
	return rs, nil
}
