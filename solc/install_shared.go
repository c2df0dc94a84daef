package solc

import (
	"cmp"
	"context"
	"fmt"

	"go.uber.org/zap"
)

// An installCall is one npm install of a solc-js release, shared by every
// compile that needs that release while it runs.
type installCall struct {
	done chan struct{} // closed when err is set
	err  error
}

// installShared installs solc-js v once for all callers: the first starts
// the install, detached from its context (a save that cancels the compile
// waiting for it must not kill npm and make the next save start over), and
// every caller waits for it or for its own context. The install still ends
// at Config.InstallTimeout or Toolchain.Close. A failed install is
// forgotten, so a later compile tries again.
func (t *Toolchain) installShared(ctx context.Context, v Version) error {
	t.mu.Lock()
	call, ok := t.install[v]
	if !ok {
		call = &installCall{done: make(chan struct{})}
		t.install[v] = call
		go t.runInstall(context.WithoutCancel(ctx), v, call)
	}
	t.mu.Unlock()
	select {
	case <-call.done:
		return call.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (t *Toolchain) runInstall(ctx context.Context, v Version, call *installCall) {
	defer close(call.done)
	defer func() {
		t.mu.Lock()
		delete(t.install, v)
		t.mu.Unlock()
	}()
	dir := installDir(t.cfg.CacheDir, v)
	t.cfg.Log.Info("installing compiler", zap.Stringer("version", v), zap.String("dir", dir))
	if t.cfg.Notify != nil {
		t.cfg.Notify(fmt.Sprintf("installing solc %s (npm package solc@%s) into %s", v, v, dir))
	}
	npm, env, err := t.npmCommand()
	if err != nil {
		call.err = fmt.Errorf("install solc %s: %w", v, err)
		return
	}
	_, call.err = installJS(ctx, npm, env, t.cfg.CacheDir, v, t.life, cmp.Or(t.cfg.InstallTimeout, DefaultInstallTimeout), t.cfg.Log)
}
