package solc

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

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

// repairJS replaces the solc-js install of v that does not load (a
// truncated or empty soljson.js: "solJson.cwrap is not a function", a
// SyntaxError): once per Toolchain and version, the install is moved aside
// (one rename, so no compile sees half of it) and installed again. A second
// failure, or Config.NoInstall, is one line naming the install and what to
// do.
func (t *Toolchain) repairJS(ctx context.Context, v Version, cause string) error {
	dir := installDir(t.cfg.CacheDir, v)
	name := fmt.Sprintf("solc %s (solc-js)", v)
	cause = loadCause(cause)
	if t.cfg.NoInstall {
		return &CompilerError{Compiler: name, What: fmt.Sprintf("in %s %s; remove %s and run without --no-install to install it again", dir, cause, dir)}
	}
	t.mu.Lock()
	again := t.repaired[v]
	t.repaired[v] = true
	t.mu.Unlock()
	if again {
		return &CompilerError{Compiler: name, What: fmt.Sprintf("in %s %s, even after a fresh install; check node, remove %s to install it again, or use a native solc", dir, cause, dir)}
	}
	t.cfg.Log.Warn("installed solc-js does not load; installing it again", zap.Stringer("version", v), zap.String("dir", dir), zap.String("error", cause))
	aside := fmt.Sprintf("%s.broken-%d", dir, time.Now().UnixNano())
	if err := os.Rename(dir, aside); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &CompilerError{Compiler: name, What: fmt.Sprintf("in %s %s, and it could not be moved aside (%v); remove %s", dir, cause, err, dir)}
	}
	os.RemoveAll(aside)
	if err := t.installShared(ctx, v); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &CompilerError{Compiler: name, What: fmt.Sprintf("in %s %s; installing it again failed: %v", dir, cause, err)}
	}
	return nil
}

// loadCause is the first part of a load failure's message ("failed to load:
// TypeError: ... | at ..."): the error without its stack.
func loadCause(what string) string {
	first, _, _ := strings.Cut(what, " | ")
	return first
}
