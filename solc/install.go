package solc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"go.uber.org/zap"
)

// installDir is where solc-js version v lives: one directory per version,
// each with its own package.json (npm walks up the tree, so versions must
// not share one).
func installDir(cacheDir string, v Version) string {
	return filepath.Join(cacheDir, "solc-js", v.String())
}

// installedJS lists the solc-js versions installed under cacheDir.
func installedJS(cacheDir string) []Version {
	entries, err := os.ReadDir(filepath.Join(cacheDir, "solc-js"))
	if err != nil {
		return nil
	}
	var out []Version
	for _, e := range entries {
		v, err := ParseVersion(e.Name())
		if err != nil {
			continue
		}
		if fileExists(filepath.Join(cacheDir, "solc-js", e.Name(), "node_modules", "solc", "package.json")) {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Less(out[j]) })
	return out
}

// installJS installs the npm package solc@v into its own directory. It
// installs into a temporary sibling and renames it into place, so an
// interrupted install never leaves a half-installed compiler behind. npm
// runs with env (nil: Foresight's own), for at most timeout; a failure is
// one line (npmFailure), npm's whole output goes to log.
func installJS(ctx context.Context, npm string, env []string, cacheDir string, v Version, life *lifetime, timeout time.Duration, log *zap.Logger) (string, error) {
	dir := installDir(cacheDir, v)
	if fileExists(filepath.Join(dir, "node_modules", "solc", "package.json")) {
		return dir, nil
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", fmt.Errorf("install solc %s: %w", v, err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), v.String()+".tmp-")
	if err != nil {
		return "", fmt.Errorf("install solc %s: %w", v, err)
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), []byte(`{"private":true,"description":"solc-js installed by foresight"}`+"\n"), 0o644); err != nil {
		return "", fmt.Errorf("install solc %s: %w", v, err)
	}
	if npm == "" {
		npm = "npm"
	}
	args := append([]string{"install", "--no-audit", "--no-fund", "--loglevel=error"}, npmFetchArgs...)
	r := runProcess(ctx, procSpec{
		path: npm, args: append(args, "solc@"+v.String()), dir: tmp, env: env,
		maxOut: maxCompilerStderr, maxErr: maxCompilerStderr, timeout: timeout, life: life,
	})
	if r.err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		out := string(r.stdout) + "\n" + string(r.stderr)
		log.Warn("npm install failed", zap.Stringer("version", v), zap.String("npm", npm), zap.Error(r.err), zap.String("output", out))
		if errors.Is(r.err, errClosed) {
			return "", fmt.Errorf("installing solc %s from npm: %w", v, r.err)
		}
		return "", npmFailure(v, out, errors.Is(r.err, errTimedOut), timeout)
	}
	var pkg struct{ Version string }
	data, err := readConfig(filepath.Join(tmp, "node_modules", "solc", "package.json"))
	if err == nil {
		err = json.Unmarshal(data, &pkg)
	}
	if err != nil {
		return "", fmt.Errorf("install solc %s: package not found after npm install: %w", v, err)
	}
	if pkg.Version != v.String() {
		return "", fmt.Errorf("install solc %s: npm installed version %s", v, pkg.Version)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process may have won the race; its install is as good.
		if fileExists(filepath.Join(dir, "node_modules", "solc", "package.json")) {
			return dir, nil
		}
		if errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("install solc %s: %s exists but holds no compiler; remove it", v, dir)
		}
		return "", fmt.Errorf("install solc %s: %w", v, err)
	}
	return dir, nil
}
