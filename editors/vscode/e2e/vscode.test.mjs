// End-to-end tests of the packaged extension in the real VS Code workbench:
// code-server 4.100.3 (VS Code 1.100.3) with a fresh profile, driven by
// playwright-core in Debian's Chromium. scripts/e2e-vscode installs
// everything and runs this file with `node --test`; it can also be run
// alone once ../dist/foresight-<platform>-<arch>.vsix and node_modules exist:
//
//   node --test --test-reporter=spec editors/vscode/e2e/vscode.test.mjs
//
// The scenarios run in order on one workspace (a Foundry project with
// examples/SequenceFoo.sol, whose assert on line 17 fails after
// setY(42), copyY(), bar()), and issue 45's vault and its test
// (lsp/testdata/vault), each a step with 60 s waits. A failing step
// saves <step>-failed.png; every run saves finding.png (squiggle and
// Problems panel), finding-hover.png, coverage.png, replay.png, foundry-test.png,
// fixed.png, mutant-hint.png, missing-binary.png and restricted-mode.png, plus the server, code-server and
// extension host logs, in ./artifacts/.
//
// Environment: E2E_VSIX (default ../dist/foresight-<platform>-<arch>.vsix), E2E_CHROMIUM
// (default /usr/bin/chromium), E2E_PGID_FILE (where the code-server
// process group id is written, for the caller's trap), E2E_KEEP=1 keeps
// the temporary profile and workspace.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const artifacts = path.join(here, 'artifacts');
const vsix = process.env.E2E_VSIX || path.join(here, '..', 'dist', `foresight-${process.platform}-${process.arch}.vsix`);
const chromiumPath = process.env.E2E_CHROMIUM || '/usr/bin/chromium';
const codeServer = path.join(here, 'node_modules', '.bin', 'code-server');
// Deadlines on conditions, scaled by how busy the machine is when the run
// starts (the one-minute load per core, at least 1, at most 4): a loaded CI
// runner or laptop gets longer waits, never shorter ones. E2E_TIMEOUT_SCALE
// overrides the measured factor.
const SCALE = Number(process.env.E2E_TIMEOUT_SCALE) || Math.min(4, Math.max(1, os.loadavg()[0] / os.cpus().length));
const STEP = Math.round(60_000 * SCALE); // every wait of a step
const TEST = Math.round(150_000 * SCALE); // a whole scenario (several waits)
// code-server's first start unpacks and loads the whole workbench: on a busy
// machine it took over 60 s, so its health check waits longer than a step.
const START = Math.max(STEP, 300_000);

const contract = 'SequenceFoo.sol';
const bugLine = 17; // assert(false) in bar()
// return 1 right after assert(false): it has code (lcov's DA:18) that no
// input can run, so every campaign leaves it unreached, whatever the seed.
const unreachedLine = 18;
const testFile = path.join('test', 'Foresight_SequenceFoo_assert-failure.t.sol');
// Issue 45's scenario (lsp/testdata/vault): Vault.withdraw never lowers
// totalDeposits, so checkSolvency()'s assert fails; test/Vault.t.sol's
// setUp() targets a handler that calls only deposit and withdraw.
const vaultFixture = path.join(repo, 'lsp', 'testdata', 'vault');
const vault = 'Vault.sol';
const vaultBugLine = 24; // assert(address(this).balance >= totalDeposits)
// withdraw's require: the test's invariant notices no mutant of it (its
// removal or `>=` made `>`), so the mutants of an edit there survive.
const vaultGuardLine = 17;

// Settings that make the campaign deterministic: a fixed seed, a budget in
// executions (seed 1 finds the assertion within about 10,000) and one
// worker (lsp/configuration.go). The budget is 60,000 because a save of
// Vault.sol (e1) splits it between the direct campaign and the test's
// suite, and the direct one first replays the saved inputs of the earlier
// steps (about 2,900): at 20,000 its 7,000 fresh executions over two
// contracts missed checkSolvency's assert with seed 1.
const settings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'files.autoSave': 'off',
  'editor.hover.delay': 200,
  'editor.minimap.enabled': false,
  'foresight.seed': 1,
  'foresight.fuzzExecs': 60000,
  'foresight.fuzzBudgetSeconds': 0,
  'foresight.workers': 1,
  // Step e1b saves an edit of the vault: its mutants run after the save's
  // campaign. The earlier saves change no line, so they make none.
  'foresight.mutants': true,
  'foresight.mutantExecs': 2000,
};

let tmp, ws, userDir, extDir, port, cs, browser, page;
let broken = ''; // the first failed step: later ones are skipped
const timings = [];

