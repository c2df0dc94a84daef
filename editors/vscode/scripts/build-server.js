// Builds the Foresight language server (cmd/foresight of this repository)
// into bin/<target>/foresight (foresight.exe for win32-x64), where the
// extension looks for a bundled binary (src/server.ts: bin/<process.platform>-
// <process.arch>/). scripts/package.js runs it for each .vsix it packs.
//
//   node scripts/build-server.js            this machine's platform
//   node scripts/build-server.js TARGET...  cross-compiled (linux-x64,
//                                           linux-arm64, darwin-x64,
//                                           darwin-arm64, win32-x64)
//
// The build is `go build -trimpath -ldflags "-s -w"` with CGO_ENABLED=0, so
// every target cross-compiles from any machine. Needs Go on PATH (or in
// /usr/local/go/bin); FORESIGHT_PREBUILT=FILE copies that binary instead of
// building (this platform only).
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ext = path.resolve(__dirname, '..');
const repo = path.resolve(ext, '..', '..');

// The VS Code targets (vsce package --target) with a bundled server, and
// their Go GOOS/GOARCH.
const targets = {
  'linux-x64': ['linux', 'amd64'],
  'linux-arm64': ['linux', 'arm64'],
  'darwin-x64': ['darwin', 'amd64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'win32-x64': ['windows', 'amd64'],
};

/** The target of this machine (process.platform-process.arch, as src/server.ts looks it up). */
function hostTarget() {
  return `${process.platform}-${process.arch}`;
}

/** The binary's path under bin/ for a target. */
function binaryPath(target) {
  return path.join(ext, 'bin', target, target.startsWith('win32-') ? 'foresight.exe' : 'foresight');
}

/** Builds the server for a target into bin/<target>/; exits the process on failure. */
function build(target) {
  const goos = targets[target];
  if (!goos) {
    fail(`unknown target ${target} (known: ${Object.keys(targets).join(', ')})`);
  }
  const out = binaryPath(target);
  const env = { ...process.env, CGO_ENABLED: '0', GOOS: goos[0], GOARCH: goos[1] };
  const goBin = process.platform === 'win32' ? 'C:\\Program Files\\Go\\bin' : '/usr/local/go/bin';
  env.PATH = [env.PATH, goBin, path.join(os.homedir(), 'go', 'bin')].filter(Boolean).join(path.delimiter);

  fs.mkdirSync(path.dirname(out), { recursive: true });
  const prebuilt = process.env.FORESIGHT_PREBUILT;
  if (prebuilt && target === hostTarget()) {
    // A binary built elsewhere (CI that already built one, or a snapshot).
    fs.copyFileSync(prebuilt, out);
  } else {
    const args = ['build', '-trimpath', '-ldflags=-s -w', '-o', out, './cmd/foresight'];
    const res = spawnSync('go', args, { cwd: repo, env, stdio: 'inherit' });
    if (res.error) {
      fail(`cannot run go (${res.error.message}); install Go or set FORESIGHT_PREBUILT to a foresight binary`);
    }
    if (res.status !== 0) {
      fail(`GOOS=${goos[0]} GOARCH=${goos[1]} go build ./cmd/foresight failed`);
    }
  }
  fs.chmodSync(out, 0o755);
  console.error(`build-server: ${path.relative(ext, out)}${prebuilt && target === hostTarget() ? ` (copied from ${prebuilt})` : ''}`);
  return out;
}

function fail(msg) {
  console.error(`build-server: ${msg}`);
  process.exit(1);
}

module.exports = { targets, hostTarget, binaryPath, build };

if (require.main === module) {
  const want = process.argv.slice(2);
  for (const t of want.length > 0 ? want : [hostTarget()]) {
    build(t);
  }
}
