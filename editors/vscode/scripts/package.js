// Packs one .vsix per platform, each with its own server binary:
//
//   node scripts/package.js            this machine's platform (npm run package)
//   node scripts/package.js --all      linux-x64, linux-arm64, darwin-x64,
//                                      darwin-arm64, win32-x64 (npm run package:all)
//   node scripts/package.js TARGET...  those targets
//
// writes dist/foresight-<target>.vsix (or VSIX_DIR/foresight-<target>.vsix).
// It type-checks once (tsc), then for each target empties bin/,
// cross-compiles cmd/foresight into bin/<target>/ (scripts/build-server.js)
// and runs `vsce package --target <target> --no-dependencies`; vsce runs
// vscode:prepublish, which bundles the JavaScript into out/extension.js
// (scripts/bundle.js). .vscodeignore lets only the bundle, bin/, the
// manifest, README, LICENSE, THIRD_PARTY_NOTICES, the language
// configuration and the icon in. This machine's target is packed last, so
// bin/ is left with a binary that runs here (for a development host).
//
// The repository's LICENSE and THIRD_PARTY_NOTICES are copied next to
// package.json for vsce (git-ignored copies).
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { targets, hostTarget, build } = require('./build-server');

const ext = path.resolve(__dirname, '..');
const repo = path.resolve(ext, '..', '..');
const dist = process.env.VSIX_DIR ? path.resolve(process.env.VSIX_DIR) : path.join(ext, 'dist');

// Files of the repository root that every .vsix carries; packaging fails
// without them (the licence and the notices must travel with the binary).
const ROOT_FILES = ['LICENSE', 'THIRD_PARTY_NOTICES'];
const REQUIRE_ROOT_FILES = true;

function main() {
  const args = process.argv.slice(2);
  let want = args.includes('--all') ? Object.keys(targets) : args.filter((a) => !a.startsWith('-'));
  if (want.length === 0) {
    want = [hostTarget()];
  }
  for (const t of want) {
    if (!targets[t]) {
      fail(`unknown target ${t} (known: ${Object.keys(targets).join(', ')})`);
    }
  }
  // This machine's target last: bin/ then holds a binary that runs here.
  want = [...new Set(want)].sort((a, b) => (a === hostTarget()) - (b === hostTarget()));

  run('npx', ['tsc', '-p', './', '--noEmit']);
  const haveLicense = copyRootFiles();

  fs.mkdirSync(dist, { recursive: true });
  for (const t of want) {
    fs.rmSync(path.join(ext, 'bin'), { recursive: true, force: true });
    build(t);
    const out = path.join(dist, `foresight-${t}.vsix`);
    fs.rmSync(out, { force: true });
    const vsce = ['vsce', 'package', '--target', t, '--no-dependencies', '-o', out];
    if (!haveLicense) {
      vsce.push('--skip-license');
    }
    run('npx', vsce);
    console.error(`package: ${path.relative(ext, out)} (${(fs.statSync(out).size / 1024 / 1024).toFixed(2)} MB)`);
  }
}

/** Copies LICENSE and THIRD_PARTY_NOTICES from the repository root; says whether LICENSE is there. */
function copyRootFiles() {
  let haveLicense = false;
  for (const name of ROOT_FILES) {
    const from = path.join(repo, name);
    const to = path.join(ext, name);
    fs.rmSync(to, { force: true });
    if (fs.existsSync(from)) {
      fs.copyFileSync(from, to);
      haveLicense ||= name === 'LICENSE';
      continue;
    }
    const msg = `the repository has no ${name}: the .vsix goes without it`;
    if (REQUIRE_ROOT_FILES) {
      fail(msg);
    }
    console.error(`package: warning: ${msg}`);
  }
  return haveLicense;
}

function run(cmd, args) {
  const res = spawnSync(cmd, args, { cwd: ext, stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.error || res.status !== 0) {
    fail(`${cmd} ${args.join(' ')} failed${res.error ? `: ${res.error.message}` : ''}`);
  }
}

function fail(msg) {
  console.error(`package: ${msg}`);
  process.exit(1);
}

main();
