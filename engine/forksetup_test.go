package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetUpForksResolve: aliases come from foundry.toml's [rpc_endpoints]
// with ${VAR} read from the environment; an unknown alias, an unset
// variable and an untrusted workspace are errors naming the cause, made
// before any request (the URLs here would refuse connections).
func TestSetUpForksResolve(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "foundry.toml"), []byte("[rpc_endpoints]\nlocal = \"http://127.0.0.1:${PORT}/${PATH_PART}\"\nother = \"http://127.0.0.1:1\"\n"), 0o644)
	env := map[string]string{"PORT": "8545", "PATH_PART": "rpc"}
	forks := NewSetUpForks(context.Background(), SetUpForksConfig{Root: root, Getenv: func(k string) string { return env[k] }})
	url, alias, err := forks.resolve("local")
	if err != nil || !alias || url != "http://127.0.0.1:8545/rpc" {
		t.Errorf("local = %q (alias %v), %v", url, alias, err)
	}
	if url, alias, err := forks.resolve("http://node:8545"); err != nil || alias || url != "http://node:8545" {
		t.Errorf("a URL = %q (alias %v), %v", url, alias, err)
	}
	_, err = forks.Fork("mainnet", 0)
	if !errors.Is(err, ErrSetUpFork) || !strings.Contains(err.Error(), `"mainnet"`) || !strings.Contains(err.Error(), "aliases: local, other") {
		t.Errorf("unknown alias: %v", err)
	}
	delete(env, "PATH_PART")
	_, err = forks.Fork("local", 0)
	if !errors.Is(err, ErrSetUpFork) || !strings.Contains(err.Error(), "PATH_PART, which is not set") {
		t.Errorf("unset variable: %v", err)
	}
	untrusted := NewSetUpForks(context.Background(), SetUpForksConfig{Root: root, Untrusted: true})
	if _, err := untrusted.Fork("other", 1); !errors.Is(err, ErrSetUpFork) || !strings.Contains(err.Error(), "not trusted") {
		t.Errorf("untrusted: %v", err)
	}
	if st, n := forks.Stats(); n != 0 || st.Requests != 0 {
		t.Errorf("forks opened: %d, requests %d", n, st.Requests)
	}
}
