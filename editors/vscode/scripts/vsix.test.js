// What each platform's .vsix holds (`npm run test:vsix`, node's test
// runner; scripts/check-vscode runs it after `npm run package:all`):
// the one bundled JavaScript file, the server binary of its target and no
// other (ELF x86-64 or AArch64, Mach-O x86-64 or arm64, PE x86-64, read
// from the header bytes), the target in the manifest, the icon, the
// repository's LICENSE and THIRD_PARTY_NOTICES when it has them, and no
// node_modules, sources or source maps. A .vsix is a zip file: read here
// with zlib, no dependency.
//
// VSIX_DIR (default dist/) is where dist/foresight-<target>.vsix are.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { targets } = require('./build-server');

const ext = path.resolve(__dirname, '..');
const repo = path.resolve(ext, '..', '..');
const dir = process.env.VSIX_DIR || path.join(ext, 'dist');

// The executable format each target's binary must have.
const wantFormat = {
  'linux-x64': 'ELF x86-64',
  'linux-arm64': 'ELF aarch64',
  'darwin-x64': 'Mach-O x86-64',
  'darwin-arm64': 'Mach-O arm64',
  'win32-x64': 'PE x86-64',
};

/** The entries of a zip file: name, Unix mode and a function reading the content. */
function readZip(buf) {
  // End of central directory: the last "PK\5\6" (a comment may follow it).
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  assert.ok(eocd >= 0, 'not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    assert.equal(buf.readUInt32LE(p), 0x02014b50, 'a central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const attrs = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    entries.push({
      name,
      mode: attrs >>> 16,
      read() {
        assert.equal(buf.readUInt32LE(local), 0x04034b50, `the local header of ${name}`);
        const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
        const data = buf.subarray(start, start + csize);
        if (method === 0) {
          return data;
        }
        assert.equal(method, 8, `${name}: compression method ${method}`);
        return zlib.inflateRawSync(data);
      },
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The executable format of a binary from its header bytes, e.g. "ELF x86-64", or "unknown". */
function executableFormat(b) {
  if (b.length >= 20 && b.readUInt32BE(0) === 0x7f454c46) {
    // ELF: EI_CLASS 2 is 64-bit, EI_DATA 1 little-endian; e_machine at 18.
    if (b[4] !== 2 || b[5] !== 1) {
      return 'ELF (not 64-bit little-endian)';
    }
    const machine = { 0x3e: 'x86-64', 0xb7: 'aarch64' }[b.readUInt16LE(18)];
    return `ELF ${machine ?? `machine 0x${b.readUInt16LE(18).toString(16)}`}`;
  }
  if (b.length >= 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    // Mach-O 64-bit, little-endian: cputype at 4.
    const cpu = { 0x01000007: 'x86-64', 0x0100000c: 'arm64' }[b.readUInt32LE(4)];
    return `Mach-O ${cpu ?? `cputype 0x${b.readUInt32LE(4).toString(16)}`}`;
  }
  if (b.length >= 0x40 && b.toString('latin1', 0, 2) === 'MZ') {
    // PE: e_lfanew at 0x3c points at "PE\0\0", then the COFF Machine.
    const pe = b.readUInt32LE(0x3c);
    if (pe + 6 > b.length || b.readUInt32BE(pe) !== 0x50450000) {
      return 'MZ without a PE header';
    }
    const machine = { 0x8664: 'x86-64', 0xaa64: 'arm64', 0x14c: 'i386' }[b.readUInt16LE(pe + 4)];
    return `PE ${machine ?? `machine 0x${b.readUInt16LE(pe + 4).toString(16)}`}`;
  }
  return 'unknown';
}

test('executableFormat tells the formats and architectures apart', () => {
  const elf = (cls, machine) => {
    const b = Buffer.alloc(64);
    b.writeUInt32BE(0x7f454c46, 0);
    b[4] = cls;
    b[5] = 1;
    b.writeUInt16LE(machine, 18);
    return b;
  };
  const macho = (cpu) => {
    const b = Buffer.alloc(32);
    b.writeUInt32LE(0xfeedfacf, 0);
    b.writeUInt32LE(cpu, 4);
    return b;
  };
  const pe = (machine) => {
    const b = Buffer.alloc(0x100);
    b.write('MZ', 0, 'latin1');
    b.writeUInt32LE(0x80, 0x3c);
    b.writeUInt32BE(0x50450000, 0x80);
    b.writeUInt16LE(machine, 0x84);
    return b;
  };
  assert.equal(executableFormat(elf(2, 0x3e)), 'ELF x86-64');
  assert.equal(executableFormat(elf(2, 0xb7)), 'ELF aarch64');
  assert.equal(executableFormat(elf(1, 0x03)), 'ELF (not 64-bit little-endian)');
  assert.equal(executableFormat(macho(0x01000007)), 'Mach-O x86-64');
  assert.equal(executableFormat(macho(0x0100000c)), 'Mach-O arm64');
  assert.equal(executableFormat(pe(0x8664)), 'PE x86-64');
  assert.equal(executableFormat(pe(0xaa64)), 'PE arm64');
  assert.equal(executableFormat(Buffer.from('#!/bin/sh\n')), 'unknown');
});

for (const target of Object.keys(targets)) {
  test(`foresight-${target}.vsix`, () => {
    const file = path.join(dir, `foresight-${target}.vsix`);
    assert.ok(fs.existsSync(file), `no ${file}: run npm run package:all in editors/vscode`);
    const entries = readZip(fs.readFileSync(file));
    const names = entries.map((e) => e.name);
    const byName = new Map(entries.map((e) => [e.name, e]));

    // The manifest names the target.
    const manifest = byName.get('extension.vsixmanifest');
    assert.ok(manifest, 'extension.vsixmanifest');
    assert.match(manifest.read().toString('utf8'), new RegExp(`TargetPlatform="${target}"`));

    // One JavaScript file, the bundle package.json's main points at.
    const pkg = JSON.parse(byName.get('extension/package.json').read().toString('utf8'));
    assert.equal(pkg.main, './out/extension.js');
    assert.deepEqual(names.filter((n) => /\.(c|m)?js$/.test(n)), ['extension/out/extension.js']);
    const bundle = byName.get('extension/out/extension.js').read().toString('utf8');
    assert.ok(bundle.includes('require("vscode")'), 'the bundle requires vscode (external)');
    assert.ok(!/require\("vscode-languageclient/.test(bundle), 'vscode-languageclient is bundled, not required');

    // Nothing of the build.
    for (const n of names) {
      assert.ok(!n.includes('node_modules/'), `${n}: no node_modules`);
      assert.ok(!/\.(ts|map|vsix)$/.test(n) && !n.startsWith('extension/src/') && !n.startsWith('extension/scripts/'), `${n}: not a build file`);
    }

    // The server binary of this target, and no other.
    const exe = target.startsWith('win32-') ? 'foresight.exe' : 'foresight';
    assert.deepEqual(names.filter((n) => n.startsWith('extension/bin/')), [`extension/bin/${target}/${exe}`]);
    const bin = byName.get(`extension/bin/${target}/${exe}`);
    assert.equal(executableFormat(bin.read()), wantFormat[target], `bin/${target}/${exe}`);
    if (!target.startsWith('win32-')) {
      assert.equal(bin.mode & 0o111, 0o111, `bin/${target}/${exe} is executable (mode ${bin.mode.toString(8)})`);
    }

    // The icon, the language configuration, the repository's legal files.
    assert.equal(pkg.icon, 'images/icon.png');
    assert.ok(byName.has('extension/images/icon.png'), 'the icon');
    assert.ok(byName.has('extension/language-configuration.json'), 'language-configuration.json');
    assert.equal(pkg.license, 'Apache-2.0');
    // vsce names a LICENSE without extension LICENSE.txt.
    assert.equal(byName.has('extension/LICENSE.txt'), fs.existsSync(path.join(repo, 'LICENSE')), 'LICENSE when the repository has one');
    assert.equal(byName.has('extension/THIRD_PARTY_NOTICES'), fs.existsSync(path.join(repo, 'THIRD_PARTY_NOTICES')), 'THIRD_PARTY_NOTICES when the repository has one');
  });
}
