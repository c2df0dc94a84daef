// Bundles the extension with esbuild into one file, out/extension.js:
// src/extension.ts and what it imports, vscode-languageclient included, so
// the .vsix carries no node_modules. `vscode` is the editor's and stays
// external. Run by vsce before it packs (vscode:prepublish) and by
// `npm run compile`; type checking is tsc's (npm run typecheck).
// `node scripts/bundle.js --watch` (npm run watch) rebuilds on changes.
'use strict';
const esbuild = require('esbuild');
const path = require('path');

const ext = path.resolve(__dirname, '..');

const options = {
  absWorkingDir: ext,
  entryPoints: ['src/extension.ts'],
  outfile: 'out/extension.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20', // VS Code 1.91, the oldest engines.vscode allows, runs Node 20
  external: ['vscode'],
  // Short, and still readable in a stack trace: names are kept.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked', // out/extension.js.map, left out of the .vsix
  logLevel: 'warning',
  metafile: true,
};

if (process.argv.includes('--watch')) {
  esbuild
    .context({ ...options, logLevel: 'info' })
    .then((ctx) => ctx.watch())
    .catch(() => process.exit(1));
} else {
  esbuild
    .build(options)
    .then((res) => {
      const inputs = Object.keys(res.metafile.inputs).length;
      const bytes = res.metafile.outputs['out/extension.js'].bytes;
      console.error(`bundle: out/extension.js (${inputs} modules, ${(bytes / 1024).toFixed(0)} KB)`);
    })
    .catch(() => process.exit(1));
}