/** Runs one scenario step: skipped after an earlier failure, screenshot on failure. */
function step(name, fn) {
  test(name, { timeout: TEST }, async (t) => {
    if (broken) {
      t.skip(`after the failure of "${broken}"`);
      return;
    }
    const start = Date.now();
    try {
      await fn();
    } catch (err) {
      broken = name;
      await shot(`${slug(name)}-failed`);
      throw err;
    } finally {
      timings.push(`${name}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
    }
  });
}

before(async () => {
  console.error(`e2e-vscode: deadlines scaled x${SCALE.toFixed(2)} (step ${STEP / 1000} s, scenario ${TEST / 1000} s, code-server start ${START / 1000} s)`);
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  assert.ok(fs.existsSync(vsix), `no ${vsix}: run scripts/e2e-vscode (or npm run package in editors/vscode)`);
  assert.ok(fs.existsSync(codeServer), `no ${codeServer}: run scripts/e2e-vscode --setup-only`);

  // A fresh profile, extensions folder and workspace.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'foresight-vscode-e2e-'));
  userDir = path.join(tmp, 'user');
  extDir = path.join(tmp, 'extensions');
  ws = path.join(tmp, 'ws');
  fs.cpSync(path.join(here, 'fixtures', 'workspace'), ws, { recursive: true });
  // The forge-std stand-in the Go tests use, so the exported test compiles.
  fs.cpSync(path.join(here, '..', '..', '..', 'internal', 'fixtures', 'forge-std'), path.join(ws, 'lib', 'forge-std', 'src'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'src'));
  fs.copyFileSync(path.join(repo, 'examples', contract), path.join(ws, 'src', contract));
  fs.copyFileSync(path.join(vaultFixture, 'src', vault), path.join(ws, 'src', vault));
  fs.mkdirSync(path.join(ws, 'test'), { recursive: true });
  fs.copyFileSync(path.join(vaultFixture, 'test', 'Vault.t.sol'), path.join(ws, 'test', 'Vault.t.sol'));
  fs.mkdirSync(path.join(userDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDir, 'User', 'settings.json'),
    JSON.stringify({ ...settings, 'foresight.serverArgs': ['--log-file', path.join(artifacts, 'server.log'), '-v'] }, null, 2),
  );

  await launch(userDir, ws, ['--disable-workspace-trust'], 'code-server.log');
});

after(async () => {
  await browser?.close().catch(() => {});
  stopCodeServer();
  // Logs: the extension host's (activation, the client), code-server's.
  if (userDir && fs.existsSync(path.join(userDir, 'logs'))) {
    fs.cpSync(path.join(userDir, 'logs'), path.join(artifacts, 'vscode-logs'), { recursive: true });
  }
  if (tmp && !process.env.E2E_KEEP) {
    fs.rmSync(tmp, { recursive: true, force: true });
  } else if (tmp) {
    console.log(`kept ${tmp}`);
  }
  console.log(`timings: ${timings.join('; ')}`);
});

process.on('exit', stopCodeServer);
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
  process.on(sig, () => {
    stopCodeServer();
    if (tmp && !process.env.E2E_KEEP) {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    process.exit(code);
  });
}

step('a. the extension activates and the server starts', async () => {
  // foundry.toml activates the extension before any .sol file is open; the
  // item reads "Foresight: N findings" once the server answered initialize.
  await statusItem(/Foresight: \d+ findings?/).waitFor();
  await assertRunsInstalledExtension();
});

step('b. a saved contract with a bug shows a squiggle and a Problems entry', async () => {
  await openFile(contract);
  const editor = editorOf(contract);
  // Save: the campaign after the save finds the assertion failure.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+S');
  await until(`a squiggle on line ${bugLine}`, () => squiggleOn(editor, bugLine));
  await statusItem(/Foresight: [1-9]\d* findings?/).waitFor();

  // The hover on the squiggle (Show Hover at the cursor: code lenses
  // arriving later move the lines, so no mouse): the message and the
  // failing sequence.
  await goTo(`${bugLine}:14`);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: 'assertion failed' }).first();
  await hover.waitFor();
  await hover.locator('text=SequenceFoo.bar()').first().waitFor();
  await shot('finding-hover');
  await page.keyboard.press('Escape');

  // The Problems panel: the finding with its source, kind and position.
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: new RegExp(`assertion failed[^]*Ln ${bugLine}, Col 13`, 'i') }).first();
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /foresight\W*assert-failure/, 'the Problems entry names its source and kind');
  assert.match(text, /called SequenceFoo\.bar, after \d+ earlier transactions/, 'the Problems entry tells the sequence');
  await shot('finding');
});

step('b2. coverage: green and red bars, the red one\'s hover, lcov.info in .foresight', coverageBars);

step('c. the quick fix "Replay failing sequence" shows the trace', async () => {
  await quickFix(contract, 'Replay failing sequence');
  // The trace opens beside the contract in a read-only document.
  await page.locator('.tab', { hasText: `Replay ${contract}:${bugLine}` }).first().waitFor();
  const trace = page.locator('.monaco-editor .view-lines', { hasText: 'SequenceFoo.bar()' }).first();
  await trace.waitFor();
  const text = (await trace.innerText()).replace(/\u00a0/g, ' '); // Monaco renders spaces as nbsp
  // The sequence depends on the engine (setY(42), copyY(), bar() today);
  // it ends with bar() failing its assert.
  for (const want of ['[1] block', 'SequenceFoo.bar()', 'panic 0x01 (assertion failed)']) {
    assert.ok(text.includes(want), `the trace shows ${want}:\n${text}`);
  }
  await shot('replay');
});

step('d. "Export as Foundry test" creates the test file', async () => {
  await quickFix(contract, 'Export as Foundry test');
  const file = path.join(ws, testFile);
  await until(`${testFile} on disk`, () => fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes('SequenceFoo'));
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /import .*forge-std\/Test\.sol/, 'the test imports forge-std');
  assert.match(text, /contract \w+ is Test/, 'the test is a forge-std Test');
  // ...and it is open in an editor.
  await editorOf(path.basename(testFile)).locator('.view-lines', { hasText: 'forge-std/Test.sol' }).waitFor();
  await shot('foundry-test');
});

step('d2. the palette commands Show Findings and Fuzz Function at Cursor work', async () => {
  await runCommand('Foresight: Show Findings');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: new RegExp(`assertion failed[^]*SequenceFoo\\.sol:${bugLine}`, 'i') }).first().waitFor();
  await page.keyboard.press('Escape');

  // The cursor in bar(): the server runs a campaign focused on it.
  await focusEditor(contract);
  await goTo(`${bugLine}:14`);
  await runCommand('Foresight: Fuzz Function at Cursor');
  await until('a campaign focused on SequenceFoo.bar in the server log', () =>
    /campaign\s.*"focus": \["SequenceFoo\.bar"\]/.test(fs.readFileSync(path.join(artifacts, 'server.log'), 'utf8')),
  );
  await statusItem(/Foresight: \d+ findings?/).waitFor();
});

step('e. fixing the bug and saving clears the finding', async () => {
  await focusEditor(contract);
  await goTo(`${bugLine}`);
  await page.keyboard.press('Control+Shift+K'); // delete the assert(false) line
  await page.keyboard.press('Control+S');
  const file = path.join(ws, 'src', contract);
  await until('the fix saved', () => !fs.readFileSync(file, 'utf8').includes('assert(false)'));
  // The run after the save ends, and the finding is gone from the Problems
  // panel and the editor.
  await statusItem(/Foresight: \d+ findings?/).waitFor();
  await page.waitForFunction(
    (line) => ![...document.querySelectorAll('.markers-panel .monaco-list-row')].some((r) => r.textContent.toLowerCase().includes('assertion failed') && r.textContent.includes(`Ln ${line}, Col 13`)),
    bugLine,
  );
  const left = await page.locator('.markers-panel .monaco-list-row', { hasText: /foresight\W*[a-z0-9-]+\W*\[Ln/ }).allTextContents();
  if (left.length > 0) {
    console.log(`other findings after the fix:\n  ${left.join('\n  ')}`);
  }
  // Only lines in view are drawn: reveal the line, so that no squiggle
  // means none there.
  await goTo(`${bugLine}`);
  assert.ok(await lineInView(editorOf(contract), bugLine), `line ${bugLine} is in view`);
  assert.ok(!(await squiggleLines(editorOf(contract))).includes(bugLine), `no squiggle left on line ${bugLine}`);
  await shot('fixed');
});

step('e1. issue 45: a save finds a bug the test\'s set-up never calls; each lens has its own figures', async () => {
  // Only the vault is saved; its test's setUp() reaches it but calls only
  // deposit and withdraw. The save runs the direct campaign beside the
  // set-up's, as foresight check does, and finds checkSolvency's assert.
  await openFile(vault);
  const editor = editorOf(vault);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+S');
  // The editor draws only the lines in view, and the code lenses the
  // campaign adds push line 24 below the fold of a short window: reveal
  // the line before each look (a lens drawn first once hid the squiggle
  // for the whole wait).
  await until(`a squiggle on line ${vaultBugLine} of ${vault}`, () => squiggleOn(editor, vaultBugLine));
  await statusItem(/Foresight: [1-9]\d* findings?/).waitFor();
  // Each function's lens shows its own calls, not the campaign's total.
  let figures = [];
  await until('a lens with its own calls on each function', async () => {
    // The lenses are drawn only in view: show the file from its top.
    await goTo('1');
    const texts = await editor.locator('.codelens-decoration').allInnerTexts();
    figures = texts.flatMap((t) => t.replace(/\u00a0/g, ' ').split('|')).map((t) => t.trim()).filter((t) => /^\d+ calls?:/.test(t));
    // A lens drawn before the save's campaigns ended may still show an
    // earlier run's figures: wait for the campaign's own, which differ.
    return figures.length >= 3 && new Set(figures.map((f) => f.split(':')[0])).size >= 2;
  });
  assert.ok(new Set(figures.map((f) => f.split(':')[0])).size >= 2, `the lenses differ per function: ${figures.join('; ')}`);
  // The Output channel says each campaign in words.
  await until('the campaigns in the Foresight output', () => /fuzzed directly: /.test(outputChannelLog()) && /fuzzed from VaultTest \(invariant suite Vault\.t\.sol\)/.test(outputChannelLog()));
  await shot('issue45-vault');
});

step('e1b. with foresight.mutants on, a saved edit gets a hint where no property notices a mutant', async () => {
  await focusEditor(vault);
  await goTo(`${vaultGuardLine}`);
  await page.keyboard.press('End');
  await page.keyboard.type(' // the caller can pay');
  await page.keyboard.press('Control+S');
  const file = path.join(ws, 'src', vault);
  await until('the edit saved', () => fs.readFileSync(file, 'utf8').includes('// the caller can pay'));
  // After the save's campaign, the line's mutants are fuzzed against the
  // suite; a survivor is an Information diagnostic in the Problems panel.
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: new RegExp(`no property notices if [^]*Ln ${vaultGuardLine}, Col`) }).first();
  await row.waitFor({ timeout: TEST });
  assert.match(await row.innerText(), /foresight-mutants/, 'the hint has its own source');
  await shot('mutant-hint');
  const col = Number((await row.innerText()).match(new RegExp(`Ln ${vaultGuardLine}, Col (\\d+)`))[1]);
  // The function's lens counts its mutants' verdicts.
  const editor = editorOf(vault);
  await goTo(`${vaultGuardLine - 3}`);
  await until('a mutants lens with its counts', async () =>
    (await editor.locator('.codelens-decoration').allInnerTexts()).some((t) => /mutants: \d+ killed, [1-9]\d* survived, \d+ not reached/.test(t.replace(/\u00a0/g, ' '))));
  await shot('mutant-lens');
  // "Show mutant" opens the mutant beside the file as a diff.
  await quickFixAt(vault, vaultGuardLine, col, 'Show mutant');
  await page.locator('.tab', { hasText: 'Mutant ' }).first().waitFor({ timeout: TEST });
  await shot('mutant-diff');
  // "Add a property skeleton" puts an invariant stub in the suite, unsaved.
  await quickFixAt(vault, vaultGuardLine, col, 'Add a property skeleton for this line');
  await editorOf('Vault.t.sol').locator('.view-lines', { hasText: 'TODO' }).first().waitFor({ timeout: TEST });
  await shot('mutant-skeleton');
  // The stub is the author's to finish: drop it so later steps see the suite as it was.
  await focusEditor('Vault.t.sol');
  await runCommand('File: Revert File');
  await until('the suite reverted', async () => !(await editorOf('Vault.t.sol').locator('.view-lines', { hasText: 'TODO' }).count()));
});

step('t. the Test Explorer lists the invariants; running one shows its failure and sequence; coverage through the API', async () => {
  // A suite whose invariant breaks after any deposit (lsp/testdata/
  // testitems), added now so that the earlier saves split their budget as
  // they did; a save of it lists it (the extension refreshes on save).
  fs.copyFileSync(path.join(repo, 'lsp', 'testdata', 'testitems', 'Drained.t.sol'), path.join(ws, 'test', 'Drained.t.sol'));
  await openFile('Drained.t.sol');
  const editor = editorOf('Drained.t.sol');
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+S');
  await runCommand('Focus on Test Explorer View');
  await page.locator('.monaco-list-row', { hasText: 'Invariant suites' }).first().waitFor();
  // Each invariant is an item: VS Code draws a run glyph on its line.
  await focusEditor('Drained.t.sol');
  await until('run glyphs on both invariants', async () => (await editor.locator('[class*="codicon-testing-run"]').count()) >= 2);
  await shot('test-explorer');
  // Run the broken one from its line: the suite's campaign, then the
  // failure at the invariant with the failing sequence.
  await goTo(`${lineOf(path.join(ws, 'test', 'Drained.t.sol'), 'function invariant_noDeposits') + 1}:14`);
  await runCommand('Test: Run Test at Cursor');
  // The Test Results view lists the failure's message under the
  // invariant; selected, it shows in full (in an editor: spaces may be
  // non-breaking).
  const msg = page.locator('.monaco-list-row', { hasText: /Invariant invariant_noDeposits failed/ }).first();
  await msg.waitFor({ timeout: TEST });
  // The sender and the length of the sequence are the engine's (two
  // campaigns may each report one); it deposits into the vault. The
  // results tree is redrawn as the run ends, which can drop a selection
  // made just before: select the row again until its message shows.
  await until('the failure with its sequence', async () => {
    if ((await page.getByText(/Failing\ssequence:/).count()) > 0 && (await page.getByText(/\d+\.\sfrom\s[^:\n]+:\sVault\.deposit/).count()) > 0) {
      return true;
    }
    await msg.click({ timeout: STEP }).catch(() => {});
    return false;
  }).catch(async (err) => {
    // Say what the panel showed instead.
    const shown = await page.locator('.part.panel').innerText({ timeout: 5_000 }).catch((e) => `(unreadable: ${e.message})`);
    throw new Error(`${err.message}; the panel shows:\n${shown}`);
  });
  await shot('test-failure');
  await page.keyboard.press('Escape');
  // With coverage: the run's statement and function coverage through
  // the coverage API (the Test Coverage view lists the files).
  await focusEditor('Drained.t.sol');
  await runCommand('Test: Run Test at Cursor with Coverage');
  const row = page.locator('.test-coverage-list-item', { hasText: 'Vault.sol' }).first();
  await row.waitFor({ timeout: TEST });
  assert.match(await row.innerText(), /\d+(\.\d+)?%/, 'the file has a coverage percentage');
  await shot('coverage-api');
});

step('e2. a crashed server is restarted', async () => {
  const pids = spawnSync('pgrep', ['-g', String(cs.pid), '-f', 'foresight lsp'], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean);
  assert.equal(pids.length, 1, `one foresight lsp in code-server's process group: ${pids}`);
  process.kill(Number(pids[0]), 'SIGKILL');
  await until('the restart in the Foresight output', () => /restarting \(1 of 4\)/.test(outputChannelLog()));
  await until('a new server process', () => {
    const now = spawnSync('pgrep', ['-g', String(cs.pid), '-f', 'foresight lsp'], { encoding: 'utf8' }).stdout.trim();
    return now !== '' && now !== pids[0];
  });
  // The new server answered initialize (its log is appended to).
  const initializes = () => (fs.readFileSync(path.join(artifacts, 'server.log'), 'utf8').match(/\tinitialize\t/g) ?? []).length;
  await until('the restarted server initialized', () => initializes() >= 2);
  await statusItem(/Foresight: \d+ findings?/).waitFor();
});

step('f. a missing server binary gives an actionable error', async () => {
  // The user sets foresight.path to a file that does not exist in the
  // Settings editor: the extension restarts the server, fails to find it
  // and says what to do.
  await runCommand('Preferences: Open User Settings');
  await page.locator('.settings-editor').waitFor();
  await page.locator('.settings-editor .suggest-input-container').click();
  await page.keyboard.type('foresight.path');
  const setting = page.locator('.settings-editor .setting-item-contents', { hasText: 'Path of the foresight binary' }).first();
  await setting.waitFor();
  await setting.locator('input').fill('/nonexistent/foresight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+W'); // close the Settings editor
  await page.locator('.settings-editor').waitFor({ state: 'hidden' });
  await statusItem(/Foresight: no server binary/).waitFor();
  const toast = page.locator('.notification-toast', { hasText: 'foresight.path is set to' }).first();
  await toast.waitFor();
  await shot('missing-binary');
  await toast.locator('.monaco-button', { hasText: 'Open Settings' }).click();
  await page.locator('.settings-editor').waitFor();
  await page.locator('.settings-editor .setting-item-contents', { hasText: 'Path of the foresight binary' }).first().waitFor();
});

step('g. a folder opened in Restricted Mode runs none of its executables', async () => {
  // A second code-server with workspace trust on, on a folder whose
  // foundry.toml and .vscode/settings.json name evil.sh, which leaves a
  // marker when it runs at all (docs/security.md).
  stopCodeServer();
  await page.context().close();
  const hostile = path.join(tmp, 'hostile');
  const marker = path.join(tmp, 'EVIL-RAN');
  const evil = path.join(hostile, 'evil.sh');
  fs.mkdirSync(path.join(hostile, 'src'), { recursive: true });
  fs.mkdirSync(path.join(hostile, '.vscode'));
  fs.writeFileSync(evil, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(hostile, 'foundry.toml'), `[profile.default]\nsrc = "src"\nsolc = "${evil}"\n`);
  fs.writeFileSync(path.join(hostile, '.vscode', 'settings.json'), JSON.stringify({ 'foresight.solcPath': evil }));
  fs.copyFileSync(path.join(repo, 'examples', contract), path.join(hostile, 'src', contract));
  const profile = path.join(tmp, 'user-restricted');
  const serverLog = path.join(artifacts, 'server-restricted.log');
  fs.mkdirSync(path.join(profile, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(profile, 'User', 'settings.json'),
    JSON.stringify(
      {
        ...settings,
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never', // untrusted: Restricted Mode, no dialog
        'foresight.serverArgs': ['--log-file', serverLog, '-v'],
      },
      null,
      2,
    ),
  );
  await launch(profile, hostile, [], 'code-server-restricted.log');
  await statusItem(/Foresight: \d+ findings?/).waitFor();
  await openFile(contract);
  await editorOf(contract).locator('.view-lines').click();
  await page.keyboard.press('Control+S');
  const serverText = () => (fs.existsSync(serverLog) ? fs.readFileSync(serverLog, 'utf8') : '');
  await until('the server ignoring the project\'s compiler', () => serverText().includes("untrusted workspace: ignoring the project's compiler"));
  // A campaign starts only after a clean compile: the user's compiler ran.
  await until('a campaign in the server log', () => /\tcampaign\t/.test(serverText()));
  await shot('restricted-mode');
  assert.ok(!fs.existsSync(marker), 'evil.sh ran in Restricted Mode');
  assert.match(serverText(), /"trusted": false/);
});

// --- helpers ---

/** Fails unless the extension and its server run from the .vsix installed
 * into extDir: the extension's path and the server binary it started (its
 * output channel), the running server's executable (/proc), and no trace
 * of the development folder in the profile. */
async function assertRunsInstalledExtension() {
  // Symlinks resolved: a link in extDir to the development folder fails.
  const inside = (p) => fs.realpathSync(p).startsWith(fs.realpathSync(extDir) + path.sep);
  // The output channel reaches its log file a little later.
  await until('the extension path and the server in the Foresight output', () => /\] extension .* at [^]*\] starting /.test(outputChannelLog()));
  const log = outputChannelLog();
  const at = log.match(/\[foresight\] extension \S+ at (.+)/);
  assert.ok(at, `the extension logs its path:\n${log}`);
  assert.ok(inside(at[1].trim()), `the extension runs from ${at[1]} (${fs.realpathSync(at[1].trim())}), not from the extensions folder ${extDir}`);
  const started = log.match(/\[foresight\] starting (\S+) .*\((bundled|PATH|setting foresight\.path)\)/);
  assert.ok(started, `the extension logs the server it starts:\n${log}`);
  assert.equal(started[2], 'bundled', 'the server is the binary bundled in the .vsix');
  assert.ok(inside(started[1]), `the server ${started[1]} is inside ${extDir}`);
  const pids = spawnSync('pgrep', ['-g', String(cs.pid), '-f', 'foresight lsp'], { encoding: 'utf8' }).stdout.trim().split(/\s+/).filter(Boolean);
  assert.equal(pids.length, 1, `one foresight lsp in code-server's process group: ${pids}`);
  const exe = fs.readlinkSync(`/proc/${pids[0]}/exe`);
  assert.ok(inside(exe), `the running server is ${exe}, not a binary inside ${extDir}`);
  // The profile and the extensions folder never name editors/vscode (but
  // for the server log the settings put in e2e/artifacts).
  const dev = path.join(repo, 'editors', 'vscode');
  for (const f of [path.join(userDir, 'User', 'settings.json'), path.join(extDir, 'extensions.json')]) {
    assert.ok(fs.existsSync(f), `${f} exists`);
    const text = fs.readFileSync(f, 'utf8').replaceAll(JSON.stringify(artifacts).slice(1, -1), '');
    assert.ok(!text.includes(dev), `${f} names the development folder ${dev}:\n${text}`);
  }
}

/** Installs the .vsix into a profile, starts code-server on a folder with
 * extra flags and opens the workbench in a new page. */
async function launch(profile, folder, flags, logName) {
  const install = spawnSync(codeServer, ['--user-data-dir', profile, '--extensions-dir', extDir, '--install-extension', vsix], {
    encoding: 'utf8',
    env: codeServerEnv(),
    timeout: STEP,
  });
  fs.writeFileSync(path.join(artifacts, 'install-extension.log'), `${install.stdout}\n${install.stderr}`);
  assert.equal(install.status, 0, `code-server --install-extension failed:\n${install.stdout}\n${install.stderr}`);

  port = await freePort();
  const log = fs.openSync(path.join(artifacts, logName), 'w');
  cs = spawn(
    codeServer,
    [
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...flags,
      '--disable-getting-started-override',
      '--user-data-dir', profile,
      '--extensions-dir', extDir,
      folder,
    ],
    { detached: true, stdio: ['ignore', log, log], env: codeServerEnv() },
  );
  // detached: code-server leads its own process group (with its file
  // watcher, extension host and our language server).
  if (process.env.E2E_PGID_FILE) {
    fs.writeFileSync(process.env.E2E_PGID_FILE, String(cs.pid));
  }
  await waitHealthy(port);

  browser ??= await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(STEP);
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`);
  await page.locator('.monaco-workbench').waitFor();
}


function codeServerEnv() {
  return {
    ...process.env,
    // No gallery: nothing leaves the machine.
    EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: 'http://127.0.0.1:9/gallery', itemUrl: 'http://127.0.0.1:9/item' }),
  };
}

function stopCodeServer() {
  if (!cs || cs.exitCode !== null || cs.signalCode !== null) {
    return;
  }
  try {
    process.kill(-cs.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    try {
      process.kill(-cs.pid, 0);
    } catch {
      return; // the whole group is gone
    }
    spawnSync('sleep', ['0.1']);
  }
  try {
    process.kill(-cs.pid, 'SIGKILL');
  } catch {
    // gone
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(port) {
  await until(
    'code-server /healthz',
    START,
    () =>
      new Promise((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 1000 }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        });
        req.on('error', () => resolve(false));
        req.on('timeout', () => {
          req.destroy();
          resolve(false);
        });
      }),
  );
}

/** Polls cond (sync or async) every 200 ms for up to STEP ms (or limit ms). */
async function until(what, limit, cond) {
  if (cond === undefined) {
    cond = limit;
    limit = STEP;
  }
  const deadline = Date.now() + limit;
  for (;;) {
    if (await cond()) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${limit / 1000} s waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function shot(name) {
  if (!page) {
    return;
  }
  await page.screenshot({ path: path.join(artifacts, `${name}.png`) }).catch((err) => console.error(`screenshot ${name}: ${err.message}`));
}

function slug(s) {
  return s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 40);
}

/** The zero-based line of the first line of file holding text. */
function lineOf(file, text) {
  const i = fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text));
  assert.ok(i >= 0, `${file} holds ${text}`);
  return i;
}

/** The Foresight status bar item, once its text matches. */
function statusItem(re) {
  return page.locator('.statusbar-item', { hasText: re }).first();
}

/** The editor (in any group) whose active tab is the file. */
function editorOf(name) {
  return page.locator('.editor-group-container', { has: page.locator(`.tab.active[data-resource-name="${name}"]`) }).locator('.monaco-editor').first();
}

async function openFile(name) {
  // A file written into the workspace a moment ago reaches Quick Open's
  // index only once VS Code's watcher has seen it: ask again until it is
  // listed, within a generous deadline, rather than once.
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first();
  const deadline = Date.now() + 180_000;
  for (;;) {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(name);
    try {
      await row.waitFor({ timeout: 15_000 });
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await page.keyboard.press('Escape');
    }
  }
  await page.keyboard.press('Enter');
  await page.locator(`.tab.active[data-resource-name="${name}"]`).first().waitFor();
  await editorOf(name).locator('.view-lines').waitFor();
}

/** Brings the file's tab to the front and focuses its editor. */
async function focusEditor(name) {
  const tab = page.locator(`.tab[data-resource-name="${name}"]`).first();
  await tab.click();
  await page.locator(`.tab.active[data-resource-name="${name}"]`).first().waitFor();
  // Clicking a tab focuses its editor.
  await editorOf(name).locator('textarea.inputarea, .native-edit-context').first().waitFor({ state: 'attached' });
  await page.waitForFunction((n) => document.activeElement?.closest('.editor-group-container')?.querySelector(`.tab.active[data-resource-name="${n}"]`), name);
}

/** The Foresight output channel, as the extension host logs it. */
function outputChannelLog() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        walk(p);
      } else if (/(^|-)Foresight\.log$/.test(e.name)) {
        // A log channel's file is exthost/EXTENSION-ID/Foresight.log.
        out.push(fs.readFileSync(p, 'utf8'));
      }
    }
  };
  walk(path.join(userDir, 'logs'));
  return out.join('\n');
}

/** Runs a command from the Command Palette by its title. */
async function runCommand(title) {
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Go to Line: "17" or "17:14". */
async function goTo(where) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`:${where}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

/** Puts the cursor on the finding and runs one of its quick fixes. */
async function quickFix(name, title) {
  await quickFixAt(name, bugLine, 14, title);
}

/** Puts the cursor at line:col of name and runs the quick fix whose
 * title contains title. */
async function quickFixAt(name, line, col, title) {
  await focusEditor(name);
  await goTo(`${line}:${col}`);
  // The cursor is on the diagnostic before the menu is asked for.
  await page.locator('.statusbar-item', { hasText: `Ln ${line}, Col ${col}` }).first().waitFor();
  // VS Code answers Ctrl+. from the lightbulb's code-action request for the
  // cursor; when that request is replaced while in flight (the cursor just
  // moved), it shows "No code actions available" without asking the server
  // again. A user presses Ctrl+. again; so does the test, a bounded number of
  // times, and fails if the entry never appears.
  const row = page.locator('.action-widget .monaco-list-row', { hasText: title }).first();
  const none = page.locator('.monaco-editor-overlaymessage', { hasText: 'No code actions available' }).first();
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+.');
    await row.or(none).waitFor();
    if (await row.isVisible()) {
      break;
    }
    assert.ok(attempt < 4, `"${title}" offered in the quick fix menu (VS Code said "No code actions available" ${attempt} times)`);
    await page.keyboard.press('Escape');
    await none.waitFor({ state: 'hidden' });
  }
  // The menu is keyboard-driven (a pointer block covers it): move the focus
  // to the action, then apply it.
  const focused = page.locator('.action-widget .monaco-list-row.focused');
  for (let i = 0; i < 10 && !(await focused.innerText().catch(() => '')).includes(title); i++) {
    await page.keyboard.press('ArrowDown');
  }
  assert.ok((await focused.innerText()).includes(title), `"${title}" is focused in the quick fix menu`);
  await page.keyboard.press('Enter');
  await page.locator('.action-widget').waitFor({ state: 'hidden' });
}

/** Whether the editor draws 1-based line `line` (it draws only those in view). */
async function lineInView(editor, line) {
  return editor.evaluate((ed, n) => [...ed.querySelectorAll('.margin-view-overlays .line-numbers')].some((l) => Number(l.textContent.trim()) === n), line);
}

/** Whether the active editor has an error squiggle on 1-based line `line`,
 * after moving the cursor there: code lenses drawn later move lines out
 * of view, and the editor draws only those in view. */
async function squiggleOn(editor, line) {
  await goTo(`${line}`);
  return (await squiggleLines(editor)).includes(line);
}

/** The 1-based line numbers of the error squiggles in an editor, read off
 * the line-number gutter at the same height. */
async function squiggleLines(editor) {
  return editor.evaluate((ed) => {
    const lines = [];
    for (const sq of ed.querySelectorAll('.view-overlays .squiggly-error')) {
      const top = sq.parentElement.style.top;
      for (const ln of ed.querySelectorAll('.margin-view-overlays > div')) {
        if (ln.style.top === top) {
          lines.push(Number(ln.querySelector('.line-numbers')?.textContent.trim()));
        }
      }
    }
    return lines;
  });
}

/** Step b2: the campaign of step b reached the bug's line and could not
 * reach the line after its assert(false); the extension draws a green bar
 * on the one and a red bar with its hover on the other (src/coverage.ts,
 * from foresight/coverage), and the server wrote .foresight/lcov.info with
 * the one hit and the other at 0. Defined apart from the other steps to
 * keep merges simple. */
async function coverageBars() {
  await focusEditor(contract);
  const editor = editorOf(contract);
  await until(`a green coverage bar on line ${bugLine}`, () => coverageBarOn(editor, bugLine, green));
  await until(`a red coverage bar on line ${unreachedLine}`, () => coverageBarOn(editor, unreachedLine, red));
  // The red bar's hover (Show Hover at the cursor, as in step b: whole-line
  // decorations give their hover anywhere on the line).
  await goTo(`${unreachedLine}:13`);
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  await page.locator('.monaco-hover:not(.hidden)', { hasText: 'no input of the last run reached this line' }).first().waitFor();
  await shot('coverage');
  await page.keyboard.press('Escape');
  const lcov = path.join(ws, '.foresight', 'lcov.info');
  const record = () => (fs.existsSync(lcov) ? fs.readFileSync(lcov, 'utf8').match(new RegExp(`SF:src/${contract}\n(?:(?!end_of_record).*\n)*?end_of_record`))?.[0] ?? '' : '');
  await until(`.foresight/lcov.info with line ${bugLine} hit and line ${unreachedLine} at 0`, () =>
    new RegExp(`^DA:${bugLine},[1-9]`, 'm').test(record()) && new RegExp(`^DA:${unreachedLine},0$`, 'm').test(record()));
}

// The bars' border colors as getComputedStyle reports them (src/coverage.ts).
const green = 'rgba(56, 160, 80, 0.75)';
const red = 'rgba(220, 70, 60, 0.85)';

/** Whether the editor draws a coverage bar of the color on 1-based line
 * `line`, after moving the cursor there: only lines in view are drawn,
 * and code lenses arriving later move lines out of view. */
async function coverageBarOn(editor, line, color) {
  await goTo(`${line}`);
  return (await coverageBarLines(editor, color)).includes(line);
}

/** The 1-based lines of an editor whose whole-line decoration has a solid
 * left border of the given computed color (the coverage bars). */
async function coverageBarLines(editor, color) {
  return editor.evaluate((ed, want) => {
    const lines = [];
    for (const el of ed.querySelectorAll('.view-overlays > div > div')) {
      const cs = getComputedStyle(el);
      if (cs.borderLeftStyle !== 'solid' || cs.borderLeftColor !== want) {
        continue;
      }
      const top = el.parentElement.style.top;
      for (const ln of ed.querySelectorAll('.margin-view-overlays > div')) {
        if (ln.style.top === top) {
          lines.push(Number(ln.querySelector('.line-numbers')?.textContent.trim()));
        }
      }
    }
    return lines;
  }, color);
}
