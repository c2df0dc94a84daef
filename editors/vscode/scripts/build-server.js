// Builds the Foresight language server (cmd/foresight of this repository)
// into bin/<platform>-<arch>/foresight, where the extension looks for a
// bundled binary. Run by `npm run package` (vscode:prepublish) before vsce
// packs the .vsix, so the .vsix carries a binary for the platform it was
// built on. Needs Go on PATH (or in /usr/local/go/bin); FORESIGHT_PREBUILT=FILE
// copies that binary instead of building.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ext = path.resolve(__dirname, '..');
const repo = path.resolve(ext, '..', '..');
const platform = `${process.platform}-${process.arch}`;
const exe = process.platform === 'win32' ? 'foresight.exe' : 'foresight';
const out = path.join(ext, 'bin', platform, exe);

const env = { ...process.env, CGO_ENABLED: process.env.CGO_ENABLED || '0' };
const goBin = process.platform === 'win32' ? 'C:\\Program Files\\Go\\bin' : '/usr/local/go/bin';
env.PATH = [env.PATH, goBin, path.join(require('os').homedir(), 'go', 'bin')].filter(Boolean).join(path.delimiter);

fs.mkdirSync(path.dirname(out), { recursive: true });
const prebuilt = process.env.FORESIGHT_PREBUILT;
if (prebuilt) {
  // A binary built elsewhere (CI that already built one, or a snapshot).
  fs.copyFileSync(prebuilt, out);
} else {
  const res = spawnSync('go', ['build', '-trimpath', '-o', out, './cmd/foresight'], { cwd: repo, env, stdio: 'inherit' });
  if (res.error) {
    console.error(`build-server: cannot run go (${res.error.message}); install Go or set FORESIGHT_PREBUILT to a foresight binary`);
    process.exit(1);
  }
  if (res.status !== 0) {
    console.error('build-server: go build ./cmd/foresight failed');
    process.exit(1);
  }
}
fs.chmodSync(out, 0o755);
console.error(`build-server: ${path.relative(ext, out)}${prebuilt ? ` (copied from ${prebuilt})` : ''}`);
