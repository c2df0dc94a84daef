package solc

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeNPM writes an npm stand-in that appends a line to its log on every
// run, waits for the file release to exist, and then installs a fake
// solc-js package of version 0.8.30 into its working directory.
func fakeNPM(t *testing.T, log, release string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "npm")
	script := `#!/bin/sh
echo run >> '` + log + `'
while [ ! -e '` + release + `' ]; do sleep 0.05; done
mkdir -p node_modules/solc
echo '{"name":"solc","version":"0.8.30"}' > node_modules/solc/package.json
echo 'module.exports = {version: () => "0.8.30", compile: (s) => "{}"};' > node_modules/solc/index.js
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInstallSharedBySaves: a save that cancels the compile waiting for an
// install no longer kills npm, and the next save waits for the same
// install instead of starting it over.
func TestInstallSharedBySaves(t *testing.T) {
	dir := t.TempDir()
	log, release := filepath.Join(dir, "log"), filepath.Join(dir, "release")
	tc := NewToolchain(Config{NPM: fakeNPM(t, log, release), SolcVersion: "0.8.30", NoNative: true, NoForge: true, CacheDir: filepath.Join(dir, "cache")})
	defer tc.Close()
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan error, 1)
	go func() {
		_, err := tc.Select(ctx, nil, nil)
		first <- err
	}()
	waitFor(t, "npm to start", func() bool { return fileExists(log) })
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("first save: err = %v, want context.Canceled", err)
	}
	if err := os.WriteFile(release, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := tc.Select(context.Background(), nil, nil)
	if err != nil {
		t.Fatalf("second save: %v", err)
	}
	if c.Version() != MustVersion("0.8.30") {
		t.Errorf("compiler %s", c)
	}
	data, _ := os.ReadFile(log)
	if n := strings.Count(string(data), "run"); n != 1 {
		t.Errorf("npm ran %d times, want once (the second save shares the first's install)", n)
	}
}

// npmOrSkip returns npm from PATH, or skips: these tests drive the real
// npm against a local registry that fails.
func npmOrSkip(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not on PATH")
	}
	return npm
}

// TestInstallDeadline: a registry that accepts connections and never
// answers held `foresight check` at "installing solc" for 500 s and more;
// an install now has a deadline (Config.InstallTimeout) and says so in one
// line.
func TestInstallDeadline(t *testing.T) {
	npm := npmOrSkip(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		var held []net.Conn // accepted, never answered
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	registry := "http://" + ln.Addr().String() + "/"
	t.Setenv("npm_config_registry", registry)
	t.Setenv("npm_config_cache", t.TempDir())
	tc := NewToolchain(Config{NPM: npm, SolcVersion: "0.8.30", NoNative: true, NoForge: true, CacheDir: t.TempDir(), InstallTimeout: 3 * time.Second})
	defer tc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	_, err = tc.Select(ctx, nil, nil)
	if ctx.Err() != nil {
		t.Fatal("the install outlived its deadline")
	}
	t.Logf("error: %v", err)
	if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "timed out after 3s") || !strings.Contains(err.Error(), registry) {
		t.Errorf("err = %q, want one line saying the install timed out and naming %s", err, registry)
	}
}

// TestInstallRefusedIsOneLine: a registry refusing connections gave a
// 19-line npm stack trace starting mid-token; now the error is one line with
// npm's code and summary, the registry, and where npm's log is.
func TestInstallRefusedIsOneLine(t *testing.T) {
	npm := npmOrSkip(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now: connections are refused
	t.Setenv("npm_config_registry", "http://"+addr+"/")
	t.Setenv("npm_config_cache", t.TempDir())
	tc := NewToolchain(Config{NPM: npm, SolcVersion: "0.8.30", NoNative: true, NoForge: true, CacheDir: t.TempDir()})
	defer tc.Close()
	_, err = tc.Select(context.Background(), nil, nil)
	if err == nil {
		t.Fatal("installed from a registry that refuses connections")
	}
	msg := err.Error()
	t.Logf("error: %s", msg)
	for _, want := range []string{"installing solc 0.8.30 from npm failed: ", "ECONNREFUSED", "registry http://" + addr + "/ unreachable?", "; see "} {
		if !strings.Contains(msg, want) {
			t.Errorf("err = %q, want it to say %q", msg, want)
		}
	}
	if strings.Contains(msg, "\n") || strings.Contains(msg, " at ") {
		t.Errorf("err = %q, want one line without npm's stack", msg)
	}
}
